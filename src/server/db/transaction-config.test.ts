// db.transaction's config is honoured on both databases, never silently dropped: PostgreSQL
// begins the transaction with the isolation level and access mode asked for; SQLite (always
// serializable) makes a read-only transaction's writes fail; an option neither understands is an
// error that names it. PostgreSQL needs a server (DATABASE_URL or DINOHUNT_PG_URL), else skipped.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asRunningDb } from '../../../test/support/either-dialect';
import { createTestPgDatabase, type TestPgDatabase } from '../../../test/support/pg-database';
import { closeDatabase, type Db, openDatabase, type Queryable, type TransactionConfig } from './client';
import { readConsistently } from './consistent-read';
import { openPgDataApi } from './pg/async-db';
import { rawAll, rawFirst, rawRun } from './raw';
import { isPostgresUrl } from './running-dialect';

const pgBaseUrl = [process.env.DATABASE_URL, process.env.DINOHUNT_PG_URL].find(isPostgresUrl);

/** Raw SQL on a table that exists in both dialects' migrations. */
const insertMission = (name: string) => sql`INSERT INTO missions (name, description) VALUES (${name}, '')`;
const missionCount = async (db: Queryable, name: string) =>
  Number((await rawFirst<{ n: number | string }>(db, sql`SELECT COUNT(*) AS n FROM missions WHERE name = ${name}`))!.n);

function sharedCases(open: () => Db) {
  it('rejects an option it does not understand, naming it, before anything runs', async () => {
    const db = open();
    let ran = false;
    const work = async () => {
      ran = true;
    };
    await expect(db.transaction(work, { deferrable: true } as unknown as TransactionConfig)).rejects.toThrow(
      'db.transaction: unknown option "deferrable" (options: behavior, isolationLevel, accessMode)',
    );
    await expect(db.transaction(work, { isolationLevel: 'read uncommitted' } as unknown as TransactionConfig)).rejects.toThrow(
      'db.transaction: isolationLevel must be one of "read committed", "repeatable read", "serializable", not "read uncommitted"',
    );
    await expect(db.transaction(work, { accessMode: 'read only; DROP TABLE missions' } as unknown as TransactionConfig)).rejects.toThrow(
      'db.transaction: accessMode must be one of',
    );
    expect(ran).toBe(false);
  });

  it('fails a write in a read-only transaction, and writes again once it is over', async () => {
    const db = open();
    await expect(db.transaction(async (tx) => rawRun(tx, insertMission('read only')), { accessMode: 'read only' })).rejects.toThrow();
    expect(await missionCount(db, 'read only')).toBe(0);
    // Neither the connection (SQLite) nor the pool's client (PostgreSQL) stays read-only.
    await rawRun(db, insertMission('after'));
    await db.transaction(async (tx) => rawRun(tx, insertMission('after')), { accessMode: 'read write', isolationLevel: 'serializable' });
    expect(await missionCount(db, 'after')).toBe(2);
  });

  it('reads in a read-only transaction', async () => {
    const db = open();
    await rawRun(db, insertMission('seen'));
    const seen = await readConsistently(db, async (tx) => missionCount(tx, 'seen'));
    expect(seen).toBe(1);
  });
}

describe('transaction config on SQLite', () => {
  let dir: string;
  let db: Db;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dinohunt-txconfig-'));
    db = openDatabase(path.join(dir, 'tx.sqlite'));
  });
  afterAll(async () => {
    await closeDatabase(db);
    fs.rmSync(dir, { recursive: true, force: true });
  });
  sharedCases(() => db);

  it('refuses a read-only transaction that asks for the write lock', async () => {
    await expect(db.transaction(async () => {}, { accessMode: 'read only', behavior: 'immediate' })).rejects.toThrow(
      'db.transaction: a read-only transaction takes no write lock (behavior "immediate")',
    );
    await db.transaction(async (tx) => missionCount(tx, 'none'), { accessMode: 'read only', behavior: 'deferred' });
  });

  it('takes every isolation level (SQLite transactions are serializable) and keeps behavior', async () => {
    for (const isolationLevel of ['read committed', 'repeatable read', 'serializable'] as const) {
      await db.transaction(async (tx) => rawRun(tx, insertMission(isolationLevel)), { isolationLevel, behavior: 'exclusive' });
      expect(await missionCount(db, isolationLevel)).toBe(1);
    }
  });
});

describe.skipIf(!pgBaseUrl)('transaction config on PostgreSQL', () => {
  let database: TestPgDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await createTestPgDatabase(pgBaseUrl);
    db = asRunningDb(await openPgDataApi(database.url));
  });
  afterAll(async () => {
    await closeDatabase(db);
    await database.drop();
  });
  sharedCases(() => db);

  const settings = (config?: TransactionConfig) =>
    db.transaction(
      async (tx) =>
        (await rawAll<{ level: string; readOnly: string }>(tx, sql`SELECT current_setting('transaction_isolation') AS "level", current_setting('transaction_read_only') AS "readOnly"`))[0],
      config,
    );

  it('begins the transaction with the isolation level and access mode asked for', async () => {
    expect(await settings()).toEqual({ level: 'read committed', readOnly: 'off' });
    expect(await settings({ isolationLevel: 'repeatable read' })).toEqual({ level: 'repeatable read', readOnly: 'off' });
    expect(await settings({ isolationLevel: 'serializable', accessMode: 'read only' })).toEqual({ level: 'serializable', readOnly: 'on' });
    // SQLite's behavior has no PostgreSQL counterpart: the default transaction.
    expect(await settings({ behavior: 'immediate' })).toEqual({ level: 'read committed', readOnly: 'off' });
  });

  it('gives readConsistently one snapshot: a commit made meanwhile is not seen', async () => {
    const counts = await readConsistently(db, async (tx) => {
      const first = await missionCount(tx, 'meanwhile');
      await rawRun(db, insertMission('meanwhile')); // another connection of the pool commits
      return [first, await missionCount(tx, 'meanwhile')];
    });
    expect(counts).toEqual([0, 0]);
    expect(await missionCount(db, 'meanwhile')).toBe(1);
  });
});
