// The data API's types (db/client.ts explains the API): drizzle's async SQLite database, which the
// PostgreSQL implementation (db/pg/async-db.ts) presents too. Kept apart so both implementations
// import them without importing each other.
import type { SqliteRemoteDatabase } from 'drizzle-orm/sqlite-proxy';
import type * as schema from './schema';

export type Schema = typeof schema;
export type Db = SqliteRemoteDatabase<Schema>;
/** The `tx` of `db.transaction(async (tx) => ...)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either: a function that only reads or writes takes this, so callers can pass their transaction. */
export type Queryable = Db | Tx;
