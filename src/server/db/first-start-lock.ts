// First-start data (src/server/seed.ts: the admin, the plans, the species catalogue) is written
// once however many processes start together on one database: each seeding transaction takes this
// lock, then checks whether the data is there, then writes. On SQLite transactions begin IMMEDIATE,
// so they run one at a time across connections already. On PostgreSQL (READ COMMITTED) two
// transactions could both find the table empty; a transaction-scoped advisory lock makes the second
// wait for the first to commit, and its check then sees the first one's rows.
import { sql } from 'drizzle-orm';
import { PG_FIRST_START_LOCK_KEY } from './constants';
import type { Tx } from './types';
import { dialectOf } from './connection-handle';
import { rawRun } from './raw';

/** Serializes, until `tx` ends, the transactions that seed first-start data. Call it before the check. */
export async function lockFirstStart(tx: Tx): Promise<void> {
  if (dialectOf(tx) !== 'pg') return;
  await rawRun(tx, sql`SELECT pg_advisory_xact_lock(${PG_FIRST_START_LOCK_KEY.toString()}::bigint)`);
}
