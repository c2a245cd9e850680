// The data API over PostgreSQL: node-postgres drizzle with the PostgreSQL schema, narrowed to the
// builders and transactions both dialects offer (`PgDb`, db/types.ts). Services see it as `Db`,
// which the compiler checks against these very types under tsconfig.pg.json (decision 968);
// db/schema-parity.test.ts proves the row types agree with SQLite's.
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { checkedTransactionConfig } from '../transaction-config';
import type { DatabaseLocation, PgDb } from '../types';
import { type ConnectionHandle, registerHandle, runAfterCommit, startAfterCommit } from '../connection-handle';
import { openPgDatabase } from './client';
import { closePgNotifications } from './notifications';

/** Opens the pool, migrates under the startup lock, and returns the data API. */
export async function openPgDataApi(url: string): Promise<PgDb> {
  const { db, pool, close } = await openPgDatabase(url);
  const dialect = new PgDialect();
  // Closing ends the listening connections opened on this pool too (db/notifications.ts).
  const closeAll = async () => {
    await closePgNotifications(pool);
    await close();
  };
  const base = { dialect: 'pg' as const, toQuery: (query: SQL) => dialect.sqlToQuery(query), close: closeAll };
  registerHandle(db, { ...base, inTransaction: false, pg: pool } satisfies ConnectionHandle);
  const open = db.transaction.bind(db);
  // The isolation level and access mode begin the transaction (`BEGIN ISOLATION LEVEL ... READ
  // ONLY`); by default PostgreSQL's READ COMMITTED, where db/locks.ts's advisory locks give the
  // read-then-write rules and db/events.ts orders events. SQLite's `behavior` (when it takes its
  // write lock) has no PostgreSQL counterpart: row locks are taken by each write.
  const transaction: PgDb['transaction'] = async (work, config) => {
    const { isolationLevel, accessMode } = checkedTransactionConfig(config);
    const begin = isolationLevel || accessMode ? { isolationLevel, accessMode } : undefined;
    const hooks: (() => void)[] = [];
    const result = await open(async (tx) => {
      registerHandle(tx, { ...base, inTransaction: true, pg: transactionClient(tx) });
      startAfterCommit(tx, hooks);
      return work(tx);
    }, begin);
    runAfterCommit(hooks);
    return result;
  };
  return Object.assign(db, { transaction });
}

/**
 * The pooled client a drizzle node-postgres transaction runs on: its session's `client`, which
 * drizzle keeps private (no accessor). Checked, so an upgrade that moves it fails loudly here.
 */
function transactionClient(tx: object): pg.ClientBase {
  const session: unknown = Reflect.get(tx, 'session');
  const client: unknown = typeof session === 'object' && session !== null ? Reflect.get(session, 'client') : undefined;
  if (!(client instanceof pg.Client)) throw new Error("drizzle's node-postgres transaction keeps no client at session.client");
  return client;
}

/** #db-open's opener on PostgreSQL (decision 968): the database DATABASE_URL names. */
export async function openDataApi(location: DatabaseLocation): Promise<PgDb> {
  if (location.DATABASE_URL === undefined) throw new Error('DATABASE_URL must name the PostgreSQL database');
  return openPgDataApi(location.DATABASE_URL);
}
