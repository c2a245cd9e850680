// Graceful shutdown (issue #28, decision 898): a write in flight when the stop begins completes and
// is stored; /readyz reads 503 while the process drains; then new connections are refused; a request
// still under way at the bound is cut; and, through real signals on the real entry point (main.ts),
// SIGTERM exits 0 after the write while a second signal exits at once.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import { closeDatabase, connectDatabase, type Db } from './db/client';
import { runningDialect } from './db/running-dialect';
import { messages } from './db/schema';
import { type AppDeps, createDeps } from './deps';
import { seed } from './seed';
import { stopGracefully } from './shutdown';
import { createSession, hunterIn, type Signed } from '../../test/support/comms-kit';
import { subscribedGameMaster, type TestServer } from '../../test/support/harness';
import { createTestPgDatabase, dropTestPgDatabase } from '../../test/support/pg-database';

const ROOT = path.resolve(import.meta.dirname, '../..');
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A directory and (on PostgreSQL) a database of its own, removed after the file's tests. */
async function place(): Promise<{ dir: string; env: Record<string, string> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dinohunt-shutdown-'));
  const env: Record<string, string> = {
    DATABASE_PATH: path.join(dir, 'db.sqlite'),
    UPLOADS_DIR: path.join(dir, 'uploads'),
    CLIENT_DIR: path.join(dir, 'no-client'),
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'admin-password',
    AUTH_RATE_LIMIT: '10000',
    MESSAGE_RATE_LIMIT: '10000',
  };
  let url: string | undefined;
  if (runningDialect() === 'pg') {
    url = (await createTestPgDatabase()).url;
    env.DATABASE_URL = url;
  }
  cleanups.push(async () => {
    if (url) await dropTestPgDatabase(url);
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return { dir, env };
}

/** A hunter of a live session, ready to send a message. */
async function hunterOfASession(server: TestServer): Promise<{ hunter: Signed; sessionId: number }> {
  const gm = (await subscribedGameMaster(server)) as Signed;
  const sessionId = await createSession(server, gm.user.id);
  return { hunter: await hunterIn(server, sessionId, 'Lastword'), sessionId };
}

/**
 * A message POST whose body is sent in two halves: after `start`, the server has the request and waits
 * for the rest; `finish` sends it and resolves with the answer.
 */
function slowMessage(url: string, cookie: string, sessionId: number, text: string) {
  const body = Buffer.from(JSON.stringify({ message: text, recipientType: 'all' }));
  const half = Math.floor(body.length / 2);
  let settle!: { resolve: (r: { status: number; body: string }) => void; reject: (e: Error) => void };
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    settle = { resolve, reject };
  });
  const request = http.request(`${url}/api/game-sessions/${sessionId}/communications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': String(body.length), cookie },
  });
  request.on('response', (res) => {
    let text = '';
    res.on('data', (chunk) => {
      text += chunk;
    });
    res.on('end', () => settle.resolve({ status: res.statusCode ?? 0, body: text }));
  });
  request.on('error', settle.reject);
  return {
    answered,
    start: async () => {
      request.write(body.subarray(0, half));
      // The headers and half the body are on the server: the request is under way.
      await new Promise((resolve) => setTimeout(resolve, 200));
    },
    finish: () => {
      request.end(body.subarray(half));
      return answered;
    },
  };
}

async function storedMessages(env: Record<string, string>, sessionId: number): Promise<string[]> {
  const db: Db = await connectDatabase({ DATABASE_URL: env.DATABASE_URL, DATABASE_PATH: env.DATABASE_PATH! });
  try {
    const rows = await db.select({ message: messages.message }).from(messages).where(eq(messages.sessionId, sessionId));
    return rows.map((r) => r.message ?? '');
  } finally {
    await closeDatabase(db);
  }
}

async function refused(url: string): Promise<boolean> {
  try {
    await fetch(`${url}/healthz`);
    return false;
  } catch (error) {
    return String((error as { cause?: unknown }).cause ?? error).includes('ECONNREFUSED');
  }
}

describe('stopGracefully (in process)', () => {
  async function start(): Promise<{ app: FastifyInstance; deps: AppDeps; server: TestServer; env: Record<string, string> }> {
    const { dir, env } = await place();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
    const deps = await createDeps(config, { info() {}, warn() {}, error() {} });
    await seed(deps);
    const app = await buildApp(deps);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as net.AddressInfo;
    const server: TestServer = {
      url: `http://127.0.0.1:${port}`,
      wsUrl: `ws://127.0.0.1:${port}`,
      deps,
      dir,
      close: async () => {},
    };
    return { app, deps, server, env };
  }

  it('finishes a write in flight and stores it; /readyz reads 503 while draining, then connections are refused', async () => {
    const { app, deps, server, env } = await start();
    const { hunter, sessionId } = await hunterOfASession(server);
    const write = slowMessage(server.url, hunter.cookie, sessionId, 'Sent as the server stops');
    await write.start();

    const stopping = stopGracefully(app, deps, { drainMs: 400, timeoutMs: 10_000 });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ reason: 'stopping' });
    // Still alive (and serving) while the balancer takes it out.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await refused(server.url)).toBe(true);

    const answer = await write.finish();
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ message: 'Sent as the server stops' });
    expect(await stopping).toBe('clean');
    expect(await storedMessages(env, sessionId)).toEqual(['Sent as the server stops']);
  });

  it('cuts a request still under way at the bound, and still stops', async () => {
    const { app, deps, server } = await start();
    const { hunter, sessionId } = await hunterOfASession(server);
    const write = slowMessage(server.url, hunter.cookie, sessionId, 'Never finished');
    await write.start();
    // Held from now: the cut rejects it while the stop is still under way.
    const answer = write.answered.then(
      () => 'answered',
      (error: Error) => error.message,
    );
    const started = Date.now();
    expect(await stopGracefully(app, deps, { drainMs: 0, timeoutMs: 300 })).toBe('timed out');
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await answer).toMatch(/socket hang up|ECONNRESET/);
  });
});

