// Reads that must agree with each other (an export made of several queries) run in one
// transaction that sees one snapshot of the database. On SQLite every transaction does (one
// writer at a time, and this one holds the gate). On PostgreSQL the default READ COMMITTED gives
// each statement its own snapshot, so the transaction begins REPEATABLE READ.
import type { Db, Tx } from './types';

/** Runs `work` in a read-only transaction whose reads all see the same committed state. */
export function readConsistently<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(work, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}
