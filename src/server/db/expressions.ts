// Column expressions the query builder has no function for, written once here so services build
// queries without SQL text. Each spells the same in SQLite and PostgreSQL.
import { type Column, type SQL, sql } from 'drizzle-orm';

/** `column + amount`: a counter changed in place (no read-then-write race). */
export function plus(column: Column, amount: number): SQL {
  return sql`${column} + ${amount}`;
}

/** `column - amount`. */
export function minus(column: Column, amount: number): SQL {
  return sql`${column} - ${amount}`;
}

/** The column equals `value`, letter case aside (`lower(column) = lower(value)`). */
export function equalsIgnoringCase(column: Column, value: string): SQL {
  return sql`lower(${column}) = ${value.toLowerCase()}`;
}

/** The sum of the column over the rows, 0 without rows, as a number (PostgreSQL's sums come as text). */
export function sumOrZero(column: Column): SQL<number> {
  return sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
}

/** A constant select field, for `exists(...)` / `notExists(...)` subqueries that need no column. */
export function constantOne(): SQL<number> {
  return sql<number>`1`;
}

/** null while `condition` is null, else `kept` (`case when condition is null then null else kept end`). */
export function keptWhenSet<T>(condition: Column, kept: Column): SQL<T | null> {
  return sql<T | null>`case when ${condition} is null then null else ${kept} end`;
}
