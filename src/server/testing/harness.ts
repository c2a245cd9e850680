// Integration-test harness: a real server on loopback, an ephemeral port and a
// fresh database (a temporary SQLite file; with DATABASE_URL=postgres://..., a PostgreSQL
// database of its own on that server), plus a tiny cookie-keeping REST client and a tRPC client.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTRPCClient, createWSClient, httpLink, splitLink, wsLink } from '@trpc/client';
import { eq } from 'drizzle-orm';
import superjson from 'superjson';
import WebSocket from 'ws';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { closeDatabase } from '../db/client';
import { runningDialect } from '../db/running-dialect';
import { createDeps, type AppDeps } from '../deps';
import { subscriptionPlans, users } from '../db/schema';
import type { AppRouter } from '../routers';
import { seed } from '../seed';
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

export type ApiResponse<T = any> = { status: number; body: T; headers: Headers };

/** A REST client that keeps its cookie between calls, like a browser. */
export class ApiClient {
  cookie = '';
  /** The device cookie (decision 720), kept apart so `cookie` stays the sign-in alone. */
  deviceCookie = '';
  /** Other cookies (the browser's hunter key, decision 740), sent along like a browser would. */
  readonly jar = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  async request<T = any>(method: string, pathname: string, body?: unknown, init: RequestInit = {}): Promise<ApiResponse<T>> {
    const headers = new Headers(init.headers);
    const cookies = this.cookies();
    if (cookies) headers.set('cookie', cookies);
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers.set('content-type', 'application/json');
      payload = JSON.stringify(body);
    }
    const res = await fetch(this.baseUrl + pathname, { redirect: 'manual', ...init, method, headers, body: payload });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      if (pair?.startsWith('dinohunt_session=')) this.cookie = pair.endsWith('=') ? '' : pair;
      else if (pair?.startsWith('dinohunt_device=')) this.deviceCookie = pair.endsWith('=') ? '' : pair;
      else if (pair?.includes('=')) {
        const at = pair.indexOf('=');
        const name = pair.slice(0, at);
        const value = pair.slice(at + 1);
        if (value === '') this.jar.delete(name);
        else this.jar.set(name, value);
      }
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {}
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  /** The Cookie header a browser would send: the sign-in, the device cookie and the rest of the jar. */
  cookies(): string {
    const others = [...this.jar].map(([name, value]) => `${name}=${value}`);
    return [this.cookie, this.deviceCookie, ...others].filter(Boolean).join('; ');
  }

  get<T = any>(p: string) {
    return this.request<T>('GET', p);
  }
  post<T = any>(p: string, body?: unknown) {
    return this.request<T>('POST', p, body);
  }
  put<T = any>(p: string, body?: unknown) {
    return this.request<T>('PUT', p, body);
  }
  delete<T = any>(p: string) {
    return this.request<T>('DELETE', p);
  }

  /**
   * tRPC over HTTP for queries/mutations and WebSocket for subscriptions, with this
   * client's cookie; `allOverWebSocket` sends every call through the socket.
   */
  trpc({ allOverWebSocket = false } = {}) {
    const cookie = this.cookies();
    const wsClient = createWSClient({
      url: `${this.baseUrl.replace('http', 'ws')}/trpc`,
      WebSocket: class extends WebSocket {
        constructor(url: string) {
          super(url, { headers: { cookie } });
        }
      } as unknown as typeof globalThis.WebSocket,
    });
    const client = createTRPCClient<AppRouter>({
      links: [
        splitLink({
          condition: (op) => allOverWebSocket || op.type === 'subscription',
          true: wsLink({ client: wsClient, transformer: superjson }),
          false: httpLink({ url: `${this.baseUrl}/trpc`, transformer: superjson, headers: () => ({ cookie: this.cookies() }) }),
        }),
      ],
    });
    return { trpc: client, close: () => wsClient.close() };
  }
}

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
