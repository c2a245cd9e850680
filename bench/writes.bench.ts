// Cost of synchronous = FULL (every commit fsyncs the WAL) against NORMAL on the two hot
// write paths, through the real services: a hunter's position and a message.
// Run: npm run bench:writes  (numbers depend on the disk; see docs/security.md). SQLite only (a pragma).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/config';
import { closeDatabase } from '../src/server/db/client';
import { rawRun } from '../src/server/db/raw';
import { runningDialect } from '../src/server/db/running-dialect';
import { gameSessions, sessionPlayers, users } from '../src/server/db/schema';
import { createDeps } from '../src/server/deps';
import { sendMessage } from '../src/server/services/communications';
import { recordPosition } from '../src/server/services/positions';
import { PositionBudget } from '../src/server/services/write-limits';

const N = Number(process.env.N ?? 300);

if (runningDialect() !== 'sqlite') {
  console.error('bench:writes compares SQLite synchronous modes: run it without DATABASE_URL');
  process.exit(2);
}

async function run(mode: 'NORMAL' | 'FULL') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dinohunt-bench-'));
  const deps = await createDeps(loadConfig({ DATABASE_PATH: path.join(dir, 'b.sqlite'), UPLOADS_DIR: dir, LOG_LEVEL: 'silent' }), {
    info() {},
    warn() {},
    error() {},
  });
  const db = deps.db;
  await rawRun(db, sql.raw(`PRAGMA synchronous = ${mode}`));
  await db.insert(users).values({ id: 'gm', username: 'gm', email: 'gm@x', role: 'gamemaster' });
  await db.insert(users).values({ id: 'h', username: 'h', email: 'h@x', role: 'hunter' });
  const [session] = await db
    .insert(gameSessions)
    .values({ ownerId: 'gm', name: 'b', password: 'bench1', maxPlayers: 25, duration: 120, status: 'active', startTime: Date.now() })
    .returning({ id: gameSessions.id });
  const sessionId = session!.id;
  await db.insert(sessionPlayers).values({ sessionId, userId: 'h', handle: 'Hunter' });
  const user = { id: 'h', username: 'h', email: 'h@x', firstName: '', lastName: '', role: 'hunter', isGuest: false, sessionCredits: 0, accountStatus: 'active', emailVerified: true } as const;
  // The cost of the write itself: a budget that never runs out (the real one would refuse after 10).
  const ctx = { db, bus: deps.bus, now: Date.now, user, writeLimits: { position: new PositionBudget(Number.POSITIVE_INFINITY) } };
  const time = async (fn: (i: number) => unknown) => {
    const t = process.hrtime.bigint();
    for (let i = 0; i < N; i++) await fn(i);
    return Number(process.hrtime.bigint() - t) / 1e6 / N;
  };
  const position = await time((i) => recordPosition(ctx, sessionId, { lat: 45.5 + i * 1e-6, lng: -73.5, accuracy: 5 }));
  const message = await time((i) =>
    sendMessage(ctx, sessionId, { message: `m${i}`, messageType: 'comms', recipientType: 'all' } as never),
  );
  await closeDatabase(db);
  fs.rmSync(dir, { recursive: true, force: true });
  return { mode, positionMs: position.toFixed(3), messageMs: message.toFixed(3) };
}

const rows = [];
for (const mode of ['NORMAL', 'FULL', 'NORMAL', 'FULL'] as const) rows.push(await run(mode));
console.table(rows);
