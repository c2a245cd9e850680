// Acknowledged writes survive a power loss: every commit is synced (synchronous = FULL, WAL).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

it('opens SQLite in WAL mode with synchronous = FULL', () => {
  const db = server.deps.db.$client;
  expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
  expect(db.pragma('synchronous', { simple: true })).toBe(2); // FULL
});
