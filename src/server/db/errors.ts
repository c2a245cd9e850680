// What a failed query means, in either dialect. Drizzle wraps a driver's error in its own
// (DrizzleQueryError, "Failed query: ..."), the driver's error as its `cause`, so the checks walk
// the chain of causes rather than reading one message.

/** The errors of `err` and its causes, outermost first (a bounded walk: a cause chain may loop). */
function causes(err: unknown): unknown[] {
  const chain: unknown[] = [];
  let current = err;
  while (current !== undefined && current !== null && chain.length < 8 && !chain.includes(current)) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

/**
 * True when a write broke a unique index or primary key: SQLite's SQLITE_CONSTRAINT_UNIQUE /
 * _PRIMARYKEY (better-sqlite3), PostgreSQL's unique_violation (SQLSTATE 23505, node-postgres).
 */
export function isUniqueViolation(err: unknown): boolean {
  return causes(err).some((e) => {
    const code = (e as { code?: unknown }).code;
    return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
  });
}

/** SQLSTATEs that mean the server went away or is not taking connections (not that the query was wrong). */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: `pg_ctl stop/restart -m fast`, pg_terminate_backend
  '57P02', // crash_shutdown: another backend crashed and the server restarts
  '57P03', // cannot_connect_now: the server is starting up or shutting down
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '08006', // connection_failure
]);

/** Socket errors of a connection that could not be made or was cut. */
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/**
 * node-postgres's own words for a connection lost or never made: these errors carry no code.
 * A transaction's ROLLBACK on a dead connection fails with the "not queryable" ones, which then
 * replace the error that killed it.
 */
const UNAVAILABLE_DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Connection terminated due to connection timeout',
];

/**
 * True when a query failed because the database cannot be reached (restarting, stopped, the network
 * cut), not because of the query: the request may simply be tried again in a moment.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  return causes(err).some((e) => {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code))) return true;
    return typeof message === 'string' && UNAVAILABLE_DRIVER_MESSAGES.some((m) => message.startsWith(m));
  });
}

/**
 * True when a write failed for want of disk space: SQLite's SQLITE_FULL (better-sqlite3), a file
 * write's ENOSPC or EDQUOT (uploads), PostgreSQL's disk_full (53100), and libvips (sharp writing an
 * upload's stripped copy), whose errors carry only the system's words.
 */
export function isStorageFull(err: unknown): boolean {
  return causes(err).some((e) => {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT' || code === '53100') return true;
    return typeof message === 'string' && message.includes('No space left on device');
  });
}
