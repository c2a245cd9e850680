// The data API over SQLite (decision 865): one better-sqlite3 connection, migrated on open, behind
// drizzle's async query builder (db/client.ts explains the API; db/sqlite/executor.ts the gate).
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle as drizzleSync } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import { drizzle as drizzleProxy, type SqliteRemoteDatabase } from 'drizzle-orm/sqlite-proxy';
import { type ConnectionHandle, registerHandle, runAfterCommit, startAfterCommit } from '../connection-handle';
import { prepareDatabaseFiles } from '../private-files';
import { checkedTransactionConfig } from '../transaction-config';
import type { DatabaseLocation, SqliteDb } from '../types';
import { execute, StatementCache, TransactionGate } from './executor';
import * as sqliteSchema from './schema';
import { installSessionRowGenerations } from './session-row-generation';
import { installSignInInvalidation } from './sign-in-generation';

export const MIGRATIONS_DIR = path.resolve('db/migrations');

/** Opens (creating if needed) the SQLite file and applies committed migrations. */
export function openDatabase(file: string): SqliteDb {
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

/** drizzle's own SQLite database behind each data API this module opened: see sqliteDrizzleOf. */
const drizzleDatabases = new WeakMap<object, SqliteRemoteDatabase<typeof sqliteSchema>>();

/**
 * The whole drizzle database behind a data API opened here, or undefined for any other (PostgreSQL's).
 * For the one library that takes drizzle's SQLite database itself (Lucia's drizzle adapter,
 * auth/lucia.ts); the data API narrows the same object to the builders both dialects share.
 */
export function sqliteDrizzleOf(db: object): SqliteRemoteDatabase<typeof sqliteSchema> | undefined {
  return drizzleDatabases.get(db);
}

/** The async data API over one better-sqlite3 connection (db/sqlite/executor.ts explains the gate). */
function asyncSqlite(sqlite: Database.Database, onClose: () => void): SqliteDb {
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

  const transaction: SqliteDb['transaction'] = async (work, config) => {
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
  const database = Object.assign(outer, { transaction });
  drizzleDatabases.set(database, outer);
  return database;
}

/** #db-open's opener on SQLite (decision 968): the file at DATABASE_PATH. */
export async function openDataApi(location: DatabaseLocation): Promise<SqliteDb> {
  return openDatabase(location.DATABASE_PATH);
}
