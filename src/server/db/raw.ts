// Hand-written SQL for what the query builder cannot say well (aggregates over several tables,
// statistics), used by db/queries/ (services call those by name). Rows come back as objects named by the query's column aliases. The SQL must run on
// both dialects: use db/dialect.ts's fragments where they differ, bind values with `${}`, and
// read booleans and numbers defensively (SQLite gives 0/1 and may give a number where PostgreSQL
// gives a string for NUMERIC: cast in SQL, or with Number() in code).
import type { SQL } from 'drizzle-orm';
import { handleOf } from './connection-handle';
import type { Queryable } from './types';
import { executeObjects, executeRun } from './sqlite/executor';

/** Every row of a raw query. */
export async function rawAll<T extends Record<string, unknown>>(q: Queryable, query: SQL): Promise<T[]> {
  const handle = handleOf(q);
  const { sql, params } = handle.toQuery(query);
  if (handle.dialect === 'sqlite') {
    if (!handle.inTransaction && handle.gate!.busy) await handle.gate!.idle();
    return executeObjects(handle.statements!, sql, params) as T[];
  }
  const result = await handle.pg!.query(sql, params);
  return result.rows as T[];
}

/** The first row of a raw query, or undefined. */
export async function rawFirst<T extends Record<string, unknown>>(q: Queryable, query: SQL): Promise<T | undefined> {
  return (await rawAll<T>(q, query))[0];
}

/** Runs a raw statement; returns how many rows it changed. */
export async function rawRun(q: Queryable, query: SQL): Promise<number> {
  const handle = handleOf(q);
  const { sql, params } = handle.toQuery(query);
  if (handle.dialect === 'sqlite') {
    if (!handle.inTransaction && handle.gate!.busy) await handle.gate!.idle();
    return executeRun(handle.statements!, sql, params);
  }
  const result = await handle.pg!.query(sql, params);
  return result.rowCount ?? 0;
}
