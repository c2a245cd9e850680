// The PostgreSQL connection (decisions 860-863): migration on open runs once however many processes
// start together, numbers come back as numbers, and rows read back as they do on SQLite.
// Needs a PostgreSQL server: DATABASE_URL (postgres://) or DINOHUNT_PG_URL, exported by .ci/run;
// without one (a machine with no PostgreSQL) this file is skipped (decision 863).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { asc, count, eq, lt, sql } from 'drizzle-orm';
import { drizzle as sqliteDrizzle } from 'drizzle-orm/better-sqlite3';
import { migrate as sqliteMigrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestPgDatabase, type TestPgDatabase } from '../../../../test/support/pg-database';
import { isDatabaseUnavailable } from '../errors';
import * as sqliteSchema from '../sqlite/schema';
import { isPostgresUrl, openPgDatabase, PG_MIGRATIONS_DIR, type PgDatabase, withStartupLock } from './client';
import { parseTimestamptzText } from './columns';
import { realignIdentitySequences } from './identity';
import * as pgSchema from './schema';

const baseUrl = isPostgresUrl(process.env.DATABASE_URL) ? process.env.DATABASE_URL : process.env.DINOHUNT_PG_URL;

const journal = JSON.parse(fs.readFileSync(path.join(PG_MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
  entries: { idx: number; when: number; tag: string; version: string; breakpoints: boolean }[];
};

/** The committed migrations plus one that is not idempotent: run twice, it would leave two rows. */
function migrationsWithProbe(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dinohunt-pg-migrations-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  for (const entry of journal.entries) {
    fs.copyFileSync(path.join(PG_MIGRATIONS_DIR, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  }
  const last = journal.entries.at(-1)!;
  const probe = { ...last, idx: last.idx + 1, when: last.when + 1, tag: '9999_probe' };
  fs.writeFileSync(
    path.join(dir, `${probe.tag}.sql`),
    `INSERT INTO "subscription_plans" ("name", "price", "features", "max_players_per_session") VALUES ('probe', '0', '[]', 1);`,
  );
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: [...journal.entries, probe] }));
  return dir;
}

describe.skipIf(!baseUrl)('openPgDatabase', () => {
  const databases: TestPgDatabase[] = [];
  const opened: PgDatabase[] = [];
  const freshDatabase = async () => {
    const created = await createTestPgDatabase(baseUrl);
    databases.push(created);
    return created;
  };
  const open = async (...args: Parameters<typeof openPgDatabase>) => {
    const database = await openPgDatabase(...args);
    opened.push(database);
    return database;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((d) => d.close()));
    await Promise.all(databases.splice(0).map((d) => d.drop()));
  });

  it('migrates a fresh database exactly once when three processes open it at once', async () => {
    const { url } = await freshDatabase();
    const migrationsFolder = migrationsWithProbe();
    try {
      const [first] = await Promise.all([1, 2, 3].map(() => open(url, { poolMax: 2, migrationsFolder })));
      const applied = await first!.pool.query<{ hash: string; times: number }>(
        'SELECT hash, count(*) AS times FROM drizzle.__drizzle_migrations GROUP BY hash',
      );
      expect(applied.rows).toHaveLength(journal.entries.length + 1);
      expect(applied.rows.every((r) => r.times === 1)).toBe(true);
      const probes = await first!.db
        .select({ n: count() })
        .from(pgSchema.subscriptionPlans)
        .where(eq(pgSchema.subscriptionPlans.name, 'probe'));
      expect(probes).toEqual([{ n: 1 }]);
    } finally {
      fs.rmSync(migrationsFolder, { recursive: true, force: true });
    }
  });

  it('opens an up-to-date database without migrating again, and a pool of one connection does not wait on itself', async () => {
    const { url } = await freshDatabase();
    await (await open(url)).close();
    const again = await open(url, { poolMax: 1 });
    const applied = await again.pool.query('SELECT count(*) AS n FROM drizzle.__drizzle_migrations');
    expect(applied.rows).toEqual([{ n: journal.entries.length }]);
  });

  it('lets one holder of the startup lock run at a time, and frees it when the work fails', async () => {
    const { url } = await freshDatabase();
    const a = await open(url, { migrationsFolder: false });
    const b = await open(url, { migrationsFolder: false });
    const spans: { who: string; start: number; end: number }[] = [];
    const hold = (who: string) => async () => {
      const start = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 150));
      spans.push({ who, start, end: performance.now() });
    };
    await Promise.all([withStartupLock(a.pool, hold('a')), withStartupLock(b.pool, hold('b'))]);
    spans.sort((x, y) => x.start - y.start);
    expect(spans).toHaveLength(2);
    expect(spans[1]!.start).toBeGreaterThanOrEqual(spans[0]!.end);

    await expect(
      withStartupLock(a.pool, async () => {
        throw new Error('seed failed');
      }),
    ).rejects.toThrow('seed failed');
    const quickly = await Promise.race([
      withStartupLock(b.pool, async () => 'locked'),
      new Promise((resolve) => setTimeout(() => resolve('still held'), 5_000)),
    ]);
    expect(quickly).toBe('locked');
  });

  it('hands out ids past those inserted with their ids once the sequences are realigned', async () => {
    const { url } = await freshDatabase();
    const { db } = await open(url);
    const { subscriptionPlans: plans, events } = pgSchema;
    const plan = (id: number) => ({ id, name: `p${id}`, price: '1', features: [], maxPlayersPerSession: 5 });
    await db.insert(plans).values([plan(1), plan(2), plan(40)]);
    // Unaligned, the sequence hands out 1 again: a unique violation.
    await expect(db.insert(plans).values({ ...plan(0), id: undefined })).rejects.toMatchObject({ cause: { code: '23505' } });
    await db.insert(events).values({ id: 3_000_000_000, type: 't', payload: {} });
    await realignIdentitySequences(db);
    const [next] = await db.insert(plans).values({ ...plan(0), id: undefined }).returning({ id: plans.id });
    expect(next).toEqual({ id: 41 });
    const [nextEvent] = await db.insert(events).values({ type: 't', payload: {} }).returning({ id: events.id });
    expect(nextEvent).toEqual({ id: 3_000_000_001 });
    // An empty table starts again at 1.
    await realignIdentitySequences(db);
    const [firstLayout] = await db.execute<{ n: number }>(sql`SELECT nextval(pg_get_serial_sequence('gm_layouts', 'id')) AS n`).then((r) => r.rows);
    expect(firstLayout).toEqual({ n: 1 });
  });

  it('rejects and ends its pool when the database does not exist', async () => {
    const url = new URL(baseUrl!);
    url.pathname = '/dinohunt_t_missing';
    await expect(openPgDatabase(url.toString())).rejects.toThrow(/does not exist/);
  });

  it('answers counts, sums and bigint columns as numbers', async () => {
    const { url } = await freshDatabase();
    const { db } = await open(url);
    await db.insert(pgSchema.subscriptionPlans).values([
      { name: 'a', price: '1', features: [], maxPlayersPerSession: 5 },
      { name: 'b', price: '2', features: [], maxPlayersPerSession: 7 },
    ]);
    const raw = await db.execute<{ n: unknown; total: unknown; mean: unknown }>(
      sql`SELECT count(*) AS n, sum(max_players_per_session) AS total, avg(max_players_per_session) AS mean FROM subscription_plans`,
    );
    expect(raw.rows).toEqual([{ n: 2, total: 12, mean: 6 }]);
    const ids = await db.execute<{ ids: unknown }>(sql`SELECT array_agg(id::bigint ORDER BY id) AS ids FROM subscription_plans`);
    expect(ids.rows).toEqual([{ ids: [1, 2] }]);
  });
  it('survives the server ending a connection someone holds, who then hears the database is unavailable', async () => {
    const { url } = await freshDatabase();
    const { pool } = await open(url, { migrationsFolder: false });
    // Checked out and idle between two queries, as a transaction is while its service awaits something else.
    const held = await pool.connect();
    const { rows } = await held.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    // What `pg_ctl restart -m fast` sends every session (57P01): unheard, it crashed the process.
    await pool.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const failure = await held.query('SELECT 1').then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isDatabaseUnavailable(failure)).toBe(true);
    held.release();
    // The pool discarded it and answers from a fresh connection.
    expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });
});

