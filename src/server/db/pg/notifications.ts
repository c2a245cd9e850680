// PostgreSQL LISTEN on a dedicated connection of its own (outside the pool: a pooled connection is
// handed to other queries, and LISTEN belongs to one session). When the connection drops (the server
// restarted, pg_terminate_backend, a network cut) it is opened again with a growing wait, and whoever
// listens is told once it listens again: what was sent meanwhile was missed and must be read from the
// tables (the event tailer re-tails, the sign-in sweep re-checks). db/notifications.ts is the
// dialect-neutral door; nothing outside src/server/db sees this driver.
import pg from 'pg';
import { NOTIFY_RECONNECT_MAX_MS, NOTIFY_RECONNECT_MIN_MS } from '../constants';
import type { Notifications } from '../notifications-api';

/** The listeners opened on each pool, ended with it (closeDatabase) if their owner has not closed them. */
const openOnPool = new WeakMap<pg.Pool, Set<PgNotifications>>();

class PgNotifications implements Notifications {
  listening = false;
  private client: pg.Client | null = null;
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  private readonly listeningHandlers = new Set<() => void>();
  private timer: NodeJS.Timeout | null = null;
  private delay = NOTIFY_RECONNECT_MIN_MS;
  private closed = false;
  /** The connection attempt under way (close waits for it). */
  private connecting: Promise<void> | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly channels: readonly string[],
    private readonly onError: (err: Error) => void,
  ) {}

  on(channel: string, handler: (payload: string) => void): () => void {
    if (!this.channels.includes(channel)) throw new Error(`Not listening on ${channel}`);
    const set = this.handlers.get(channel) ?? new Set();
    this.handlers.set(channel, set);
    set.add(handler);
    return () => void set.delete(handler);
  }

  onListening(handler: () => void): () => void {
    this.listeningHandlers.add(handler);
    return () => void this.listeningHandlers.delete(handler);
  }

  /** Opens the connection and LISTENs on every channel; on failure, tries again later (never throws). */
  connect(): Promise<void> {
    this.connecting ??= this.open().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async open(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ ...this.pool.options, application_name: 'dinohunt-listen', keepAlive: true });
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) {
        this.client = null;
        this.listening = false;
      }
      if (err && !this.closed) this.onError(err);
      client.end().catch(() => {});
      this.reconnectLater();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      for (const handler of this.handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    try {
      await client.connect();
      for (const channel of this.channels) await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (err) {
      onLost(err instanceof Error ? err : new Error(String(err)));
      return;
    }
    if (lost) return;
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.listening = true;
    this.delay = NOTIFY_RECONNECT_MIN_MS;
    for (const handler of [...this.listeningHandlers]) handler();
  }

  private reconnectLater(): void {
    if (this.closed || this.timer) return;
    const wait = this.delay;
    this.delay = Math.min(this.delay * 2, NOTIFY_RECONNECT_MAX_MS);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.connect();
    }, wait);
    // Never what keeps a process alive.
    this.timer.unref();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    openOnPool.get(this.pool)?.delete(this);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.connecting;
    const client = this.client;
    this.client = null;
    this.listening = false;
    await client?.end().catch(() => {});
  }
}

/** Listens on `channels` over a connection of its own, opened before this resolves (or retried in the background if it cannot be). */
export async function openPgNotifications(pool: pg.Pool, channels: readonly string[], onError: (err: Error) => void): Promise<Notifications> {
  const notifications = new PgNotifications(pool, channels, onError);
  const open = openOnPool.get(pool) ?? new Set();
  openOnPool.set(pool, open);
  open.add(notifications);
  await notifications.connect();
  return notifications;
}

/** Ends the listeners still open on a pool (the pool is closing). */
export async function closePgNotifications(pool: pg.Pool): Promise<void> {
  await Promise.all([...(openOnPool.get(pool) ?? [])].map((n) => n.close()));
}
