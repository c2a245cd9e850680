// The plan the running database would follow for a query, for tests and benchmarks that check an
// index is used. Each dialect words it its own way (PostgreSQL's EXPLAIN, SQLite's EXPLAIN QUERY PLAN).
import { type SQL, sql } from 'drizzle-orm';
import { dialectOf } from './connection-handle';
import { rawAll } from './raw';
import type { Queryable } from './types';

/** The plan of `query`, a line per step. */
export async function queryPlan(q: Queryable, query: SQL | { getSQL(): SQL }): Promise<string[]> {
  const text = 'getSQL' in query ? query.getSQL() : query;
  if (dialectOf(q) === 'pg') {
    const rows = await rawAll<{ 'QUERY PLAN': string }>(q, sql`EXPLAIN ${text}`);
    return rows.map((r) => r['QUERY PLAN']);
  }
  const rows = await rawAll<{ detail: string }>(q, sql`EXPLAIN QUERY PLAN ${text}`);
  return rows.map((r) => r.detail);
}
