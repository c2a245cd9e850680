// The session-access lookup's rows (game session and the caller's player row), kept per
// database and keyed by (session, user), each with the session's write generation it was read
// at (db/write-generations.ts: moved by the database's own writes, whichever code path wrote).
// Only the rows are kept, never the verdict: who owns the session, the caller's role and whether
// they joined are decided from them on every call. A write to the session's rows makes the next
// call read the database again, and so does a commit by another connection (a hunter removed by an
// `sqlite3` shell), noted before the cache is read as the sign-in cache notes it (decisions 912, 915).
// Where the database gives no generation (PostgreSQL until the cluster issue), nothing is kept.
import type { Db } from '../db/client';
import { sessionRowsGeneration, writesFromOutsideNoted } from '../db/write-generations';

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

const caches = new WeakMap<Db, SessionAccessCache<unknown>>();

/**
 * The rows `read` gives for (session, user), from the cache when the session's rows have not
 * been written since. The generation is taken before the read and the rows are kept only if it
 * has not moved meanwhile, so rows are never kept under a generation older than what they saw
 * (a write while the read waited makes them miss at once). `read` runs on the database, never in
 * a transaction: it waits for any open one, so it cannot see rows a rollback would undo. Not
 * kept: a missing session. `read` returns frozen rows: a hit hands the same objects to every caller.
 */
export async function cachedSessionRows<T>(
  db: Db,
  sessionId: number,
  userId: string,
  read: () => Promise<T | undefined>,
): Promise<T | undefined> {
  const outsideWrites = writesFromOutsideNoted(db);
  if (outsideWrites) await outsideWrites;
  const generation = sessionRowsGeneration(db, sessionId);
  if (generation === undefined) return read();
  let cache = caches.get(db) as SessionAccessCache<T> | undefined;
  if (cache === undefined) {
    cache = new SessionAccessCache<T>();
    caches.set(db, cache);
  }
  const key = `${sessionId} ${userId}`;
  const hit = cache.get(key, generation);
  if (hit !== undefined) return hit;
  const rows = await read();
  if (rows !== undefined && sessionRowsGeneration(db, sessionId) === generation) cache.set(key, rows, generation);
  return rows;
}

/** How many entries this database's cache keeps (tests). */
export const sessionAccessCacheSize = (db: Db) => caches.get(db)?.size ?? 0;
