// A per-game-session write counter, kept by the database itself: TEMP triggers on game_sessions
// and session_players call a registered function with the session's id on every insert, update
// and delete, foreign-key cascades included. A cache of a session's rows (the session-access
// lookup, services/session-access-cache.ts) remembers the generation it read at and is stale as
// soon as the session's generation moves, whichever code path wrote. A write to one session
// leaves every other session's generation alone. A commit by another connection (which the triggers do not
// see) moves every session's generation (sign-in-generation.ts, noteOutsideWrites).
import type Database from 'better-sqlite3';

/** One connection's generations. */
export class SessionRowGenerations {
  /** The last generation handed out (each write takes the next one). */
  private last = 0;
  private readonly bySession = new Map<number, number>();
  /** What a session not in bySession reads: moved past every handed-out value when the map is emptied. */
  private floor = 0;

  constructor(private readonly max: number) {}

  /** The session's generation now. */
  of(sessionId: number): number {
    return this.bySession.get(sessionId) ?? this.floor;
  }

  /** A write to the session's rows (the triggers' function). */
  moved(sessionId: number): void {
    if (this.bySession.size >= this.max) this.allMoved();
    this.bySession.set(sessionId, ++this.last);
  }

  /** A write that may have touched any session: every session's generation moves past every value handed out. */
  allMoved(): void {
    this.bySession.clear();
    this.floor = ++this.last;
  }
}

/** Sessions remembered before the map is emptied (every cached entry then misses once). */
export const SESSION_GENERATIONS_MAX = 100_000;

const generations = new WeakMap<Database.Database, SessionRowGenerations>();

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
  const state = new SessionRowGenerations(max);
  generations.set(sqlite, state);
  sqlite.function('dinohunt_session_rows_changed', { deterministic: false }, (sessionId: unknown) => {
    if (typeof sessionId === 'number' || typeof sessionId === 'bigint') state.moved(Number(sessionId));
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

/** This connection's generations; undefined without the triggers (then nothing may be cached). */
export function sessionRowGenerations(sqlite: Database.Database): SessionRowGenerations | undefined {
  return generations.get(sqlite);
}

/** The session's generation on this connection; undefined without the triggers. */
export function sessionRowGeneration(sqlite: Database.Database, sessionId: number): number | undefined {
  return generations.get(sqlite)?.of(sessionId);
}
