// Notifications between the processes of a cluster, dialect-neutral: on PostgreSQL, NOTIFY sent in a
// transaction (delivered to every listening process when it commits, dropped if it rolls back) and
// LISTEN on a connection of its own (db/pg/notifications.ts). SQLite runs one process: there is
// nothing to listen to (openNotifications answers null) and notify does nothing.
//
// A notification is a wake-up call, never the data: what it announces is in the tables, and a
// listener that was disconnected (onListening tells it when it listens again) reads them.
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Db, Queryable } from './types';
import { handleOf } from './connection-handle';
import type { Notifications } from './notifications-api';
import { openPgNotifications } from './pg/notifications';
import { rawRun } from './raw';

export type { Notifications };

/**
 * Listens on `channels` (PostgreSQL), the connection open before this resolves; null on SQLite.
 * `onError` hears a dropped or refused connection (it is opened again, waiting longer each time).
 */
export async function openNotifications(
  db: Db,
  channels: readonly string[],
  onError: (err: Error) => void = () => {},
): Promise<Notifications | null> {
  const handle = handleOf(db);
  if (handle.dialect !== 'pg') return null;
  return openPgNotifications(handle.pg as pg.Pool, channels, onError);
}

/** Sends `payload` on `channel` with `q` (inside a transaction: at its COMMIT). Nothing on SQLite. */
export async function notify(q: Queryable, channel: string, payload: string): Promise<void> {
  if (handleOf(q).dialect !== 'pg') return;
  await rawRun(q, sql`SELECT pg_notify(${channel}, ${payload})`);
}
