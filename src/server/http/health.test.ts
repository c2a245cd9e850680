// /healthz and /readyz (issue #28, decision 897): what a load balancer reads, on either database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READY_DATABASE_TIMEOUT_MS } from './limits';
import { closeDatabase, MIGRATIONS_DIR } from '../db/client';
import { handleOf } from '../db/connection-handle';
import { lastJournalEntry } from '../db/operations';
import { PG_MIGRATIONS_DIR } from '../db/pg/client';
import { users } from '../db/schema';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import { createReadiness } from './health';

let server: TestServer;

beforeAll(async () => {
  // The smallest pool, so that two open transactions hold every connection (the 'database slow' case).
  // db/pg/client.ts reads DATABASE_POOL_MAX from the environment as the pool opens.
  const before = process.env.DATABASE_POOL_MAX;
  process.env.DATABASE_POOL_MAX = '2';
  try {
    server = await startTestServer();
  } finally {
    if (before === undefined) delete process.env.DATABASE_POOL_MAX;
    else process.env.DATABASE_POOL_MAX = before;
  }
});
afterAll(async () => {
  await server.close();
});

const get = (pathname: string, method = 'GET') => fetch(`${server.url}${pathname}`, { method });

describe('/healthz', () => {
  it('answers 200 while the process runs: no cookie, no caching, HEAD too', async () => {
    const res = await get('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('set-cookie')).toBeNull();
    const head = await get('/healthz', 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('is not part of the REST API: absent from the OpenAPI document', async () => {
    const doc = (await (await get('/api/openapi.json')).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).some((p) => /healthz|readyz/.test(p))).toBe(false);
  });
});

describe('/readyz', () => {
  it('answers 200 once the database answers, the migrations are applied and the events are caught up', async () => {
    const res = await get('/readyz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready' });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect((await get('/readyz', 'HEAD')).status).toBe(200);
  });

  it("answers 503 'events behind' while the event bus has not delivered every committed event", async () => {
    const bus = server.deps.bus;
    const caughtUp = bus.caughtUp;
    bus.caughtUp = () => false;
    try {
      const res = await get('/readyz');
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'not ready', reason: 'events behind', error: 'Not ready: events behind' });
      expect(res.headers.get('cache-control')).toBe('no-store');
    } finally {
      bus.caughtUp = caughtUp;
    }
    expect((await get('/readyz')).status).toBe(200);
  });

  it("answers 503 'database slow' while the database cannot answer within the bound, 200 again after", async () => {
    // Two transactions left open: SQLite runs one at a time (the outer queries wait for it); on
    // PostgreSQL they hold both connections of the pool, so the check's query waits for one.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const open = [0, 1].map(() =>
      server.deps.db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).limit(1);
        await held;
      }),
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const started = Date.now();
      const res = await get('/readyz');
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ reason: 'database slow' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(READY_DATABASE_TIMEOUT_MS - 50);
      expect(Date.now() - started).toBeLessThan(READY_DATABASE_TIMEOUT_MS + 1500);
    } finally {
      release();
      await Promise.all(open);
    }
    expect((await get('/readyz')).status).toBe(200);
  });

  it("reads 'stopping' from the moment shutdown begins (the served answer: shutdown.test.ts)", async () => {
    const readiness = createReadiness(server.deps.db, server.deps.bus);
    expect(await readiness.check()).toEqual({ ready: true });
    readiness.beginStopping();
    expect(readiness.stopping).toBe(true);
    expect(await readiness.check()).toEqual({ ready: false, reason: 'stopping' });
  });
});

describe('the readiness checks', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dinohunt-readyz-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("reads 'migrations pending' while the journal has an entry the database has not applied", async () => {
    const source = handleOf(server.deps.db).dialect === 'pg' ? PG_MIGRATIONS_DIR : MIGRATIONS_DIR;
    const journal = JSON.parse(fs.readFileSync(path.join(source, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number; tag: string }[] };
    const newer = { ...journal, entries: [...journal.entries, { ...journal.entries.at(-1)!, idx: journal.entries.length, when: Date.now() + 60_000, tag: '9999_next' }] };
    fs.mkdirSync(path.join(dir, 'meta'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify(newer));
    expect(lastJournalEntry(dir)).toBe(newer.entries.at(-1)!.when);

    const pending = createReadiness(server.deps.db, server.deps.bus, { migrationsFolder: dir });
    expect(await pending.check()).toEqual({ ready: false, reason: 'migrations pending' });
    // The process's own journal: applied (cached from then on).
    const current = createReadiness(server.deps.db, server.deps.bus, { migrationsFolder: source });
    expect(await current.check()).toEqual({ ready: true });
  });

  it("reads 'database unreachable' once the database is closed", async () => {
    const own = await startTestServer();
    const readiness = createReadiness(own.deps.db, own.deps.bus);
    expect(await readiness.check()).toEqual({ ready: true });
    await closeDatabase(own.deps.db);
    expect(await readiness.check()).toEqual({ ready: false, reason: 'database unreachable' });
    await own.close();
  });
});