describe.skipIf(!baseUrl)('a row on PostgreSQL', () => {
  let database: TestPgDatabase;
  let pg: PgDatabase;
  const openSqlite = () => sqliteDrizzle(new Database(':memory:'), { schema: sqliteSchema });
  let sqlite: ReturnType<typeof openSqlite>;
  beforeAll(async () => {
    database = await createTestPgDatabase(baseUrl);
    pg = await openPgDatabase(database.url);
    // The same rows on SQLite, migrated as the app does (without the app's connection set-up: only the tables matter).
    sqlite = openSqlite();
    sqlite.$client.pragma('foreign_keys = ON');
    sqliteMigrate(sqlite, { migrationsFolder: path.resolve('db/migrations') });
  });
  afterAll(async () => {
    await pg?.close();
    await database?.drop();
    sqlite?.$client.close();
  });

  // Times with milliseconds, a coordinate float4 would round, JSON, booleans, nulls, seconds.
  const at = 1_795_320_147_626;
  const user = { id: 'u1', username: 'Rex', role: 'gamemaster' as const, isGuest: false, createdAt: at };
  const signIn = { id: 'hash', userId: 'u1', expiresAt: 1_795_406_547, absoluteExpiresAt: 1_795_924_947, gameSessionId: null };
  const session = {
    id: 7,
    ownerId: 'u1',
    name: 'Jurassic Walk',
    password: 'pw',
    maxPlayers: 25,
    duration: 60,
    startTime: at + 1,
    pausedAt: null,
    pausedTotalMs: 3_000_000_000,
    playArea: [
      { lat: 48.858370123456, lng: 2.294481234567 },
      { lat: 48.8594, lng: 2.2951 },
      { lat: 48.8577, lng: 2.2963 },
    ],
    noGoZones: [[{ lat: 48.8581, lng: 2.2949 }]],
    isPublic: true,
    meetingLat: 48.858370123456,
    meetingLng: -2.294481234567,
  };
  const player = { id: 3, sessionId: 7, userId: 'u1', handle: 'Émile', distanceTraveledM: 1234.56789, lastPositionAt: at + 999 };
  const fix = { sessionId: 7, playerId: 3, lat: -33.868819876543, lng: 151.209295432198, accuracy: 4.2, precision: 'high', recordedAt: at + 2 };
  const event = { sessionId: 7, type: 'position', audience: 'owner', payload: { lat: 1.5, nested: { ok: true }, list: [1, 'two'] }, createdAt: at };

  it('reads back exactly as the same row on SQLite', async () => {
    await pg.db.insert(pgSchema.users).values(user);
    await pg.db.insert(pgSchema.authSessions).values(signIn);
    await pg.db.insert(pgSchema.gameSessions).values(session);
    await pg.db.insert(pgSchema.sessionPlayers).values(player);
    await pg.db.insert(pgSchema.positions).values(fix);
    await pg.db.insert(pgSchema.events).values(event);
    sqlite.insert(sqliteSchema.users).values(user).run();
    sqlite.insert(sqliteSchema.authSessions).values(signIn).run();
    sqlite.insert(sqliteSchema.gameSessions).values(session).run();
    sqlite.insert(sqliteSchema.sessionPlayers).values(player).run();
    sqlite.insert(sqliteSchema.positions).values(fix).run();
    sqlite.insert(sqliteSchema.events).values(event).run();

    const both = async <T>(pgRows: Promise<T[]>, sqliteRows: T[]) => {
      const rows = await pgRows;
      expect(rows).toHaveLength(1);
      expect(rows).toEqual(sqliteRows);
      return rows[0]!;
    };
    const { users, authSessions, gameSessions, sessionPlayers, positions, events } = pgSchema;
    const s = sqliteSchema;
    expect(await both(pg.db.select().from(users), sqlite.select().from(s.users).all())).toMatchObject(user);
    expect(await both(pg.db.select().from(authSessions), sqlite.select().from(s.authSessions).all())).toEqual(signIn);
    // created_at is each database's own clock: compare everything else.
    const { createdAt: pgCreated, ...pgSession } = await both(
      pg.db.select().from(gameSessions).then((rows) => rows.map((r) => ({ ...r, createdAt: 0 }))),
      sqlite.select().from(s.gameSessions).all().map((r) => ({ ...r, createdAt: 0 })),
    );
    expect(pgCreated).toBe(0);
    expect(pgSession).toMatchObject(session);
    await both(
      pg.db.select().from(sessionPlayers).then((rows) => rows.map((r) => ({ ...r, joinedAt: 0 }))),
      sqlite.select().from(s.sessionPlayers).all().map((r) => ({ ...r, joinedAt: 0 })),
    );
    expect(await both(pg.db.select().from(positions), sqlite.select().from(s.positions).all())).toMatchObject(fix);
    expect(await both(pg.db.select().from(events), sqlite.select().from(s.events).all())).toMatchObject(event);
  });

  it('stores times as timestamps with time zone, in ms and in seconds, and compares them with numbers', async () => {
    const { rows } = await pg.pool.query(
      `SELECT (SELECT recorded_at = to_timestamp($1::double precision / 1000) FROM positions) AS ms_exact,
              (SELECT expires_at = to_timestamp($2) FROM auth_sessions) AS seconds_exact,
              pg_typeof((SELECT recorded_at FROM positions))::text AS type`,
      [fix.recordedAt, signIn.expiresAt],
    );
    expect(rows).toEqual([{ ms_exact: true, seconds_exact: true, type: 'timestamp with time zone' }]);
    const { positions } = pgSchema;
    expect(await pg.db.select({ id: positions.id }).from(positions).where(lt(positions.recordedAt, fix.recordedAt))).toEqual([]);
    expect(await pg.db.select({ id: positions.id }).from(positions).where(eq(positions.recordedAt, fix.recordedAt))).toHaveLength(1);
  });

  it('reads times as ms in raw queries too, whatever the session time zone', async () => {
    const raw = await pg.pool.query('SELECT recorded_at, now() AS now FROM positions');
    expect(raw.rows[0]).toMatchObject({ recorded_at: fix.recordedAt });
    expect(typeof raw.rows[0].now).toBe('number');
    const client = await pg.pool.connect();
    try {
      const times = [0, 1, -1, 999, 1_795_320_147_626, -2_208_988_800_000, 4_102_444_799_999, -62_135_596_800_000];
      for (let i = 0; i < 50; i++) times.push(Math.round(-3e12 + (i / 50) * 7e12 + i * 7_919));
      for (const zone of ['UTC', 'Asia/Kolkata', 'America/St_Johns', 'Europe/Amsterdam', 'Pacific/Chatham']) {
        await client.query(`SET TimeZone = '${zone}'`);
        const { rows } = await client.query<{ text: string; ms: number }>(
          'SELECT to_timestamp(t / 1000.0)::timestamp(3) with time zone::text AS text, to_timestamp(t / 1000.0)::timestamp(3) with time zone AS ms FROM unnest($1::bigint[]) AS t',
          [times],
        );
        expect(rows.map((r) => parseTimestamptzText(r.text)), zone).toEqual(times);
        expect(rows.map((r) => r.ms), zone).toEqual(times);
      }
    } finally {
      await client.query('RESET TimeZone');
      client.release();
    }
  });

  it('does time arithmetic in raw SQL as db/dialect.ts writes it (extract(epoch), to_timestamp)', async () => {
    // A time as ms: exact (extract gives numeric); ms as a time: to_timestamp of seconds as a double,
    // which rounds back to the same microsecond, hence the same ms, for any time before 2106.
    const { rows } = await pg.pool.query(
      `SELECT (extract(epoch from recorded_at) * 1000)::bigint AS ms,
              (extract(epoch from to_timestamp($1::double precision)) * 1000)::bigint - (extract(epoch from recorded_at) * 1000)::bigint AS later,
              recorded_at = to_timestamp($2::double precision) AS same
       FROM positions`,
      [(fix.recordedAt + 1_500) / 1000, fix.recordedAt / 1000],
    );
    expect(rows).toEqual([{ ms: fix.recordedAt, later: 1_500, same: true }]);
    for (const ms of [0, 1, 999, 1_795_320_147_999, 4_102_444_799_999]) {
      const { rows: back } = await pg.pool.query('SELECT (extract(epoch from to_timestamp($1::double precision)) * 1000)::bigint AS ms', [ms / 1000]);
      expect(back).toEqual([{ ms }]);
    }
  });

  it('fills a default time with the server clock, as a number of ms', async () => {
    const before = Date.now();
    await pg.db.insert(pgSchema.stripeEvents).values({ id: 'evt_1', type: 'checkout.session.completed' });
    const after = Date.now();
    const [row] = await pg.db.select().from(pgSchema.stripeEvents).orderBy(asc(pgSchema.stripeEvents.id));
    // The database server may run on another clock: allow a little drift.
    expect(row!.receivedAt).toBeGreaterThan(before - 2_000);
    expect(row!.receivedAt).toBeLessThan(after + 2_000);
    expect(Number.isInteger(row!.receivedAt)).toBe(true);
  });
});

describe.skipIf(!baseUrl)('createTestPgDatabase', () => {
  it('creates a database of its own and drops it even with a connection open', async () => {
    const created = await createTestPgDatabase(baseUrl);
    expect(created.name).toMatch(/^dinohunt_t_[0-9a-f]{12}$/);
    // Dropping the database ends this pool's idle connection: expected here.
    const { pool, close } = await openPgDatabase(created.url, { migrationsFolder: false, onIdleError: () => {} });
    const exists = async () =>
      (await pool.query('SELECT 1 FROM pg_database WHERE datname = $1', [created.name]).catch(() => ({ rowCount: 0 }))).rowCount;
    expect(await exists()).toBe(1);
    const watcher = await openPgDatabase(baseUrl!, { migrationsFolder: false });
    try {
      await created.drop();
      await created.drop();
      const left = await watcher.pool.query('SELECT 1 FROM pg_database WHERE datname = $1', [created.name]);
      expect(left.rowCount).toBe(0);
    } finally {
      await close().catch(() => {});
      await watcher.close();
    }
  });
});
