// The server of bench:abuse, as its own process: the app's real entry point
// (src/server/main.ts, production defaults for every limit) on a loopback port, a fresh
// temporary database and uploads folder. Over IPC only (no endpoint), bench commands:
// its memory (marked before an attack, sampled every 10 ms for the peak during it) and
// SQL on its database file through a second connection (counting stored rows, seeding
// events, disabling an account "outside the app").
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { exitWithParent } from '../exit-with-parent';

// A crash of the benchmark must not leave this process running (bench/exit-with-parent.ts).
exitWithParent();

export type ServerCommand =
  | { op: 'mark' }
  | { op: 'peak' }
  | { op: 'sql'; sql: string; params?: unknown[]; mode: 'get' | 'all' | 'run' }
  | { op: 'seedEvents'; sessionId: number; count: number }
  | { op: 'stop' };

export type Memory = { rss: number; heapUsed: number; external: number; arrayBuffers: number };

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dinohunt-abuse-'));
const databasePath = path.join(dir, 'bench.sqlite');
Object.assign(process.env, {
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  PORT: process.env.BENCH_PORT,
  DATABASE_PATH: databasePath,
  UPLOADS_DIR: path.join(dir, 'uploads'),
  ADMIN_USERNAME: 'admin',
  ADMIN_PASSWORD: 'admin-password',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
});
for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'TRUST_PROXY']) delete process.env[key];
// Every rate limit at its production default: the bench measures what a deployment does.
for (const key of Object.keys(process.env)) if (key.endsWith('_RATE_LIMIT') || key.endsWith('_LIMIT_PER_MINUTE')) delete process.env[key];
process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));

await import('../../src/server/main');

let db: Database.Database | null = null;
const database = () => {
  if (!db) {
    db = new Database(databasePath);
    db.pragma('busy_timeout = 10000');
  }
  return db;
};

const memory = (): Memory => {
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers };
};
let peak = memory();
const sampler = setInterval(() => {
  const m = memory();
  peak = {
    rss: Math.max(peak.rss, m.rss),
    heapUsed: Math.max(peak.heapUsed, m.heapUsed),
    external: Math.max(peak.external, m.external),
    arrayBuffers: Math.max(peak.arrayBuffers, m.arrayBuffers),
  };
}, 10);
sampler.unref();

const send = (message: unknown) => process.send?.(message);

process.on('message', (command: ServerCommand) => {
  try {
    switch (command.op) {
      case 'mark': {
        // A full collection first, so the baseline is what the server holds, not garbage.
        globalThis.gc?.();
        globalThis.gc?.();
        peak = memory();
        return send({ op: 'mark', memory: peak });
      }
      case 'peak': {
        globalThis.gc?.();
        return send({ op: 'peak', peak, afterGc: memory() });
      }
      case 'sql': {
        const statement = database().prepare(command.sql);
        const params = command.params ?? [];
        const result = command.mode === 'get' ? statement.get(...params) : command.mode === 'all' ? statement.all(...params) : statement.run(...params);
        return send({ op: 'sql', result });
      }
      case 'seedEvents': {
        // A session's history: hunters' positions (owner only) and messages (audience all), half
        // each, as a long game leaves them.
        const insert = database().prepare('INSERT INTO events (session_id, type, audience, payload) VALUES (?, ?, ?, ?)');
        database().transaction(() => {
          for (let i = 0; i < command.count; i++) {
            if (i % 2 === 0) {
              insert.run(command.sessionId, 'hunter_location', 'owner', JSON.stringify({ userId: `hunter-${i % 25}`, lat: 48.8584 + (i % 100) * 1e-5, lng: 2.2945, accuracy: 5, precision: 'high', distanceTraveled: i }));
            } else {
              insert.run(
                command.sessionId,
                'new_communication',
                'all',
                JSON.stringify({ id: i, sessionId: command.sessionId, senderLabel: `Hunter ${i % 25}`, senderRole: 'hunter', message: `Tracks by the river, heading north (${i})`, messageType: 'text', recipientType: 'all', createdAt: Date.now() }),
              );
            }
          }
        })();
        return send({ op: 'seedEvents', count: command.count });
      }
      case 'stop':
        db?.close();
        process.kill(process.pid, 'SIGTERM'); // main.ts's graceful shutdown
        setTimeout(() => process.exit(0), 3000).unref();
        return;
    }
  } catch (err) {
    send({ op: 'error', error: String(err) });
  }
});
send({ op: 'started', pid: process.pid });
