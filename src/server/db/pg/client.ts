// The PostgreSQL connection (issue #27, decisions 860 and 862): a node-postgres Pool, drizzle over it
// with the PostgreSQL schema, and the committed migrations applied at open under an advisory lock so
// that several processes starting at once migrate exactly once.
import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { z } from 'zod';
import { DATABASE_POOL_MAX_DEFAULT, DATABASE_POOL_MAX_MIN, PG_STARTUP_LOCK_KEY } from '../constants';
import { parseTimestamptzText } from './columns';
import * as schema from './schema';

export const PG_MIGRATIONS_DIR = path.resolve('db/migrations-pg');

/**
 * A new connection that has not been made within this gives up (decision 940): while the server
 * restarts or cannot be reached, a request waits at most this long for a connection, pooled or new,
 * and answers 503, instead of hanging until the client gives up.
 */
export const PG_CONNECT_TIMEOUT_MS = 5000;
/** TCP keepalive's first probe after this much silence: a connection whose server vanished without a word (a host down, a network cut) is found dead. */
export const PG_KEEPALIVE_INITIAL_DELAY_MS = 10_000;

export type PgDb = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export type PgDatabase = {
  db: PgDb;
  pool: pg.Pool;
  /** Ends every connection of the pool (waits for queries under way). Calling it again waits for the same end. */
  close: () => Promise<void>;
};

export type OpenPgOptions = {
  /** Connections in the pool; default DATABASE_POOL_MAX from the environment, else DATABASE_POOL_MAX_DEFAULT. */
  poolMax?: number;
  /** Default db/migrations-pg; `false` opens without migrating. */
  migrationsFolder?: string | false;
  /** An idle connection failed (the server restarted, a network cut): the pool drops it and opens another. */
  onIdleError?: (error: Error) => void;
};

/** DATABASE_POOL_MAX as config.ts may parse it (zod at the edge; the lead wires it into the Config). */
export const databasePoolMaxSchema = z.coerce.number().int().min(DATABASE_POOL_MAX_MIN).max(1000).default(DATABASE_POOL_MAX_DEFAULT);

export { isPostgresUrl } from '../running-dialect';

// Numbers as SQLite gives them. pg hands int8 (COUNT(*), SUM of integers, bigint columns) and numeric
// (AVG, SUM of mixed) back as strings, to keep every digit; the app's values stay far below 2^53, and
// services compare them as numbers. These parsers are process-wide on purpose: drizzle's node-postgres
// session reads every type but times through pg's global parsers, not a pool's own. int8[] reuses the
// int4[] parser (parseInt per element).
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number.parseFloat(value));
// Array type ids pg-types does not name (its TypeId enum lists scalars only).
type TypeId = Parameters<typeof pg.types.getTypeParser>[0];
const INT8_ARRAY_OID = 1016 as TypeId;
const INT4_ARRAY_OID = 1007 as TypeId;
pg.types.setTypeParser(INT8_ARRAY_OID, pg.types.getTypeParser(INT4_ARRAY_OID, 'text'));
// Times as ms since the epoch, as SQLite stores them, in raw queries too (drizzle's own queries hand
// the text to the schema's time columns instead, columns.ts). Not a Date: `SELECT created_at` reads the
// same number on both databases.
pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, parseTimestamptzText);

/**
 * Runs `fn` while this process holds the session-level advisory lock PG_STARTUP_LOCK_KEY on a
 * dedicated connection: other processes starting at once wait at the lock, then find the work done.
 * `fn` gets the locked connection; queries through the pool use other connections (pool max >= 2).
 * If unlocking fails the connection is destroyed, which ends its session and so its lock.
 */
export async function withStartupLock<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('SELECT pg_advisory_lock($1)', [PG_STARTUP_LOCK_KEY]);
    try {
      return await fn(client);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [PG_STARTUP_LOCK_KEY]).catch((error: Error) => {
        broken = error;
      });
    }
  } catch (error) {
    broken ??= error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    client.release(broken);
  }
}

/**
 * Opens a pool on `url` and, unless told not to, applies the committed migrations under the startup
 * lock (on the locked connection itself, so a pool of any size cannot wait on itself).
 */
export async function openPgDatabase(url: string, opts: OpenPgOptions = {}): Promise<PgDatabase> {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolMax ?? databasePoolMaxSchema.parse(process.env.DATABASE_POOL_MAX || undefined),
    application_name: 'dinohunt',
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: PG_KEEPALIVE_INITIAL_DELAY_MS,
    // Times in UTC whatever the server's default, like SQLite's unixepoch(): raw SQL that formats or
    // truncates a timestamp (exports, reports) reads the same on every machine. ISO dates: the text
    // columns.ts parses.
    options: '-c TimeZone=UTC -c DateStyle=ISO',
  });
  // Without a listener an idle connection's error (server restart) would crash the process.
  pool.on('error', opts.onIdleError ?? ((error) => console.error('PostgreSQL connection lost while idle:', error.message)));
  // The pool listens on idle connections only: a connection checked out (a transaction between two
  // queries, the startup lock) that the server ends (`pg_ctl restart -m fast` sends 57P01 to every
  // session) emitted 'error' with no listener, and the process died. Its holder hears of it at its next
  // query ("not queryable", a 503: db/errors.ts), and the pool discards it when it comes back.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = drizzle(pool, { schema }) as PgDb;
  const migrationsFolder = opts.migrationsFolder ?? PG_MIGRATIONS_DIR;
  try {
    if (migrationsFolder !== false) {
      await withStartupLock(pool, (client) => migrate(drizzle(client, { schema }), { migrationsFolder }));
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  let closing: Promise<void> | undefined;
  return { db, pool, close: () => (closing ??= pool.end()) };
}
