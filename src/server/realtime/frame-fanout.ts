// Sending one event's text to many sockets (an event's fan-out), through ws's public API only.
//
// The profile of a broadcast to 5,000 sockets of one session is the write system calls
// (one per message per socket, tens of µs each on this machine). Here an event's text is
// encoded once (a Buffer shared by every socket: ws.send neither copies nor re-encodes it,
// and adds only its 2-10 byte header per socket), and each socket's TCP stream, the
// upgrade request's own `request.socket` (Node's public API), is corked until the end of
// the current task, so the messages of one step (a broadcast publishes new_communication
// and broadcast) reach each socket in ONE write instead of one per message. A socket
// holding HOLD_MAX_BYTES or more is written at once (a long backlog at connect flows to
// the kernel as it did with plain ws.send), and a socket that has heard every event of its
// step (bus.publishAll) is written at once by its feed (writeHeld), so the sockets are
// written one after another as the step reaches them.
//
// Every byte goes through ws.send, so ws keeps its own order (pongs, close frames,
// compression) and `bufferedAmount` counts the held bytes (the back-pressure bound).
// Until issue #41 this wrote complete frames straight to the TCP stream, reading ws's private
// fields to know when ws's sender was idle; decision 945 records why that was dropped and what it cost.
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';

/** An event's text message, UTF-8 encoded once and sent as-is to every socket that sees it. */
export type SharedText = { readonly payload: Buffer };

export function sharedText(text: string): SharedText {
  return { payload: Buffer.from(text) };
}

/**
 * A held socket is written as soon as this much waits: enough to join the few messages of one
 * step, small enough that a burst (a catch-up of thousands of events) is not kept in memory
 * until the task ends, where it would meet the back-pressure bound sooner than it used to.
 */
export const HOLD_MAX_BYTES = 16 * 1024;

/**
 * Sends `text` on an OPEN socket (the caller checks readyState and back-pressure, as for
 * ws.send). `tcp` is the socket's connection (the upgrade request's `socket`): its writes
 * are held until the end of the current task (or until HOLD_MAX_BYTES wait), then go out in
 * one system call with whatever else this task sent it.
 */
export function sendShared(socket: WebSocket, tcp: Socket, text: SharedText): void {
  holdUntilEndOfTask(tcp);
  socket.send(text.payload, { binary: false });
  if (tcp.writableLength >= HOLD_MAX_BYTES) release(tcp);
}

let held = new Set<Socket>();

/** Corks a TCP stream until the current task ends (a microtask), once per task. */
function holdUntilEndOfTask(tcp: Socket): void {
  if (held.has(tcp)) return;
  if (held.size === 0) queueMicrotask(releaseHeld);
  tcp.cork();
  held.add(tcp);
}

/**
 * Writes what a socket holds now, before the task ends (it has every message of its step:
 * bus.publishAll), so the sockets of a broadcast are written one after another as the
 * step reaches each, not all at the end.
 */
export function writeHeld(tcp: Socket): void {
  release(tcp);
}

/** Writes a held stream now (it is held again by its next message). */
function release(tcp: Socket): void {
  if (held.delete(tcp)) tcp.uncork();
}

function releaseHeld(): void {
  const streams = held;
  held = new Set();
  // Uncorking writes (writev); write errors surface on each stream's 'error', as ws's own
  // writes do. Nothing should throw here, but if it did, every other stream still goes out.
  let failure: unknown = null;
  for (const tcp of streams) {
    try {
      tcp.uncork();
    } catch (err) {
      failure ??= err;
    }
  }
  if (failure) throw failure;
}
