import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { installSignInInvalidation } from '../auth/sign-in-cache-generation';
import * as schema from './schema';
import { installSessionRowGenerations } from './session-row-generation';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

export const MIGRATIONS_DIR = path.resolve('db/migrations');

/** Opens (creating if needed) the SQLite file and applies committed migrations. */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  // FULL: a write acknowledged to a client survives a power loss, not only a crash (cost: bench/writes.bench.ts).
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  // After the migrations (the triggers name main tables): any write to a sign-in's rows empties the sign-in cache.
  installSignInInvalidation(sqlite);
  // Likewise any write to a game session's rows or its players' drops that session's cached access rows.
  installSessionRowGenerations(sqlite);
  return db as Db;
}
