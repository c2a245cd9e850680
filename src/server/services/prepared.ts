// Prepared statements for the hot, polled reads, built once per database.
import type { Db } from '../db/client';

const caches = new WeakMap<Db, Map<string, unknown>>();

/** The statement `build(db)` prepared once for this database and reused afterwards. */
export function prepared<T>(db: Db, key: string, build: (db: Db) => T): T {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  let stmt = cache.get(key) as T | undefined;
  if (stmt === undefined) {
    stmt = build(db);
    cache.set(key, stmt);
  }
  return stmt;
}
