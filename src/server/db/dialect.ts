// SQL fragments whose spelling differs between SQLite and PostgreSQL, for db/raw.ts queries and
// builder `sql` expressions. Each takes the queryable so it speaks the running database's dialect.
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from './types';
import { dialectOf } from './connection-handle';

/** The larger of two values (SQLite's scalar max(), PostgreSQL's GREATEST). */
export function greatest(q: Queryable, a: SQL | unknown, b: SQL | unknown): SQL {
  return dialectOf(q) === 'pg' ? sql`GREATEST(${a}, ${b})` : sql`max(${a}, ${b})`;
}

/** The smaller of two values. */
export function least(q: Queryable, a: SQL | unknown, b: SQL | unknown): SQL {
  return dialectOf(q) === 'pg' ? sql`LEAST(${a}, ${b})` : sql`min(${a}, ${b})`;
}

/**
 * A time column as milliseconds since the epoch, a number in both dialects (SQLite stores the
 * number; PostgreSQL stores timestamptz).
 */
export function epochMs(q: Queryable, column: SQL | unknown): SQL {
  return dialectOf(q) === 'pg' ? sql`(extract(epoch from ${column}) * 1000)::bigint` : sql`${column}`;
}

/** A millisecond time as a value comparable with a time column. */
export function timeParam(q: Queryable, ms: number): SQL {
  return dialectOf(q) === 'pg' ? sql`to_timestamp(${ms / 1000})` : sql`${ms}`;
}

/** Membership in a list bound as one parameter (SQLite: a JSON array through json_each; PostgreSQL: an array). */
export function inList(q: Queryable, column: SQL | unknown, values: readonly (number | string)[]): SQL {
  return dialectOf(q) === 'pg'
    ? sql`${column} = ANY(${values})`
    : sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`;
}
