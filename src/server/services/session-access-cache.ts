// The session-access lookup's rows (game session joined with the caller's player row), kept per
// connection and keyed by (session, user), each with the session's write generation it was read
// at (db/session-row-generation.ts). Only the row is kept, never the verdict: who owns the
// session, the caller's role and whether they joined are decided from it on every call. A write
// to the session's rows, by any code path, makes the next call read the database again.
import type Database from 'better-sqlite3';
import { sessionRowGeneration } from '../db/session-row-generation';

/** At most this many rows are kept; the least recently used one goes first. */
export const SESSION_ACCESS_CACHE_MAX = 20_000;

type Entry = { row: unknown[]; generation: number };

export class SessionAccessCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly max = SESSION_ACCESS_CACHE_MAX) {}

  get(key: string, generation: number): unknown[] | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    if (entry.generation !== generation) return undefined;
    // Map keeps insertion order: re-inserting marks the row as the most recently used.
    this.entries.set(key, entry);
    return entry.row;
  }

  set(key: string, row: unknown[], generation: number): void {
    this.entries.delete(key);
    this.entries.set(key, { row, generation });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
  }

  get size(): number {
    return this.entries.size;
  }
}

const caches = new WeakMap<Database.Database, SessionAccessCache>();

/**
 * The row `read` gives for (session, user), from the cache when the session's rows have not
 * been written since. Not kept: a missing session, a connection without the triggers, and a
 * row read inside a transaction (a rollback would undo what it saw without moving the generation).
 */
export function cachedSessionAccessRow(
  sqlite: Database.Database,
  sessionId: number,
  userId: string,
  read: () => unknown[] | undefined,
): unknown[] | undefined {
  const generation = sessionRowGeneration(sqlite, sessionId);
  if (generation === undefined) return read();
  let cache = caches.get(sqlite);
  if (!cache) {
    cache = new SessionAccessCache();
    caches.set(sqlite, cache);
  }
  const key = `${sessionId} ${userId}`;
  const hit = cache.get(key, generation);
  if (hit) return hit;
  const row = read();
  if (row && !sqlite.inTransaction) cache.set(key, row, generation);
  return row;
}

/** How many rows this connection keeps (tests). */
export const sessionAccessCacheSize = (sqlite: Database.Database) => caches.get(sqlite)?.size ?? 0;
