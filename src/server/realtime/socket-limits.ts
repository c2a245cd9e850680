// Bounded work per socket and per client, for both socket doors (/trpc and /ws); see
// docs/decisions/700-bounded-sockets-and-replay.md. A connection keeps only a few numbers
// and one key (fields of its own class, no closure): the counts live in one map per server.
import type { WebSocket } from 'ws';
import { SOCKETS_PER_ADDRESS_MAX, SOCKETS_PER_SIGN_IN_MAX, WS_MAX_BUFFERED_BYTES, WS_MAX_FRAMES_PER_SECOND } from './limits';

/** A connection's inbound rate: the start of its one-second window and the frames heard in it. */
export type FrameWindow = { windowStart: number; framesInWindow: number };

/** Counts one more inbound frame; true when the socket has sent more than WS_MAX_FRAMES_PER_SECOND this second. */
export function overFrameRate(window: FrameWindow, now: number): boolean {
  if (now - window.windowStart >= 1000) {
    window.windowStart = now;
    window.framesInWindow = 0;
  }
  window.framesInWindow += 1;
  return window.framesInWindow > WS_MAX_FRAMES_PER_SECOND;
}

/**
 * Open sockets by who holds them, known once the upgrade's cookie is looked up: a sign-in
 * (`s:<auth session id>`), or the client address of a signed-out socket (`a:<ip>`). Signed-in
 * sockets are never counted by address, so signed-out sockets cannot crowd out the hunters who
 * share an address (a venue's Wi-Fi, a carrier's NAT).
 */
export class SocketCounts {
  private readonly counts = new Map<string, number>();

  /** Counts a socket under `key`; false (nothing counted) when the key already holds `max`. */
  take(key: string, max: number): boolean {
    const n = this.counts.get(key) ?? 0;
    if (n >= max) return false;
    this.counts.set(key, n + 1);
    return true;
  }

  release(key: string): void {
    const n = this.counts.get(key) ?? 0;
    if (n <= 1) this.counts.delete(key);
    else this.counts.set(key, n - 1);
  }

  count(key: string): number {
    return this.counts.get(key) ?? 0;
  }
}

const byServer = new WeakMap<object, SocketCounts>();

/** The counts shared by both doors of one server (keyed by its deps). */
export function socketCounts(deps: object): SocketCounts {
  let counts = byServer.get(deps);
  if (!counts) {
    counts = new SocketCounts();
    byServer.set(deps, counts);
  }
  return counts;
}

/** A connection's place in SocketCounts: the key it is counted under (null: none). */
export type Counted = { countedAs: string | null };

export const SOCKET_REFUSALS = {
  address: `Too many sockets from this address: at most ${SOCKETS_PER_ADDRESS_MAX} while signed out`,
  signIn: `Too many sockets for this sign-in: at most ${SOCKETS_PER_SIGN_IN_MAX}`,
} as const;

/** Counts a signed-out socket by its address; false (not counted) when the address is at its limit. */
export function countByAddress(counts: SocketCounts, connection: Counted, ip: string): boolean {
  uncount(counts, connection);
  if (!counts.take(`a:${ip}`, SOCKETS_PER_ADDRESS_MAX)) return false;
  connection.countedAs = `a:${ip}`;
  return true;
}

/** Counts a signed-in socket by its sign-in; false (not counted) when the sign-in is at its limit. */
export function countBySignIn(counts: SocketCounts, connection: Counted, authSessionId: string): boolean {
  uncount(counts, connection);
  if (!counts.take(`s:${authSessionId}`, SOCKETS_PER_SIGN_IN_MAX)) return false;
  connection.countedAs = `s:${authSessionId}`;
  return true;
}

/** The socket closed (safe to call more than once). */
export function uncount(counts: SocketCounts, connection: Counted): void {
  if (connection.countedAs === null) return;
  counts.release(connection.countedAs);
  connection.countedAs = null;
}

/**
 * A socket that stops reading (decision 946): its send buffer is its only queue. Past the bound
 * both doors close it with this code and the reason below; the client resumes from its last event id.
 */
export const TOO_FAR_BEHIND = { code: 4008, reason: 'Too far behind: reconnect with lastEventId' } as const;

/** True once a socket holds more unsent bytes than WS_MAX_BUFFERED_BYTES (ws's public bufferedAmount). */
export function tooFarBehind(socket: WebSocket): boolean {
  return socket.bufferedAmount > WS_MAX_BUFFERED_BYTES;
}
