// The portable backup restores into either database: a hunt played on the running database,
// backed up, restored into the other dialect, backed up again and restored into a fresh database
// of the first kind gives the same rows, table by table (SQLite -> PostgreSQL -> SQLite in
// `npm test`; PostgreSQL -> SQLite -> PostgreSQL in test:integration:pg).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asRunningDb } from '../../../test/support/either-dialect';
import { createTestPgDatabase, type TestPgDatabase } from '../../../test/support/pg-database';
import { ApiClient, startTestServer, subscribedGameMaster, type TestServer } from '../../../test/support/harness';
import { BackupError, backupTables, readBackup, restoreBackup, writeBackup } from './backup';
import { type AnyDb, closeDatabase, type Db, dialectOf, openDatabase } from './client';
import { openPgDataApi } from './pg/async-db';
import { isPostgresUrl } from './running-dialect';
import type { missions } from './schema';

/** The PostgreSQL server tests may use: CI exports DINOHUNT_PG_URL (.ci/postgres.sh). */
const pgBaseUrl = [process.env.DATABASE_URL, process.env.DINOHUNT_PG_URL].find(isPostgresUrl);

let server: TestServer;
let dir: string;
const opened: { db: AnyDb; drop?: () => Promise<void> }[] = [];

beforeAll(async () => {
  server = await startTestServer();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dinohunt-backup-'));
  // A hunt with a bit of everything: a subscribed game master, a session, a guest, a position, a message.
  const gm = await subscribedGameMaster(server);
  const created = await gm.post('/api/game-sessions', { name: 'Backed up', password: 'raptor-4821' });
  const sessionId = created.body.id as number;
  await gm.post(`/api/game-sessions/${sessionId}/start`);
  const guest = new ApiClient(server.url);
  await guest.post('/api/hunter/join-session', { sessionId, password: 'raptor-4821', hunterHandle: 'Rex' });
  expect((await guest.post(`/api/game-sessions/${sessionId}/location`, { lat: 51.5, lng: -0.12, accuracy: 8 })).status).toBe(200);
  expect((await guest.post(`/api/game-sessions/${sessionId}/communications`, { message: 'Tracks by the lake' })).status).toBe(200);
});

afterAll(async () => {
  for (const { db, drop } of opened) {
    await closeDatabase(db);
    await drop?.();
  }
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function freshDatabase(dialect: 'sqlite' | 'pg'): Promise<Db> {
  if (dialect === 'sqlite') {
    const db = openDatabase(path.join(dir, `${opened.length}.sqlite`));
    opened.push({ db });
    return asRunningDb(db);
  }
  const database: TestPgDatabase = await createTestPgDatabase(pgBaseUrl);
  const db = await openPgDataApi(database.url);
  opened.push({ db, drop: database.drop });
  return asRunningDb(db);
}

/** Every row of every backed-up table, in a stable order, as the backup file holds them. */
async function rowsOf(file: string) {
  const { rows } = await readBackup(file);
  const sorted: Record<string, string[]> = {};
  for (const [table, list] of rows) sorted[table] = list.map((row) => JSON.stringify(row, Object.keys(row).sort())).sort();
  return sorted;
}

describe('portable backup', () => {
  it('round-trips through the other database with the same rows', async ({ skip }) => {
    if (!pgBaseUrl) skip('needs PostgreSQL: set DINOHUNT_PG_URL (.ci/run does) to run the round trip');
    const first = dialectOf(server.deps.db);
    const other = first === 'sqlite' ? 'pg' : 'sqlite';
    const original = path.join(dir, 'original.jsonl.gz');
    const { rows } = await writeBackup(server.deps.db, original);
    expect(rows).toBeGreaterThan(20);

    const across = await freshDatabase(other);
    await restoreBackup(across, original);
    const viaOther = path.join(dir, 'via-other.jsonl.gz');
    await writeBackup(across, viaOther);

    const back = await freshDatabase(first);
    await restoreBackup(back, viaOther);
    const roundTrip = path.join(dir, 'round-trip.jsonl.gz');
    await writeBackup(back, roundTrip);

    const before = await rowsOf(original);
    expect(Object.keys(before)).not.toContain('auth_sessions');
    expect(before.game_sessions).toHaveLength(1);
    expect(before.positions).toHaveLength(1);
    expect(await rowsOf(viaOther)).toEqual(before);
    expect(await rowsOf(roundTrip)).toEqual(before);

    // Ids go on from the restored ones: a new row does not collide.
    const [mission] = await back.insert(backupTablesByName(first).missions).values({ name: 'After restore' }).returning();
    expect(mission).toBeDefined();
  });

  it('refuses a database that is not empty, and a file that is not a backup', async () => {
    const file = path.join(dir, 'again.jsonl.gz');
    await writeBackup(server.deps.db, file);
    await expect(restoreBackup(server.deps.db, file)).rejects.toThrow(
      new BackupError('The database is not empty: restore into a fresh database, or pass --replace'),
    );
    const junk = path.join(dir, 'junk.jsonl.gz');
    fs.writeFileSync(junk, zlib.gzipSync('{"hello":"world"}\n'));
    await expect(restoreBackup(await freshDatabase(dialectOf(server.deps.db)), junk)).rejects.toThrow('Not a Dinohunt backup file');
    fs.writeFileSync(junk, 'plain text');
    await expect(readBackup(junk)).rejects.toThrow(BackupError);
  });

  it('with replace, swaps the rows of a used database for the backup', async () => {
    const file = path.join(dir, 'replace.jsonl.gz');
    await writeBackup(server.deps.db, file);
    const target = await freshDatabase(dialectOf(server.deps.db));
    await restoreBackup(target, file);
    await target.insert(backupTablesByName(dialectOf(target)).missions).values({ name: 'Not in the backup' });
    await restoreBackup(target, file, { replace: true });
    const after = path.join(dir, 'replaced.jsonl.gz');
    await writeBackup(target, after);
    expect(await rowsOf(after)).toEqual(await rowsOf(file));
  });
});

function backupTablesByName(dialect: 'sqlite' | 'pg') {
  return Object.fromEntries(backupTables(dialect).map(({ name, table }) => [name, table])) as unknown as { missions: typeof missions };
}
