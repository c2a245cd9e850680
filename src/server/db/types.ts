// The data API's types (db/client.ts explains the API). Kept apart so both implementations import
// them without importing each other.
//
// `Db` and `Tx` are the running dialect's own drizzle types, narrowed to what both dialects offer
// (decision 968): #db-data-api (package.json "imports") names drizzle's SQLite database to the
// compiler under tsconfig.json and its node-postgres database under tsconfig.pg.json, and
// `npm run typecheck` compiles the server under both. A builder call that one dialect lacks
// therefore fails to compile, and neither implementation is cast to the other's type.
import type { DrizzleDataApi } from '#db-data-api';
import type { DrizzleDataApi as PgDrizzleDataApi } from './pg/data-api';
import type * as schema from './schema';
import type { DrizzleDataApi as SqliteDrizzleDataApi } from './sqlite/data-api';

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
/** The builder entry points both dialects implement with the same meaning (decision 965). */
type Builders = 'select' | 'selectDistinct' | 'insert' | 'update' | 'delete';
/** Either dialect's drizzle database. */
type DrizzleDatabase = SqliteDrizzleDataApi | PgDrizzleDataApi;

/** The config `db.transaction(work, config)` takes on either database (db/transaction-config.ts). */
export type TransactionConfig = NonNullable<Parameters<SqliteDrizzleDataApi['transaction']>[1]>;
/**
 * The `tx` of `db.transaction(async (tx) => ...)` on one dialect's database: the builders and
 * rollback. No nested transaction (the data layer runs none), none of SQLite's `run`/`all`/`get`/`values`.
 */
export type TxOf<D extends DrizzleDatabase> = Pick<Parameters<Parameters<D['transaction']>[0]>[0], Builders | 'rollback'>;
/**
 * The data API over one dialect's database (decision 965): its builders, and transactions that
 * take the app's TransactionConfig. Dialect-only members (`run`, `all`, `get`, `values`, `batch`,
 * `execute`, `$client`) are not in it.
 */
export type DataApiOf<D extends DrizzleDatabase> = Pick<D, Builders> & {
  transaction<T>(work: (tx: TxOf<D>) => Promise<T>, config?: TransactionConfig): Promise<T>;
};

/** The data API db/client.ts opens on SQLite. */
export type SqliteDb = DataApiOf<SqliteDrizzleDataApi>;
/** The data API db/pg/async-db.ts opens on PostgreSQL. */
export type PgDb = DataApiOf<PgDrizzleDataApi>;
/** Either database, for the few functions of db/ that work on both at once (closing, handles). */
export type AnyDb = SqliteDb | PgDb;

/** The data API services get: the running dialect's, as the compiler's view names it (see above). */
export type Db = DataApiOf<DrizzleDataApi>;
/** The `tx` of the running dialect's `db.transaction(async (tx) => ...)`. */
export type Tx = TxOf<DrizzleDataApi>;
/** Either: a function that only reads or writes takes this, so callers can pass their transaction. */
export type Queryable = Db | Tx;

/** Where the database is: DATABASE_URL (PostgreSQL) when it names one, else the SQLite file. */
export type DatabaseLocation = { DATABASE_URL?: string | undefined; DATABASE_PATH: string };
