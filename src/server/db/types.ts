// The data API's types (db/client.ts explains the API): drizzle's async SQLite database, which the
// PostgreSQL implementation (db/pg/async-db.ts) presents too. Kept apart so both implementations
// import them without importing each other.
import type { SqliteRemoteDatabase } from 'drizzle-orm/sqlite-proxy';
import type * as schema from './schema';

declare module 'drizzle-orm/sqlite-core/session' {
  /**
   * `db.transaction(work, config)`'s config in both dialects (db/transaction-config.ts): SQLite's
   * `behavior`, plus the isolation level and access mode, which PostgreSQL begins the transaction
   * with (`BEGIN ISOLATION LEVEL ... READ ONLY`). On SQLite every transaction is serializable, so
   * any level asked for is met; `read only` makes its writes fail there too.
   */
  interface SQLiteTransactionConfig {
    isolationLevel?: 'read committed' | 'repeatable read' | 'serializable';
    accessMode?: 'read only' | 'read write';
  }
}

export type Schema = typeof schema;
export type Db = SqliteRemoteDatabase<Schema>;
/** The `tx` of `db.transaction(async (tx) => ...)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either: a function that only reads or writes takes this, so callers can pass their transaction. */
export type Queryable = Db | Tx;
/** The config `db.transaction(work, config)` takes on either database. */
export type TransactionConfig = NonNullable<Parameters<Db['transaction']>[1]>;
