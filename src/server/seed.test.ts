// First-start data is seeded once, even when several processes start together on one database
// (issue #27: "several processes starting at once migrate and seed exactly once"). Each process is
// a connection of its own here: a pool on PostgreSQL, a better-sqlite3 connection to one file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from './config';
import { closeDatabase, connectDatabase, type Db } from './db/client';
import { runningDialect } from './db/running-dialect';
import { dinosaurSpecies, subscriptionPlans, users } from './db/schema';
import { seed } from './seed';
import { LocalFileStore } from './storage/file-store';
import { SPECIES_CATALOGUE } from './seed/species-catalogue';
import { createTestPgDatabase, type TestPgDatabase } from '../../test/support/pg-database';
import { FALLBACK_PLANS } from '../domain/billing-schemas';

const PROCESSES = 8;
let dir: string;
let pgDatabase: TestPgDatabase | undefined;
const opened: Db[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dinohunt-seed-'));
  if (runningDialect() === 'pg') pgDatabase = await createTestPgDatabase();
});
afterAll(async () => {
  for (const db of opened) await closeDatabase(db);
  await pgDatabase?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const location = () =>
  pgDatabase ? { DATABASE_URL: pgDatabase.url, DATABASE_PATH: '' } : { DATABASE_PATH: path.join(dir, 'shared.sqlite') };

it('several processes starting together on a fresh database seed one admin, one plan list and one catalogue', async () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_PATH: path.join(dir, 'shared.sqlite'),
    UPLOADS_DIR: path.join(dir, 'uploads'),
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'admin-password',
    LOG_LEVEL: 'silent',
  });
  // One after another, as processes do: each migrates (under the start-up lock) as it opens.
  for (let i = 0; i < PROCESSES; i++) opened.push(await connectDatabase(location()));
  const log = { info() {}, warn() {}, error() {} };
  const files = new LocalFileStore(config.UPLOADS_DIR);
  await Promise.all(opened.map((db) => seed({ db, config, log, files })));

  const [db] = opened;
  const n = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n;
  expect(await n(db!.select({ n: count() }).from(users).where(eq(users.role, 'admin')))).toBe(1);
  expect(await n(db!.select({ n: count() }).from(subscriptionPlans))).toBe(FALLBACK_PLANS.length);
  expect(await n(db!.select({ n: count() }).from(dinosaurSpecies))).toBe(SPECIES_CATALOGUE.length);

  // A later start seeds nothing more.
  await seed({ db: opened[1]!, config, log, files });
  expect(await n(db!.select({ n: count() }).from(dinosaurSpecies))).toBe(SPECIES_CATALOGUE.length);
  expect(await n(db!.select({ n: count() }).from(subscriptionPlans))).toBe(FALLBACK_PLANS.length);
});
