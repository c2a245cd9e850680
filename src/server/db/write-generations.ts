// Generations moved by the database's own writes, which caches compare to know they are stale
// (the caches never rely on a service remembering to empty them). On SQLite, TEMP triggers on the
// one connection count every write, cascades included (db/sqlite/*-generation.ts). On PostgreSQL
// no proof covers several processes yet, so there is no generation and the caches stay off (issue
// #27 records the cost; the cluster issue brings invalidation through the event log).
import type { Db } from './types';
import { handleOf } from './connection-handle';
import { sessionRowGeneration } from './sqlite/session-row-generation';
import { outsideWritesNoted, signInGeneration } from './sqlite/sign-in-generation';

/** The sign-in rows' generation (auth_sessions, users, game_sessions); undefined: do not cache. */
export function signInRowsGeneration(db: Db): number | undefined {
  const { sqlite } = handleOf(db);
  return sqlite ? signInGeneration(sqlite) : undefined;
}

/**
 * Notes commits by other connections (a shell, another process) before a sign-in cache read:
 * settles once they are noted, shared by the lookups of one event-loop turn; undefined where
 * there is nothing to note (no SQLite connection of ours), so the caller need not wait.
 */
export function writesFromOutsideNoted(db: Db): Promise<void> | undefined {
  const { sqlite } = handleOf(db);
  return sqlite ? outsideWritesNoted(sqlite) : undefined;
}

/** One game session's rows' generation (game_sessions, session_players); undefined: do not cache. */
export function sessionRowsGeneration(db: Db, sessionId: number): number | undefined {
  const { sqlite } = handleOf(db);
  return sqlite ? sessionRowGeneration(sqlite, sessionId) : undefined;
}
