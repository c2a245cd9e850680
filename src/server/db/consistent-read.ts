// Reads that must agree with each other (an export made of several queries) run in one
// transaction that sees one snapshot of the database. On SQLite every transaction does (one
// writer at a time, and this one holds the gate). On PostgreSQL the default READ COMMITTED gives
// each statement its own snapshot, so the transaction asks for REPEATABLE READ first.
import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client';
import { dialectOf } from './connection-handle';
import { rawRun } from './raw';

/** Runs `work` in a transaction whose reads all see the same committed state. */
export function readConsistently<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    if (dialectOf(tx) === 'pg') await rawRun(tx, sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`);
    return work(tx);
  });
}
