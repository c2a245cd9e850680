// Async transactions stay transactions: while one awaits, another request's queries neither run
// inside it (and vanish with its rollback) nor see its uncommitted rows; its after-commit work
// runs only after COMMIT.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { afterCommit, closeDatabase, type Db, openDatabase } from './client';
import { rawAll, rawFirst } from './raw';
// This test is about SQLite's connection: its tables, whichever database the suite runs on.
import { missions } from './sqlite/schema';

let dir: string;
let db: Db;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dinohunt-tx-'));
  db = openDatabase(path.join(dir, 'tx.sqlite'));
});

afterEach(async () => {
  await closeDatabase(db);
  fs.rmSync(dir, { recursive: true, force: true });
});

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 5));
const missionCount = async () => (await rawFirst<{ n: number }>(db, sql`SELECT COUNT(*) AS n FROM missions`))!.n;

describe('async transactions on SQLite', () => {
  it("keeps another request's write out of a transaction that rolls back", async () => {
    const before = await missionCount();
    let release!: () => void;
    const paused = new Promise<void>((resolve) => {
      release = resolve;
    });
    const failing = db.transaction(async (tx) => {
      await tx.insert(missions).values({ name: 'rolled back', description: '' });
      await paused; // another request runs while this transaction awaits
      throw new Error('abort');
    });
    await tick();
    // Another request writes meanwhile: it must wait for the transaction, then commit on its own.
    // (A query builder runs when awaited: then() starts it now.)
    const outside = db
      .insert(missions)
      .values({ name: 'kept', description: '' })
      .returning({ id: missions.id })
      .then((rows) => rows);
    await tick();
    release();
    await expect(failing).rejects.toThrow('abort');
    const [kept] = await outside;
    expect(kept!.id).toBeGreaterThan(0);
    expect(await missionCount()).toBe(before + 1);
    expect(await db.select().from(missions).where(eq(missions.name, 'rolled back'))).toEqual([]);
  });

  it('never shows uncommitted rows to a reader outside the transaction', async () => {
    let release!: () => void;
    const paused = new Promise<void>((resolve) => {
      release = resolve;
    });
    const writing = db.transaction(async (tx) => {
      await tx.insert(missions).values({ name: 'pending', description: '' });
      await paused;
    });
    await tick();
    let seen: unknown[] | undefined;
    const reading = rawAll(db, sql`SELECT name FROM missions WHERE name = 'pending'`).then((rows) => {
      seen = rows;
    });
    await tick();
    expect(seen).toBeUndefined(); // the reader waits for the transaction
    release();
    await writing;
    await reading;
    expect(seen).toEqual([{ name: 'pending' }]);
  });

  it('runs after-commit work only after COMMIT, and never after a rollback', async () => {
    const heard: string[] = [];
    await db.transaction(async (tx) => {
      await tx.insert(missions).values({ name: 'a', description: '' });
      afterCommit(tx, () => heard.push('committed'));
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual(['committed']);
    await expect(
      db.transaction(async (tx) => {
        afterCommit(tx, () => heard.push('rolled back'));
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(heard).toEqual(['committed']);
  });

  it('runs transactions one after another', async () => {
    const order: string[] = [];
    const one = db.transaction(async () => {
      order.push('one:start');
      await tick();
      order.push('one:end');
    });
    const two = db.transaction(async () => {
      order.push('two:start');
      order.push('two:end');
    });
    await Promise.all([one, two]);
    expect(order).toEqual(['one:start', 'one:end', 'two:start', 'two:end']);
  });
});
