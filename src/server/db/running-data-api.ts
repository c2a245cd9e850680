// What #db-data-api names without a view condition (package.json "imports", decision 968): either
// dialect's drizzle database. The compiler reads db/sqlite/data-api.ts (tsconfig.json) or
// db/pg/data-api.ts (tsconfig.pg.json) instead; this is the honest answer for any other reader.
import type { DrizzleDataApi as PgDrizzleDataApi } from './pg/data-api';
import type { DrizzleDataApi as SqliteDrizzleDataApi } from './sqlite/data-api';

export type DrizzleDataApi = SqliteDrizzleDataApi | PgDrizzleDataApi;
