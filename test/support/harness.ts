// Integration-test harness: a real server on loopback, an ephemeral port and a
// fresh database (a temporary SQLite file; with DATABASE_URL=postgres://..., a PostgreSQL
// database of its own on that server), plus a tiny cookie-keeping REST client and a tRPC client.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { type Config, loadConfig } from '../../src/server/config';
import { closeDatabase } from '../../src/server/db/client';
import { runningDialect } from '../../src/server/db/running-dialect';
import { createDeps, type AppDeps } from '../../src/server/deps';
import { subscriptionPlans, users } from '../../src/server/db/schema';
import { seed } from '../../src/server/seed';
import { ApiClient } from './api-client';
import { createTestPgDatabase, dropTestPgDatabase, type TestPgDatabase } from './pg-database';

export type TestServer = {
  url: string;
  wsUrl: string;
  deps: AppDeps;
  dir: string;
  close: () => Promise<void>;
};

/** Where a kept directory records its PostgreSQL database, for a restart on the same one. */
const PG_URL_FILE = 'postgres-url';

/**
 * The test server's PostgreSQL database (when the process runs on PostgreSQL): the one a kept
 * `dir` records, or a new one (recorded there when the directory is kept).
 */
async function testPgDatabase(dir: string, keep: boolean): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  if (runningDialect() !== 'pg') return undefined;
  const recorded = path.join(dir, PG_URL_FILE);
  if (fs.existsSync(recorded)) {
    const url = fs.readFileSync(recorded, 'utf8').trim();
    // Dropped by the server started on this directory without keepDir (the last one).
    return { url, drop: () => (keep ? Promise.resolve() : dropTestPgDatabase(url)) };
  }
  const database: TestPgDatabase = await createTestPgDatabase();
  if (keep) fs.writeFileSync(recorded, database.url);
  return { url: database.url, drop: () => (keep ? Promise.resolve() : database.drop()) };
}

/** Removes a directory kept by `keepDir` servers, and the PostgreSQL database it records. */
export async function removeTestDir(dir: string): Promise<void> {
  const recorded = path.join(dir, PG_URL_FILE);
  if (fs.existsSync(recorded)) await dropTestPgDatabase(fs.readFileSync(recorded, 'utf8').trim());
  fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * `opts.dir` reuses a directory (and its database) left by an earlier server
 * started with `keepDir: true`, to test a restart on the same database.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  opts: { dir?: string; keepDir?: boolean } = {},
): Promise<TestServer> {
  const dir = opts.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'dinohunt-test-'));
  const pgDatabase = await testPgDatabase(dir, opts.keepDir ?? false);
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_PATH: path.join(dir, 'test.sqlite'),
    UPLOADS_DIR: path.join(dir, 'uploads'),
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'admin-password',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '10000',
    MESSAGE_RATE_LIMIT: '10000',
    UPLOAD_RATE_LIMIT: '10000',
    ...(pgDatabase ? { DATABASE_URL: pgDatabase.url } : {}),
    ...env,
  });
  const deps = await createDeps(config, { info() {}, warn() {}, error() {} });
  await seed(deps);
  const app = await buildApp(deps);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const url = `http://127.0.0.1:${address.port}`;
  return {
    url,
    wsUrl: `ws://127.0.0.1:${address.port}`,
    deps,
    dir,
    async close() {
      await app.close();
      await closeDatabase(deps.db);
      await pgDatabase?.drop();
      if (!opts.keepDir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export { ApiClient, type ApiResponse } from './api-client';

let counter = 0;
/** Registers a fresh account and returns a signed-in client. */
export async function signUp(server: TestServer, role: 'gamemaster' | 'hunter', overrides: Record<string, string> = {}) {
  const client = new ApiClient(server.url);
  counter += 1;
  const username = overrides.username ?? `${role}${process.pid}x${counter}`;
  const res = await client.post('/api/auth/register', {
    username,
    email: `${username}@example.com`,
    password: 'Fossil-Trail-42',
    firstName: 'Test',
    lastName: role,
    role,
    ...overrides,
  });
  if (res.status !== 200) throw new Error(`signUp failed: ${res.status} ${JSON.stringify(res.body)}`);
  return Object.assign(client, { user: res.body.user as { id: string; username: string } });
}

export async function signInAdmin(server: TestServer) {
  const client = new ApiClient(server.url);
  const res = await client.post('/api/auth/login', { username: 'admin', password: 'admin-password' });
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status}`);
  return client;
}

/**
 * A game master with an active plan (the no-payment mode activates it at once)
 * and, unless `credits` says otherwise, plenty of session credits for tests.
 */
export async function subscribedGameMaster(server: TestServer, planName = 'Professional', credits = 100) {
  const gm = await signUp(server, 'gamemaster');
  const [plan] = await server.deps.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.name, planName)).limit(1);
  if (!plan) throw new Error(`no plan ${planName}`);
  const res = await gm.post('/api/create-subscription', { planId: plan.id });
  if (res.status !== 200) throw new Error(`subscription failed: ${res.status} ${JSON.stringify(res.body)}`);
  await server.deps.db.update(users).set({ sessionCredits: credits }).where(eq(users.id, gm.user.id));
  return gm;
}
