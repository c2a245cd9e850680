// The data API's types (db/client.ts explains the API): the part of drizzle's async SQLite database
// that the PostgreSQL implementation (db/pg/async-db.ts) has too. Kept apart so both implementations
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
/** drizzle's async SQLite database: what db/client.ts builds on SQLite. */
export type SqliteDataApi = SqliteRemoteDatabase<Schema>;
type SqliteTx = Parameters<Parameters<SqliteDataApi['transaction']>[0]>[0];
/** The builder entry points both dialects implement with the same meaning (decision 965). */
type Builders = 'select' | 'selectDistinct' | 'insert' | 'update' | 'delete';

/** The config `db.transaction(work, config)` takes on either database. */
export type TransactionConfig = NonNullable<Parameters<SqliteDataApi['transaction']>[1]>;
/**
 * The `tx` of `db.transaction(async (tx) => ...)`: the builders and rollback. No nested
 * transaction (the data layer runs none), none of SQLite's `run`/`all`/`get`/`values`.
 */
export type Tx = Pick<SqliteTx, Builders | 'rollback'>;
/**
 * The data API services get (decision 965): the builders both dialects implement alike, and
 * transactions. SQLite-only members (`run`, `all`, `get`, `values`, `batch`, `$client`) are not
 * in it, so code using them fails to compile instead of failing on PostgreSQL.
 */
export type Db = Pick<SqliteDataApi, Builders> & {
  transaction<T>(work: (tx: Tx) => Promise<T>, config?: TransactionConfig): Promise<T>;
};
/** Either: a function that only reads or writes takes this, so callers can pass their transaction. */
export type Queryable = Db | Tx;
