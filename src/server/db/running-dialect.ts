// Which database this process runs on, decided once from the environment it started with: the
// tables (db/schema.ts) are chosen when first imported, before any configuration is read.
/** The two databases the data layer runs on. */
export type Dialect = 'sqlite' | 'pg';

/** Whether a DATABASE_URL names PostgreSQL (anything else: SQLite at DATABASE_PATH). */
export function isPostgresUrl(url: string | undefined): url is string {
  return url !== undefined && /^postgres(ql)?:\/\//i.test(url);
}

export function runningDialect(): Dialect {
  return isPostgresUrl(process.env.DATABASE_URL) ? 'pg' : 'sqlite';
}
