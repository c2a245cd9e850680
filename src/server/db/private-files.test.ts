// The SQLite database, its WAL and SHM, and backups are readable by the server's user only (private-files.ts):
// created 0600 under the usual umask, and tightened when an older version left them 0644.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { writeBackup } from './backup';
import { closeDatabase, type Db, openDatabase } from './client';
import { rawRun } from './raw';

let dir: string;
let previousUmask: number;
const open: Db[] = [];
beforeAll(() => {
  // The usual umask, under which a plain open creates 0644 files.
  previousUmask = process.umask(0o022);
});
afterAll(() => {
  process.umask(previousUmask);
});
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dinohunt-modes-'));
});
afterEach(async () => {
  for (const db of open.splice(0)) await closeDatabase(db);
  fs.rmSync(dir, { recursive: true, force: true });
});

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;
const openHere = (file: string) => {
  const db = openDatabase(file);
  open.push(db);
  return db;
};
/** A write, so that the WAL and the SHM exist (the connection stays open: closing removes them). */
const write = (db: Db) => rawRun(db, sql`INSERT INTO missions (name, description) VALUES ('Valley', 'Find the herd')`);

describe('database file modes', () => {
  it('a new database, its WAL and its SHM are 0600', async () => {
    const file = path.join(dir, 'new.db');
    await write(openHere(file));
    for (const name of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(name).toString(8), name).toBe('600');
  });

  it('an existing database, WAL and SHM left 0644 are tightened at start', async () => {
    const file = path.join(dir, 'old.db');
    await closeDatabase(openDatabase(file));
    fs.chmodSync(file, 0o644);
    for (const name of [`${file}-wal`, `${file}-shm`]) fs.writeFileSync(name, '', { mode: 0o644 });
    await write(openHere(file));
    for (const name of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(name).toString(8), name).toBe('600');
  });

  it('a backup is written 0600, a new file or one that was 0644', async () => {
    const db = openHere(path.join(dir, 'app.db'));
    await write(db);
    const fresh = path.join(dir, 'fresh.backup.gz');
    await writeBackup(db, fresh);
    expect(modeOf(fresh).toString(8)).toBe('600');
    const old = path.join(dir, 'old.backup.gz');
    fs.writeFileSync(old, 'stale', { mode: 0o644 });
    await writeBackup(db, old);
    expect(modeOf(old).toString(8)).toBe('600');
    expect(fs.statSync(old).size).toBeGreaterThan(5);
  });
});
