// Acknowledged writes survive a power loss: every commit is synced (SQLite: synchronous = FULL,
// WAL; PostgreSQL: fsync and synchronous_commit on).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import { dialectOf } from './client';
import { rawFirst } from './raw';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

it('syncs every commit: SQLite in WAL mode with synchronous = FULL, PostgreSQL with fsync and synchronous_commit', async () => {
  const db = server.deps.db;
  if (dialectOf(db) === 'pg') {
    expect(await rawFirst(db, sql`SHOW fsync`)).toEqual({ fsync: 'on' });
    expect(await rawFirst(db, sql`SHOW synchronous_commit`)).toEqual({ synchronous_commit: 'on' });
    return;
  }
  expect(await rawFirst(db, sql`PRAGMA journal_mode`)).toEqual({ journal_mode: 'wal' });
  expect(await rawFirst(db, sql`PRAGMA synchronous`)).toEqual({ synchronous: 2 }); // FULL
});
