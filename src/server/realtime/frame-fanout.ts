// Sending one prebuilt WebSocket frame to many sockets (an event's fan-out).
//
// The profile of a broadcast to 5,000 sockets of one session is the write system calls
// (one per frame per socket, tens of µs each on this machine): ws frames each send itself
// (a header per socket, cork, a 2-buffer writev). Here the complete frame (header and
// payload: unmasked, uncompressed, as a server sends it) is built once per event, and
// each socket's TCP stream is held (corked) until the end of the current task, so the
// frames of one step (a broadcast publishes new_communication and broadcast) reach each
// socket in ONE write instead of one per frame. A socket holding HOLD_MAX_BYTES or more
// is written at once (a long backlog at connect flows to the kernel as it did with ws.send),
// and a socket that has heard every event of its step (bus.publishAll) is written at once
// by its feed (writeHeld), so the sockets are written one after another as the step reaches them.
//
// ws's bookkeeping stays right: bytes go to the same TCP stream ws writes to, so
// `bufferedAmount` counts them (back-pressure), and they are written directly only
// when ws's own sender has nothing queued (compression, a fragmented message), so
// they stay in order with ws's pongs and close frames; otherwise ws.send takes them.
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';

/** A text message framed once: `payload` for ws.send, `wire` (header + payload) for a direct write. */
export type PrebuiltFrame = { readonly payload: Buffer; readonly wire: Buffer };

const FIN_TEXT = 0x81;

/** The complete server-to-client text frame of `payload` (RFC 6455 5.2: FIN, opcode 1, no mask). */
export function prebuiltTextFrame(payload: Buffer): PrebuiltFrame {
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65536 ? 4 : 10;
  const wire = Buffer.allocUnsafe(headerLength + length);
  wire[0] = FIN_TEXT;
  if (length < 126) {
    wire[1] = length;
  } else if (length < 65536) {
    wire[1] = 126;
    wire.writeUInt16BE(length, 2);
  } else {
    wire[1] = 127;
    wire.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(wire, headerLength);
  return { payload, wire };
}

/** The ws internals this relies on (ws 8), checked on each send: anything else takes ws.send. */
type WsInternals = {
  _socket?: Duplex | null;
  _extensions?: Record<string, unknown>;
  _sender?: { _state?: number; _queue?: unknown[]; _firstFragment?: boolean } | null;
};
const SENDER_IDLE = 0;

/**
 * A held socket is written as soon as this much waits: enough to join the few frames of one
 * step, small enough that a burst (a catch-up of thousands of events) is not kept in memory
 * until the task ends, where it would meet the back-pressure bound sooner than it used to.
 */
export const HOLD_MAX_BYTES = 16 * 1024;

/**
 * Sends `frame` on an OPEN socket (the caller checks readyState and back-pressure, as for
 * ws.send). The socket's TCP writes are held until the end of the current task (or until
 * HOLD_MAX_BYTES wait), then go out in one system call with whatever else this task sent it.
 */
export function sendPrebuilt(socket: WebSocket, frame: PrebuiltFrame): void {
  const ws = socket as unknown as WsInternals;
  const tcp = ws._socket;
  if (tcp) holdUntilEndOfTask(tcp);
  const sender = ws._sender;
  const direct =
    tcp &&
    sender?._state === SENDER_IDLE &&
    sender._queue?.length === 0 &&
    sender._firstFragment === true &&
    ws._extensions !== undefined &&
    Object.keys(ws._extensions).length === 0;
  if (direct) tcp.write(frame.wire);
  else socket.send(frame.payload, { binary: false });
  if (tcp && tcp.writableLength >= HOLD_MAX_BYTES) release(tcp);
}

let held = new Set<Duplex>();

/** Corks a TCP stream until the current task ends (a microtask), once per task. */
function holdUntilEndOfTask(tcp: Duplex): void {
  if (held.has(tcp)) return;
  if (held.size === 0) queueMicrotask(releaseHeld);
  tcp.cork();
  held.add(tcp);
}

/**
 * Writes what a socket holds now, before the task ends (it has every frame of its step:
 * bus.publishAll), so the sockets of a broadcast are written one after another as the
 * step reaches each, not all at the end.
 */
export function writeHeld(socket: WebSocket): void {
  const tcp = (socket as unknown as WsInternals)._socket;
  if (tcp) release(tcp);
}

/** Writes a held stream now (it is held again by its next frame). */
function release(tcp: Duplex): void {
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
