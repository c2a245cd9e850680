// Issue #48: SQLite out of room answers 507 with a message, not 500. SQLite's max_page_count makes the
// database "full" (SQLITE_FULL, as a full disk does) without a filesystem to fill; the real disk is
// filled by db/disk-full.faults.test.ts (npm run test:faults, as root). SQLite rolls the failed write
// back by itself: drizzle's ROLLBACK after it must not hide why the write failed.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MESSAGE_LENGTH } from '../../domain/rules';
import { STORAGE_FULL_MESSAGE } from '../errors';
import { createSession, hunterIn, type Signed } from '../../../test/support/comms-kit';
import { startTestServer, subscribedGameMaster, type TestServer } from '../../../test/support/harness';
import { openTestDatabase } from '../../../test/support/test-database';
import { rawAll, rawFirst, rawRun } from './raw';
import { runningDialect } from './running-dialect';

let server: TestServer;
let hunter: Signed;
let session: number;

describe.skipIf(runningDialect() !== 'sqlite')('SQLite out of room', () => {
  beforeAll(async () => {
    server = await startTestServer();
    const gm = (await subscribedGameMaster(server)) as Signed;
    session = await createSession(server, gm.user.id);
    hunter = await hunterIn(server, session, 'Packrat');
  });
  afterAll(() => server?.close());

  it('answers writes 507 with a message, keeps reads, and writes again once there is room', async () => {
    const messages = `/api/game-sessions/${session}/communications`;
    const pages = await rawFirst<{ page_count: number }>(server.deps.db, sql.raw('PRAGMA page_count'));
    await rawRun(server.deps.db, sql.raw(`PRAGMA max_page_count = ${pages!.page_count}`));

    // Long messages until the database has no page left: each answer is a 200 (room in a page) or the 507.
    const statuses: number[] = [];
    let refusal: { status: number; body: { error?: string } } | undefined;
    for (let i = 0; i < 200 && !refusal; i += 1) {
      const res = await hunter.post(messages, { message: `${i} ${'x'.repeat(MAX_MESSAGE_LENGTH - 5)}`, recipientType: 'all' });
      statuses.push(res.status);
      if (res.status !== 200) refusal = res;
    }
    expect(refusal && { status: refusal.status, error: refusal.body.error }).toEqual({ status: 507, error: STORAGE_FULL_MESSAGE });
    const trpc = await hunter.post('/trpc/comms.send', { json: { id: session, message: 'y'.repeat(MAX_MESSAGE_LENGTH), recipientType: 'all' } });
    expect({ status: trpc.status, message: trpc.body.error.json.message, code: trpc.body.error.json.data.code }).toEqual({
      status: 507,
      message: STORAGE_FULL_MESSAGE,
      code: 'SERVICE_UNAVAILABLE',
    });

    expect((await hunter.get(messages)).status).toBe(200);

    await rawRun(server.deps.db, sql.raw('PRAGMA max_page_count = 1073741823'));
    expect((await hunter.post(messages, { message: 'Room again', recipientType: 'all' })).status).toBe(200);
    expect(await rawAll(server.deps.db, sql.raw('PRAGMA integrity_check'))).toEqual([{ integrity_check: 'ok' }]);
  });

  it('a transaction SQLite rolled back by itself fails with its own error, not a failed ROLLBACK', async () => {
    // As on a full disk, where COMMIT fails with SQLITE_FULL and SQLite has already rolled back.
    const { db, close } = await openTestDatabase();
    try {
      const full = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
      const failed = db.transaction(async (tx) => {
        await rawRun(tx, sql.raw('ROLLBACK'));
        throw full;
      });
      await expect(failed).rejects.toBe(full);
      // The connection is usable afterwards.
      expect(await rawFirst(db, sql.raw('SELECT 1 AS one'))).toEqual({ one: 1 });
    } finally {
      await close();
    }
  });
});
