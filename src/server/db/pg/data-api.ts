// drizzle's database over PostgreSQL, as db/pg/async-db.ts builds it: the data API's type in the
// compiler's PostgreSQL view (package.json "imports" #db-data-api under tsconfig.pg.json, decision 968).
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type * as schema from './schema';

export type DrizzleDataApi = NodePgDatabase<typeof schema>;
