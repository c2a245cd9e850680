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
