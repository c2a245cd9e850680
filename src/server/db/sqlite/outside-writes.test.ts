// Commits by another connection (an sqlite3 shell, another process) still reach the sign-in
// generation now that PRAGMA data_version is asked only when the WAL index header moved
// (wal-index-header.ts, decision 912): every outside commit is seen at the next lookup, after
// our own writes, after checkpoints that restart the WAL, and without a WAL file at all; and the
// lookups of one event-loop turn share one check, which runs after the last of them asked (decision 915).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installSignInInvalidation, noteOutsideWrites, outsideWritesNoted, signInGeneration } from './sign-in-generation';
import { WalIndexHeader } from './wal-index-header';

let dir: string;
let file: string;
let app: Database.Database;
let shell: Database.Database;
let stopWatching: () => void;

function openWal(name: string): Database.Database {
  const connection = new Database(name);
  connection.pragma('journal_mode = WAL');
  return connection;
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dinohunt-outside-'));
  file = path.join(dir, 'app.db');
  app = openWal(file);
  app.exec(`CREATE TABLE users (id TEXT PRIMARY KEY, account_status TEXT);
            CREATE TABLE auth_sessions (id TEXT PRIMARY KEY);
            CREATE TABLE game_sessions (id INTEGER PRIMARY KEY);
            CREATE TABLE positions (id INTEGER PRIMARY KEY, lat REAL);
            INSERT INTO users VALUES ('u1', 'active');`);
  stopWatching = installSignInInvalidation(app);
  shell = openWal(file);
});

afterEach(() => {
  shell.close();
  stopWatching();
  app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The generation as the next sign-in lookup sees it. */
const lookup = () => {
  noteOutsideWrites(app);
  return signInGeneration(app)!;
};

describe('WalIndexHeader', () => {
  it('says "unchanged" until anyone commits: our connection or another', () => {
    const header = WalIndexHeader.open(file);
    try {
      header.remember();
      expect(header.changedSinceRemembered()).toBe(false);
      app.prepare('SELECT * FROM users').all();
      expect(header.changedSinceRemembered()).toBe(false);
      app.prepare('INSERT INTO positions (lat) VALUES (1)').run();
      expect(header.changedSinceRemembered()).toBe(true);
      header.remember();
      expect(header.changedSinceRemembered()).toBe(false);
      shell.prepare('INSERT INTO positions (lat) VALUES (2)').run();
      expect(header.changedSinceRemembered()).toBe(true);
    } finally {
      header.close();
    }
  });

  it('without a -shm file (in memory, a missing file) always says "changed", so SQLite is always asked', () => {
    for (const header of [WalIndexHeader.open(':memory:'), WalIndexHeader.open(path.join(dir, 'missing.db'))]) {
      header.remember();
      expect(header.changedSinceRemembered()).toBe(true);
      header.close();
    }
  });
});

describe('noteOutsideWrites', () => {
  it('moves the generation at the next lookup after every outside commit, and not after reads alone', () => {
    let generation = lookup();
    for (let i = 0; i < 50; i++) expect(lookup()).toBe(generation);
    for (let round = 0; round < 300; round++) {
      // Our own writes in between (they move the header too, and must not hide the next outside one).
      if (round % 3 !== 0) app.prepare('INSERT INTO positions (lat) VALUES (?)').run(round);
      expect(lookup()).toBe(generation);
      // A new value each time: an UPDATE to the value already stored commits no change.
      shell.prepare('UPDATE users SET account_status = ? WHERE id = ?').run(round % 2 ? 'active' : 'suspended', 'u1');
      const next = lookup();
      expect(next, `round ${round}`).toBeGreaterThan(generation);
      generation = next;
    }
  });

  it('sees an outside commit right after a checkpoint restarted the WAL (from either connection)', () => {
    let generation = lookup();
    for (const [i, checkpointer] of [app, shell, app].entries()) {
      shell.prepare('INSERT INTO positions (lat) VALUES (1)').run();
      generation = lookup();
      checkpointer.pragma('wal_checkpoint(TRUNCATE)');
      lookup();
      shell.prepare('UPDATE users SET account_status = ? WHERE id = ?').run(`suspended ${i}`, 'u1');
      expect(lookup()).toBeGreaterThan(generation);
      generation = lookup();
    }
  });

  it('a connection without a WAL index (in memory) asks SQLite at every lookup', () => {
    const memory = new Database(':memory:');
    memory.exec('CREATE TABLE users (id TEXT); CREATE TABLE auth_sessions (id TEXT); CREATE TABLE game_sessions (id INTEGER);');
    const stop = installSignInInvalidation(memory);
    try {
      const before = signInGeneration(memory);
      noteOutsideWrites(memory);
      expect(signInGeneration(memory)).toBe(before);
    } finally {
      stop();
      memory.close();
    }
  });
});

describe('outsideWritesNoted', () => {
  const suspend = (status: string) => shell.prepare('UPDATE users SET account_status = ? WHERE id = ?').run(status, 'u1');

  it("one check serves every lookup that asked before it ran, and it sees a commit made after the last one asked", async () => {
    const before = lookup();
    const looks = vi.spyOn(WalIndexHeader.prototype, 'changedSinceRemembered');
    try {
      const asked = Array.from({ length: 25 }, () => outsideWritesNoted(app));
      expect(new Set(asked).size).toBe(1);
      // Committed after every lookup asked, before the turn ended: the shared check still sees it.
      suspend('suspended');
      await Promise.all(asked);
      expect(looks).toHaveBeenCalledTimes(1);
      expect(signInGeneration(app)).toBeGreaterThan(before);
    } finally {
      looks.mockRestore();
    }
  });

  it('a lookup that asks once a check has run waits for a new one, which sees the commits made since', async () => {
    let generation = lookup();
    let previous: Promise<void> | undefined;
    for (let round = 0; round < 50; round++) {
      suspend(round % 2 ? 'active' : 'suspended');
      const check = outsideWritesNoted(app);
      expect(check).not.toBe(previous);
      await check;
      expect(signInGeneration(app), `round ${round}`).toBeGreaterThan(generation);
      generation = signInGeneration(app)!;
      await outsideWritesNoted(app);
      expect(signInGeneration(app)).toBe(generation);
      previous = check;
    }
  });

  it('a check that fails rejects the lookups waiting for it; none waits on a connection without the watch', async () => {
    const other = openWal(path.join(dir, 'other.db'));
    other.exec('CREATE TABLE users (id TEXT); CREATE TABLE auth_sessions (id TEXT); CREATE TABLE game_sessions (id INTEGER);');
    expect(outsideWritesNoted(other)).toBeUndefined();
    const stop = installSignInInvalidation(other);
    const writer = openWal(path.join(dir, 'other.db'));
    writer.exec('INSERT INTO users VALUES (1)');
    writer.close();
    other.close();
    try {
      // The header moved, so SQLite is asked, on a connection that is closed.
      await expect(outsideWritesNoted(other)).rejects.toThrow(/not open/);
    } finally {
      stop();
    }
  });
});
