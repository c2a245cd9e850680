// A per-game-session write counter, kept by the database itself: TEMP triggers on game_sessions
// and session_players call a registered function with the session's id on every insert, update
// and delete, foreign-key cascades included. A cache of a session's rows (the session-access
// lookup, services/session-access-cache.ts) remembers the generation it read at and is stale as
// soon as the session's generation moves, whichever code path wrote. A write to one session
// leaves every other session's generation alone.
import type Database from 'better-sqlite3';

type Generations = {
  /** The last generation handed out (each write takes the next one). */
  last: number;
  bySession: Map<number, number>;
  /** What a session not in bySession reads: moved past every handed-out value when the map is emptied. */
  floor: number;
};

/** Sessions remembered before the map is emptied (every cached entry then misses once). */
export const SESSION_GENERATIONS_MAX = 100_000;

const generations = new WeakMap<Database.Database, Generations>();

/** The tables whose rows a session-access lookup reads, and the column naming the game session. */
export const SESSION_ROW_TABLES = [
  { table: 'game_sessions', sessionColumn: 'id' },
  { table: 'session_players', sessionColumn: 'session_id' },
] as const;

/**
 * Registers the function and the TEMP triggers on this connection (temp objects live per
 * connection: every connection the app opens calls this, after the migrations).
 */
export function installSessionRowGenerations(sqlite: Database.Database, max = SESSION_GENERATIONS_MAX): void {
  const state: Generations = { last: 0, bySession: new Map(), floor: 0 };
  generations.set(sqlite, state);
  sqlite.function('dinohunt_session_rows_changed', { deterministic: false }, (sessionId: unknown) => {
    if (typeof sessionId !== 'number' && typeof sessionId !== 'bigint') return null;
    if (state.bySession.size >= max) {
      state.bySession.clear();
      state.floor = ++state.last;
    }
    state.bySession.set(Number(sessionId), ++state.last);
    return null;
  });
  for (const { table, sessionColumn } of SESSION_ROW_TABLES) {
    const changed = (row: 'OLD' | 'NEW') => `dinohunt_session_rows_changed(${row}.${sessionColumn})`;
    const bodies = {
      INSERT: `SELECT ${changed('NEW')};`,
      // Both: a row moved to another session (no code does it, the rule holds anyway).
      UPDATE: `SELECT ${changed('OLD')}, ${changed('NEW')};`,
      DELETE: `SELECT ${changed('OLD')};`,
    };
    for (const [event, body] of Object.entries(bodies)) {
      sqlite.exec(
        `CREATE TEMP TRIGGER IF NOT EXISTS dinohunt_session_rows_${table}_${event.toLowerCase()}
           AFTER ${event} ON main.${table} BEGIN ${body} END`,
      );
    }
  }
}

/** The session's generation on this connection; undefined without the triggers (then nothing may be cached). */
export function sessionRowGeneration(sqlite: Database.Database, sessionId: number): number | undefined {
  const state = generations.get(sqlite);
  if (!state) return undefined;
  return state.bySession.get(sessionId) ?? state.floor;
}
