// Timers, caches and queues of the services: the scheduler's tick, the GPS purge, the geocoder proxy, the
// shared rate limits, the device lockout list. The server's plumbing, not game rules (src/domain/rules.ts).

/** How often the server deletes positions of sessions that ended GPS_RETENTION_MS ago. */
export const POSITION_PURGE_INTERVAL_MS = 10 * 60 * 1000;
/** How often the server starts due scheduled sessions and ends expired ones. */
export const SCHEDULER_TICK_MS = 1000;
/** Device cookies kept on the lockout list at most (in memory; the oldest entry leaves first). */
export const DEVICE_LOCKOUT_LIST_MAX = 100_000;
/** Nominatim's usage policy: at most one request a second, from the whole server (decision 815). */
export const GEOCODER_MIN_INTERVAL_MS = 1000;
/** How long a geocoder answer is reused for the same query (the policy asks for caching). */
export const GEOCODER_CACHE_TTL_MS = 24 * 60 * 60_000;
/** Answers kept in the cache; the least recently used go first. */
export const GEOCODER_CACHE_ENTRIES = 1000;
/** An upstream answer slower than this counts as no answer (the box then says to paste coordinates). */
export const GEOCODER_TIMEOUT_MS = 6000;
/** Searches waiting for their one-a-second turn; more are refused with 429 rather than queued for minutes. */
export const GEOCODER_QUEUE_MAX = 8;
/** How often each process deletes the rate-limit rows past their end (decision 885): a scan of a small table. */
export const RATE_LIMIT_SWEEP_INTERVAL_MS = 60_000;
/**
 * While the database cannot count a limit, the process counts it in its own memory (decision 886) and
 * says so in its log at most this often.
 */
export const RATE_LIMIT_FALLBACK_WARN_INTERVAL_MS = 60_000;
