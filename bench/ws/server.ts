// The server side of bench:ws, run as its own process (`node --expose-gc --import tsx`):
// the real app on loopback, an ephemeral port and a temporary database (the
// integration harness), plus bench-only commands over IPC from bench/ws.bench.ts.
// Sign-ins are seeded straight into the database through the app's own schema and
// token hashing (the join API is rate-limited per address and per game session, and
// those limits stay as they are).
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { SIGN_IN_ABSOLUTE_MS, SIGN_IN_IDLE_MS } from '../../src/domain/rules';
import { hashToken } from '../../src/server/auth/lucia';
import { dialectOf } from '../../src/server/db/client';
import { authSessions, gameSessions, sessionPlayers, subscriptionPlans, subscriptions, users } from '../../src/server/db/schema';
import type { BusEvent } from '../../src/server/event-bus';
import { frameBytes } from '../../src/server/realtime/session-stream';
import { sendMessage } from '../../src/server/services/communications';
import { startTestServer } from '../../test/support/harness';
import { exitWithParent } from '../exit-with-parent';

// A crash of the benchmark must not leave this process running (bench/exit-with-parent.ts).
exitWithParent();

export type ServerCommand =
  | { op: 'seed'; sessions: number; huntersPerSession: number }
  | { op: 'memory' }
  | { op: 'broadcast'; sessionId: number; round: number }
  | { op: 'publishCost'; sessionId: number; events: number }
  | { op: 'stop' };

export type SeededSocket = { sessionId: number; cookie: string };

const server = await startTestServer();
const { deps } = server;
const db = deps.db;
const gmUser = { id: 'bench-gm', username: 'benchgm', email: 'benchgm@example.com', firstName: '', lastName: '', role: 'gamemaster', isGuest: false, sessionCredits: 0, accountStatus: 'active', emailVerified: true } as const;
await db.insert(users).values({ id: gmUser.id, username: gmUser.username, email: gmUser.email, role: 'gamemaster' });
// The game master broadcasts, which needs an active plan.
const [plan] = await db.select().from(subscriptionPlans).limit(1);
await db.insert(subscriptions).values({ userId: gmUser.id, planId: plan!.id, status: 'active' });
const ctx = { db, bus: deps.bus, now: deps.now, user: gmUser };

const now = () => performance.timeOrigin + performance.now();
const send = (message: unknown) => process.send!(message);

async function seedSignIns(sessionCount: number, perSession: number): Promise<SeededSocket[]> {
  const out: SeededSocket[] = [];
  // As a fresh sign-in: idle and absolute ends ahead (so Lucia does not renew it on connect).
  const expiresAt = Math.floor((Date.now() + SIGN_IN_IDLE_MS) / 1000);
  const absoluteExpiresAt = Math.floor((Date.now() + SIGN_IN_ABSOLUTE_MS) / 1000);
  await db.transaction(async (tx) => {
    for (let s = 0; s < sessionCount; s++) {
      const [session] = await tx
        .insert(gameSessions)
        .values({ ownerId: gmUser.id, name: `bench ${s}`, password: 'bench1', maxPlayers: perSession, duration: 120, status: 'active', startTime: Date.now() })
        .returning({ id: gameSessions.id });
      const sessionId = session!.id;
      for (let h = 0; h < perSession; h++) {
        const userId = `g-${sessionId}-${h}`;
        await tx.insert(users).values({ id: userId, role: 'hunter', isGuest: true });
        await tx.insert(sessionPlayers).values({ sessionId, userId, handle: `H${h}` });
        const token = crypto.randomBytes(20).toString('hex');
        await tx.insert(authSessions).values({ id: hashToken(token), userId, expiresAt, gameSessionId: sessionId, absoluteExpiresAt });
        out.push({ sessionId, cookie: `dinohunt_session=${token}` });
      }
    }
  });
  return out;
}

function memory() {
  globalThis.gc?.();
  globalThis.gc?.();
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

process.on('message', (command: ServerCommand) => {
  // One command at a time from the bench; a failure ends this server (the bench sees it exit).
  void handle(command).catch(async (err: unknown) => {
    console.error(err);
    // Drops the temporary database too (on PostgreSQL, a database of its own on the server).
    await server.close().catch(() => {});
    process.exit(1);
  });
});

async function handle(command: ServerCommand) {
  switch (command.op) {
    case 'seed':
      return send({ op: 'seeded', sockets: await seedSignIns(command.sessions, command.huntersPerSession) });
    case 'memory':
      return send({ op: 'memory', ...memory() });
    case 'broadcast': {
      // The events it publishes (new_communication, then broadcast), heard after the sockets
      // (process-wide listeners run last): their frames, for the bare floor and the report.
      const published: BusEvent[] = [];
      const unsubscribe = deps.bus.subscribe((event) => published.push(event));
      const t0 = now();
      // Resolves once the message has committed and its events have reached every socket's feed.
      await sendMessage(ctx, command.sessionId, { message: `round ${command.round}`, messageType: 'broadcast', recipientType: 'all' } as never);
      await null; // after the microtasks the publishing queued (the sockets' held writes)
      const syncMs = now() - t0;
      unsubscribe();
      const frames = published.map((event) => frameBytes(event).toString());
      const frame = frames.find((f) => f.includes('"type":"broadcast"'));
      return send({ op: 'broadcasted', t0, syncMs, frame, frameBytes: frames.map((f) => Buffer.byteLength(f)) });
    }
    case 'publishCost': {
      // Server CPU spent on N events of one session, delivery included (the streams run on
      // later ticks, so wait until they are idle before reading the clock). A full GC first:
      // cpuUsage counts the GC's threads too, and the garbage of connecting 5,000 sockets is
      // not the events' cost (a major GC falling into the window doubled "crowded" in 2 of 12 runs).
      globalThis.gc?.();
      await pause(200);
      const start = process.cpuUsage();
      for (let i = 0; i < command.events; i++) {
        await deps.bus.publish(db, {
          sessionId: command.sessionId,
          type: 'dinosaur_removed',
          audience: 'all',
          payload: { sessionId: command.sessionId, timestamp: Date.now(), dinosaurId: i },
        });
        await new Promise((r) => setImmediate(r));
      }
      await pause(300);
      const used = process.cpuUsage(start);
      return send({ op: 'cost', usPerEvent: (used.user + used.system) / command.events });
    }
    case 'snapshot' as string: // HEAP_SNAPSHOT=<file>: where the memory per socket goes
      (await import('node:v8')).writeHeapSnapshot((command as unknown as { file: string }).file);
      return send({ op: 'snapshot' });
    case 'stop':
      await server.close();
      process.exit(0);
  }
}

send({ op: 'ready', wsUrl: server.wsUrl, pid: process.pid, database: dialectOf(db) === 'pg' ? 'PostgreSQL' : 'SQLite', ...memory() });
