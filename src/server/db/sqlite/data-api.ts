// drizzle's database over SQLite, as db/sqlite/open.ts builds it: the data API's type in the
// compiler's SQLite view (package.json "imports" #db-data-api under tsconfig.json, decision 968).
import type { SqliteRemoteDatabase } from 'drizzle-orm/sqlite-proxy';
import type * as schema from './schema';

export type DrizzleDataApi = SqliteRemoteDatabase<typeof schema>;
