// What callers outside src/server/db may know about the running database: properties they design
// around (is it shared by several processes? can commits be noticed out of order?), never its
// dialect. The dialect stays here, so a third database would change this file, not the callers.
import { dialectOf } from './connection-handle';
import type { Queryable } from './types';

/**
 * Whether other processes write to this database too (PostgreSQL: a cluster of app processes;
 * SQLite: this process alone). What a process keeps in memory about the tables (caches, rate
 * limits, the event bus's tail) is then only a view of what others may have changed.
 */
export function sharedByProcesses(q: Queryable): boolean {
  return dialectOf(q) === 'pg';
}

/**
 * Whether a transaction's commit may be noticed after a later-started one's (PostgreSQL: pooled
 * connections commit side by side; SQLite: one connection, transactions one after another).
 */
export function commitsMayBeNoticedOutOfOrder(q: Queryable): boolean {
  return dialectOf(q) === 'pg';
}
