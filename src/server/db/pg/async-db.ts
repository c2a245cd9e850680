// The data API over PostgreSQL: node-postgres drizzle with the PostgreSQL schema, presented as the
// same `Db` type services use (db/client.ts). db/schema-parity.test.ts proves the row types agree;
// the query builder calls services make (select, insert, update, delete, returning, onConflict...)
// exist in both dialects with the same meaning.
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { checkedTransactionConfig } from '../transaction-config';
import type { Db, TransactionConfig } from '../types';
import { type ConnectionHandle, registerHandle, runAfterCommit, startAfterCommit } from '../connection-handle';
import { openPgDatabase } from './client';
import { closePgNotifications } from './notifications';

/** Opens the pool, migrates under the startup lock, and returns the data API. */
export async function openPgDataApi(url: string): Promise<Db> {
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
  db.transaction = (async (work: (tx: unknown) => Promise<unknown>, config?: TransactionConfig) => {
    const { isolationLevel, accessMode } = checkedTransactionConfig(config);
    const begin = isolationLevel || accessMode ? { isolationLevel, accessMode } : undefined;
    const hooks: (() => void)[] = [];
    const result = await open(async (tx) => {
      // drizzle's node-postgres transaction runs on one pooled client (its session's).
      const client = (tx as unknown as { session: { client: ConnectionHandle['pg'] } }).session.client;
      registerHandle(tx, { ...base, inTransaction: true, pg: client });
      startAfterCommit(tx, hooks);
      return work(tx);
    }, begin);
    runAfterCommit(hooks);
    return result;
  }) as typeof db.transaction;
  // Every entry point `Db` names exists here (this fails to compile when Db gains one PostgreSQL
  // lacks). Their builders are PostgreSQL's, typed in `Db` as SQLite's: the rows agree
  // (db/schema-parity.test.ts), and the builder methods services may use are the ones both have
  // (decision 965; SQLite-only `.run()`/`.all()`/`.get()` are kept out by db/driver-boundary.test.ts).
  const entryPoints: Pick<typeof db, keyof Db> = db;
  return entryPoints as unknown as Db;
}
