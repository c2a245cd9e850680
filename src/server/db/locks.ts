// Read-then-write rules (a full session cannot be over-joined; a plan's session cap cannot be
// exceeded by two clicks) need the check and the write to be one step. On SQLite every
// transaction begins IMMEDIATE and transactions run one at a time, so the rule holds as
// written. On PostgreSQL two transactions may both read "one place left"; taking a
// transaction-scoped advisory lock on what the rule guards (the game session, the game master)
// before reading makes the second wait for the first to commit.
import { sql } from 'drizzle-orm';
import type { Tx } from './types';
import { dialectOf } from './connection-handle';
import { rawRun } from './raw';

/** What a lock guards: a game session's players, or a game master's sessions. */
export type LockScope = 'game-session' | 'gamemaster';

/** Serializes, until `tx` ends, the transactions that lock the same scope and id. Call it before the reads. */
export async function lockFor(tx: Tx, scope: LockScope, id: number | string): Promise<void> {
  if (dialectOf(tx) !== 'pg') return;
  await rawRun(tx, sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${scope}:${id}`}, 0))`);
}
