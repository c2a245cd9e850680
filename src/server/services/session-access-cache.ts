// The session-access lookup's rows (game session and the caller's player row), kept per
// connection and keyed by (session, user), each with the session's write generation it was read
// at (db/session-row-generation.ts). Only the rows are kept, never the verdict: who owns the
// session, the caller's role and whether they joined are decided from them on every call. A write
// to the session's rows, by any code path, makes the next call read the database again.
import type Database from 'better-sqlite3';
import { type SessionRowGenerations, sessionRowGenerations } from '../db/session-row-generation';

/** At most this many entries are kept; past it the oldest goes first. */
export const SESSION_ACCESS_CACHE_MAX = 20_000;

type Entry<T> = { rows: T; generation: number };

/**
 * First in, first out: a live session's entries last until its next position report anyway,
 * so keeping the most recently used ones is not worth a Map re-insertion on every hit.
 */
export class SessionAccessCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(private readonly max = SESSION_ACCESS_CACHE_MAX) {}

  get(key: string, generation: number): T | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.generation === generation) return entry.rows;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, rows: T, generation: number): void {
    this.entries.delete(key);
    this.entries.set(key, { rows, generation });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Per connection: its generations and its cache, or null for a connection without the triggers. */
type ConnectionCache = { generations: SessionRowGenerations; cache: SessionAccessCache<unknown> } | null;
const caches = new WeakMap<Database.Database, ConnectionCache>();

/**
 * The rows `read` gives for (session, user), from the cache when the session's rows have not
 * been written since. Not kept: a missing session, a connection without the triggers, and rows
 * read inside a transaction (a rollback would undo what they saw without moving the generation).
 * `read` returns frozen rows: a hit hands the same objects to every caller.
 */
export function cachedSessionRows<T>(
  sqlite: Database.Database,
  sessionId: number,
  userId: string,
  read: () => T | undefined,
): T | undefined {
  let connection = caches.get(sqlite);
  if (connection === undefined) {
    const generations = sessionRowGenerations(sqlite);
    connection = generations ? { generations, cache: new SessionAccessCache() } : null;
    caches.set(sqlite, connection);
  }
  if (connection === null) return read();
  const cache = connection.cache as SessionAccessCache<T>;
  const generation = connection.generations.of(sessionId);
  const key = `${sessionId} ${userId}`;
  const hit = cache.get(key, generation);
  if (hit !== undefined) return hit;
  const rows = read();
  if (rows !== undefined && !sqlite.inTransaction) cache.set(key, rows, generation);
  return rows;
}

/** How many entries this connection keeps (tests). */
export const sessionAccessCacheSize = (sqlite: Database.Database) => caches.get(sqlite)?.cache.size ?? 0;
