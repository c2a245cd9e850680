// Limits and timings of the live sockets and event streams: frames, buffers, replay pages, socket counts,
// the events tailer. The server's plumbing, not game rules (those are in src/domain/rules.ts).

/** /ws: frames a client may send per second before getting an error frame. */
export const WS_MAX_FRAMES_PER_SECOND = 20;
/** Largest /ws frame we read: larger ones get an error frame (the socket itself accepts up to WS_MAX_PAYLOAD_BYTES). */
export const WS_MAX_FRAME_BYTES = 64 * 1024;
/** Beyond this the WebSocket layer closes the connection with 1009 before any handler sees the frame. */
export const WS_MAX_PAYLOAD_BYTES = 1024 * 1024;
/** /ws and subscriptions: a client this far behind is closed and catches up from its last event id. */
export const WS_MAX_BUFFERED_BYTES = 1024 * 1024;
export const STREAM_MAX_QUEUE = 1000;
/** Sockets re-check that their sign-in still exists this often (sign-outs close them at once). */
export const SIGN_IN_RECHECK_MS = 30_000;
/** Events read per query when a reconnecting client catches up. */
export const STREAM_BACKFILL_PAGE = 500;
/** comms.events subscriptions open at once on one tRPC socket (a screen uses one, two while it switches). */
export const TRPC_SOCKET_MAX_SUBSCRIPTIONS = 10;
/** Sockets open at once (tRPC's /trpc and /ws together) per sign-in, and per client address while signed out. */
export const SOCKETS_PER_SIGN_IN_MAX = 20;
export const SOCKETS_PER_ADDRESS_MAX = 20;
/** Close code of a socket refused for one of these limits (4000 + HTTP 429). */
export const WS_CLOSE_TOO_MANY = 4429;
/**
 * A resume (lastEventId) more than this many events of its session(s) behind is not replayed: the
 * subscriber gets 'resync' and reloads the state (as after any reconnect), then follows live events.
 */
export const STREAM_REPLAY_MAX_EVENTS = 1000;
/** Events read per replay page (filtered by audience in SQL); other requests are served between pages. */
export const STREAM_REPLAY_PAGE = 200;
/** The tailer's safety net: it reads the events table this often even when no notification came (decision 881). */
export const EVENT_TAIL_POLL_MS = 1_000;
/** Events the tailer reads per query (it reads again while a page comes back full). */
export const EVENT_TAIL_PAGE = 500;
