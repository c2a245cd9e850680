// What the data layer knows about a `Db` or `Tx` object beyond drizzle's query builder: its
// dialect and connection (for raw SQL and write generations), and the work to run once its
// transaction has committed. Kept here, in src/server/db, so nothing else touches a driver.
import type Database from 'better-sqlite3';
import type { SQL } from 'drizzle-orm';
import type pg from 'pg';
import type { StatementCache, TransactionGate } from './sqlite/executor';
import type { Dialect } from './running-dialect';
import type { Db, Queryable } from './types';

export type { Dialect } from './running-dialect';


export type ConnectionHandle = {
  dialect: Dialect;
  /** True for a transaction's `tx` (its queries pass the gate; work after commit waits for it). */
  inTransaction: boolean;
  /** The SQL text and parameters of a drizzle `sql` fragment in this dialect. */
  toQuery: (query: SQL) => { sql: string; params: unknown[] };
  close: () => Promise<void>;
  /** SQLite only. */
  sqlite?: Database.Database;
  statements?: StatementCache;
  gate?: TransactionGate;
  /** PostgreSQL only: the pool (outside a transaction) or the transaction's client. */
  pg?: pg.Pool | pg.ClientBase;
};

const handles = new WeakMap<object, ConnectionHandle>();
const afterCommitHooks = new WeakMap<object, (() => void)[]>();

export function registerHandle(queryable: object, handle: ConnectionHandle): void {
  handles.set(queryable, handle);
}

export function handleOf(queryable: object): ConnectionHandle {
  const handle = handles.get(queryable);
  if (!handle) throw new Error('Not a database or transaction opened by src/server/db (a nested transaction?)');
  return handle;
}

/** True for the database itself, false for a transaction's `tx` (so a caller may open one on it). */
export function isDatabase(queryable: Queryable): queryable is Db {
  return !handleOf(queryable).inTransaction;
}

export function dialectOf(queryable: object): Dialect {
  return handleOf(queryable).dialect;
}

/** Called by a transaction as it starts: its after-commit work collects in `hooks`. */
export function startAfterCommit(tx: object, hooks: (() => void)[]): void {
  afterCommitHooks.set(tx, hooks);
}

/** Runs the collected work once the transaction has committed (never after a rollback). */
export function runAfterCommit(hooks: (() => void)[]): void {
  for (const hook of hooks) hook();
}

/**
 * Runs `work` once what `queryable` wrote is committed: at once outside a transaction, after
 * COMMIT inside one (a rollback drops it). The event bus delivers events this way, so a listener
 * never hears of a change that did not happen.
 */
export function afterCommit(queryable: object, work: () => void): void {
  const hooks = afterCommitHooks.get(queryable);
  if (hooks) hooks.push(work);
  else if (handleOf(queryable).inTransaction) throw new Error('afterCommit: a nested transaction has no commit of its own');
  else work();
}
