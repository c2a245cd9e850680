// The wire between the browser and the server, which both sides must agree on: how the client batches tRPC
// calls and keeps its socket alive, and how a page hands its first reads to the client. Transport, not game
// rules (those are in rules.ts).

/** The client splits a batch whose URL would pass this (path, inputs and all), well inside every server and proxy limit. */
export const TRPC_BATCH_URL_MAX = 4000;
/** The client pings its socket this often, and calls it dead after this long without an answer. */
export const WS_CLIENT_PING_MS = 10_000;
export const WS_CLIENT_PONG_TIMEOUT_MS = 4000;
/** Reconnect delays: 0.5 s, 1 s, 2 s, 4 s, then every 5 s. */
export const WS_CLIENT_RETRY_BASE_MS = 500;
export const WS_CLIENT_RETRY_MAX_MS = 5000;
/**
 * Calls in one tRPC batch: HTTP `maxBatchSize` (GET and POST, the hot-read door included) and one
 * message on tRPC's socket. The web client's largest refetch (a screen going live again) is about
 * ten queries; its httpBatchLink splits at this many (maxItems).
 */
export const TRPC_MAX_BATCH_SIZE = 25;
/**
 * The shared tRPC socket closes this long after its last message once no subscription needs it. Shorter
 * than WS_CLIENT_PING_MS on purpose: both timers restart on every message, and at equal lengths the
 * keep-alive ping fired right after the idle close began, sending on a CLOSING socket (a console error
 * about 10 s after HQ closed a session; found by the past-hunts e2e).
 */
export const WS_CLIENT_LAZY_CLOSE_MS = 5_000;
/** The id of the `<script type="application/json">` with a route's first reads in its HTML (decision 855). */
export const FIRST_READS_ELEMENT_ID = 'dinohunt-first-reads';
/**
 * How long the browser's query cache keeps a first read with nobody showing it yet (decision 855): the
 * page's code runs and draws within a few seconds of the HTML on a slow phone; the spec's cache lifetime (0)
 * would drop it before the screen asks for it.
 */
export const FIRST_READS_KEEP_MS = 15_000;
