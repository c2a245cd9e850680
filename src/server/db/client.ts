// The data API every service uses: drizzle's async query builder over the running database,
// always awaited. `Db` (db/types.ts, decision 965) names only the builders and `transaction`,
// which both dialects implement alike; on PostgreSQL they run on a node-postgres drizzle instance
// built from db/pg/schema.ts (db/schema-parity.test.ts proves both schemas give the same row types).
// Portable code therefore:
//   - awaits builders (`const [row] = await db.select()...limit(1)`), never `.get()`, `.all()`,
//     `.run()` or `.values()` (SQLite-only);
//   - runs several writes that belong together in `db.transaction(async (tx) => ...)` and uses only
//     `tx` inside it (the outer `db` waits for the transaction to end: using it there deadlocks);
//   - calls a named query of db/queries/ (or an expression of db/expressions.ts) where the builder
//     cannot say it; SQL text is written there, through db/raw.ts and db/dialect.ts's fragments.
// Nothing outside src/server/db touches a driver, writes SQL text or asks the dialect.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle as drizzleSync } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import { drizzle as drizzleProxy } from 'drizzle-orm/sqlite-proxy';
import { type ConnectionHandle, handleOf, registerHandle, runAfterCommit, startAfterCommit } from './connection-handle';
import { openPgDataApi } from './pg/async-db';
import { prepareDatabaseFiles } from './private-files';
import { isPostgresUrl, runningDialect } from './running-dialect';
import * as sqliteSchema from './sqlite/schema';
import { execute, StatementCache, TransactionGate } from './sqlite/executor';
import { installSessionRowGenerations } from './sqlite/session-row-generation';
import { installSignInInvalidation } from './sqlite/sign-in-generation';
import { checkedTransactionConfig } from './transaction-config';
import type { Db, SqliteDataApi } from './types';

export type { Db, Queryable, Schema, SqliteDataApi, TransactionConfig, Tx } from './types';

export const MIGRATIONS_DIR = path.resolve('db/migrations');

/** Opens (creating if needed) the SQLite file and applies committed migrations. */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') {
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    prepareDatabaseFiles(file); // 0600: it holds password hashes
  }
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  // FULL: a write acknowledged to a client survives a power loss, not only a crash (cost: bench/writes.bench.ts).
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  migrate(drizzleSync(sqlite), { migrationsFolder: MIGRATIONS_DIR });
  // After the migrations (the triggers name main tables): any write to a sign-in's rows empties the sign-in cache.
  const stopWatchingOutsideWrites = installSignInInvalidation(sqlite);
  // Likewise any write to a game session's rows or its players' drops that session's cached access rows.
  installSessionRowGenerations(sqlite);
  return asyncSqlite(sqlite, stopWatchingOutsideWrites);
}

/** The async data API over one better-sqlite3 connection (db/sqlite/executor.ts explains the gate). */
function asyncSqlite(sqlite: Database.Database, onClose: () => void): Db {
  const statements = new StatementCache(sqlite);
  const gate = new TransactionGate();
  const dialect = new SQLiteAsyncDialect();
  const outer = drizzleProxy(
    async (text, params, method) => {
      if (gate.busy) await gate.idle();
      return execute(statements, text, params, method);
    },
    { schema: sqliteSchema },
  );
  // The transaction's own queries: the same connection, without the gate. SQLite rolls a transaction
  // back by itself on some errors (SQLITE_FULL: the disk is full); drizzle's ROLLBACK then failed
  // ('no transaction is active') and its error replaced the one that says why (a 500, not a 507).
  const inner = drizzleProxy(
    async (text, params, method) => (text === 'rollback' && !sqlite.inTransaction ? { rows: [] } : execute(statements, text, params, method)),
    { schema: sqliteSchema },
  );

  const base: Omit<ConnectionHandle, 'inTransaction'> = {
    dialect: 'sqlite',
    sqlite,
    statements,
    gate,
    toQuery: (query) => dialect.sqlToQuery(query),
    close: async () => {
      onClose();
      sqlite.close();
    },
  };
  registerHandle(outer, { ...base, inTransaction: false });
  const innerHandle: ConnectionHandle = { ...base, inTransaction: true };

  const transaction: Db['transaction'] = async (work, config) => {
    // Every SQLite transaction is serializable: any isolation level asked for is met. Read only:
    // query_only makes its writes fail, as PostgreSQL's READ ONLY does (held under the gate, so
    // no other query runs meanwhile); it needs no write lock, so it begins DEFERRED.
    const { behavior, accessMode } = checkedTransactionConfig(config);
    const readOnly = accessMode === 'read only';
    if (readOnly && behavior !== undefined && behavior !== 'deferred') {
      throw new Error(`db.transaction: a read-only transaction takes no write lock (behavior "${behavior}")`);
    }
    await gate.acquire();
    const hooks: (() => void)[] = [];
    try {
      if (readOnly) sqlite.pragma('query_only = ON');
      const result = await inner.transaction(
        async (tx) => {
          registerHandle(tx, innerHandle);
          startAfterCommit(tx, hooks);
          return work(tx);
        },
        { behavior: behavior ?? (readOnly ? 'deferred' : 'immediate') },
      );
      runAfterCommit(hooks);
      return result;
    } finally {
      if (readOnly) sqlite.pragma('query_only = OFF');
      gate.release();
    }
  };
  return Object.assign(outer, { transaction });
}

/** Where the database is: DATABASE_URL (PostgreSQL) when it names one, else the SQLite file. */
export type DatabaseLocation = { DATABASE_URL?: string | undefined; DATABASE_PATH: string };

/** Opens the configured database (migrated on open) behind the same data API. */
export async function connectDatabase(location: DatabaseLocation): Promise<Db> {
  const wanted = isPostgresUrl(location.DATABASE_URL) ? 'pg' : 'sqlite';
  if (wanted !== runningDialect()) {
    // db/schema.ts chose its tables from the environment the process started with.
    throw new Error(`DATABASE_URL must be set in the environment before start (tables are ${runningDialect()}'s, ${wanted} asked)`);
  }
  if (wanted === 'pg') return openPgDataApi(location.DATABASE_URL!);
  return openDatabase(location.DATABASE_PATH);
}

/** Ends the connection (the process is stopping, or a test is done). */
export async function closeDatabase(db: Db): Promise<void> {
  await handleOf(db).close();
}

/**
 * The database as drizzle's SQLite type, for Lucia's drizzle adapter only (its constructor asks
 * for it). On PostgreSQL this is the node-postgres database: auth/lucia.ts uses the adapter only
 * for its awaited builder reads and deletes, and writes the rest itself (decision 965).
 */
export function luciaAdapterDatabase(db: Db): SqliteDataApi {
  return db as SqliteDataApi;
}

export { afterCommit, dialectOf, handleOf } from './connection-handle';
