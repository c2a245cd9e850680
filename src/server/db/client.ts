// The data API every service uses: drizzle's async query builder over the running database,
// always awaited. `Db` (db/types.ts, decisions 965 and 968) names only the builders and
// `transaction`; it is SQLite's drizzle type to tsconfig.json and PostgreSQL's to tsconfig.pg.json,
// and `npm run typecheck` compiles the server under both, so a call one dialect lacks fails there
// (db/schema-parity.test.ts proves both schemas give the same row types).
// Portable code therefore:
//   - awaits builders (`const [row] = await db.select()...limit(1)`), never `.get()`, `.all()`,
//     `.run()` or `.values()` (SQLite-only);
//   - runs several writes that belong together in `db.transaction(async (tx) => ...)` and uses only
//     `tx` inside it (the outer `db` waits for the transaction to end: using it there deadlocks);
//   - calls a named query of db/queries/ (or an expression of db/expressions.ts) where the builder
//     cannot say it; SQL text is written there, through db/raw.ts and db/dialect.ts's fragments.
// Nothing outside src/server/db touches a driver, writes SQL text or asks the dialect.
import { openDataApi } from '#db-open';
import { handleOf } from './connection-handle';
import { isPostgresUrl, runningDialect } from './running-dialect';
import type { AnyDb, DatabaseLocation, Db } from './types';

export type { AnyDb, DatabaseLocation, Db, PgDb, Queryable, Schema, SqliteDb, TransactionConfig, Tx } from './types';
export { MIGRATIONS_DIR, openDatabase } from './sqlite/open';

/** Opens the configured database (migrated on open) behind the same data API. */
export async function connectDatabase(location: DatabaseLocation): Promise<Db> {
  const wanted = isPostgresUrl(location.DATABASE_URL) ? 'pg' : 'sqlite';
  if (wanted !== runningDialect()) {
    // db/schema.ts chose its tables from the environment the process started with.
    throw new Error(`DATABASE_URL must be set in the environment before start (tables are ${runningDialect()}'s, ${wanted} asked)`);
  }
  // #db-open: the opener of the dialect the compiler checked the server against (decision 968).
  return openDataApi(location);
}

/** Ends the connection (the process is stopping, or a test is done). */
export async function closeDatabase(db: AnyDb): Promise<void> {
  await handleOf(db).close();
}

export { afterCommit, dialectOf, handleOf, isDatabase } from './connection-handle';