describe('signals on the real entry point (main.ts)', () => {
  function freePort(): Promise<number> {
    return new Promise((resolve, reject) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
      });
    });
  }

  async function spawnMain(env: Record<string, string>): Promise<{ child: ChildProcess; url: string; exited: Promise<number | null>; output: () => string }> {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      const seen = (data: Buffer) => {
        output += data.toString();
        if (output.includes('Dinohunt is ready')) resolve();
      };
      child.stdout?.on('data', seen);
      child.stderr?.on('data', seen);
      void exited.then((code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
    });
    cleanups.push(async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    });
    return { child, url: `http://127.0.0.1:${port}`, exited, output: () => output };
  }

  async function asTestServer(url: string, env: Record<string, string>, dir: string): Promise<{ server: TestServer; db: Db }> {
    const db = await connectDatabase({ DATABASE_URL: env.DATABASE_URL, DATABASE_PATH: env.DATABASE_PATH! });
    cleanups.push(() => closeDatabase(db));
    const server: TestServer = { url, wsUrl: url.replace('http', 'ws'), deps: { db } as AppDeps, dir, close: async () => {} };
    return { server, db };
  }

  it('SIGTERM: the write in flight completes and is stored, /readyz reads 503 meanwhile, and the process exits 0', async () => {
    const { dir, env } = await place();
    const main = await spawnMain({ ...env, SHUTDOWN_DRAIN_MS: '500', SHUTDOWN_TIMEOUT_MS: '10000' });
    const { server } = await asTestServer(main.url, env, dir);
    const { hunter, sessionId } = await hunterOfASession(server);
    const write = slowMessage(main.url, hunter.cookie, sessionId, 'Stored through SIGTERM');
    await write.start();

    main.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 150));
    const ready = await fetch(`${main.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ reason: 'stopping' });
    const answer = await write.finish();
    expect(answer.status).toBe(200);
    expect(await main.exited).toBe(0);
    expect(main.output()).not.toMatch(/shutdown failed|cutting unfinished/);
    expect(await storedMessages(env, sessionId)).toEqual(['Stored through SIGTERM']);
  }, 90_000);

  it('a second signal exits at once', async () => {
    const { env } = await place();
    // A drain far longer than the test: only the second signal can end the process in time.
    const main = await spawnMain({ ...env, SHUTDOWN_DRAIN_MS: '60000' });
    main.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Still running: the first signal was handled (the default action would have ended it).
    expect(main.child.exitCode).toBeNull();
    expect(main.child.signalCode).toBeNull();
    const started = Date.now();
    main.child.kill('SIGINT');
    expect(await main.exited).toBe(130);
    expect(main.child.signalCode).toBeNull();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(main.output()).toContain('SIGINT received again, exiting at once');
  }, 90_000);
});
