// #db-open at run time (package.json "imports", decision 968): the running dialect's opener. The
// compiler reads db/sqlite/open.ts (tsconfig.json) or db/pg/async-db.ts (tsconfig.pg.json) instead,
// so the server is typed against one dialect at a time; here, where the dialect is chosen, the type
// says that it may be either.
import { openDataApi as openPg } from './pg/async-db';
import { runningDialect } from './running-dialect';
import { openDataApi as openSqlite } from './sqlite/open';
import type { DatabaseLocation, PgDb, SqliteDb } from './types';

/** Opens the running dialect's database (db/running-dialect.ts: chosen from the environment at start). */
export function openDataApi(location: DatabaseLocation): Promise<SqliteDb | PgDb> {
  return runningDialect() === 'pg' ? openPg(location) : openSqlite(location);
}
