// One runner for each timer (issue #28, decisions 889-890). The scheduled starts, automatic ends, the
// GPS purge and the abandoned-session ends run on the process that leads; and every time-driven
// transition is conditional in the database, so a second runner, or reads applying a due transition at
// the same moment, publish one session_started and one session_ended however many race.
// The first block runs on both databases; the second starts three apps on one PostgreSQL database
// (one process per SQLite file: there it is skipped, decision 891). Driver-level proofs of the lock
// itself (a silent connection, an unreachable database): db/pg/leader-lock.test.ts.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEADER_QUERY_TIMEOUT_MS, LEADER_RETRY_MS, PG_LEADER_LOCK_KEY } from '../db/constants';
import { SCHEDULER_TICK_MS } from './limits';
import type { Leadership } from '../db/leadership';
import { rawAll } from '../db/raw';
import { runningDialect } from '../db/running-dialect';
import { events, gameSessions, sessionResults } from '../db/schema';
import { ApiClient, removeTestDir, startTestServer, type TestServer } from '../../../test/support/harness';
import { createSession, shiftClock, subscribedGameMaster } from '../../../test/support/sessions';
import { refreshSession, runDueTransitions } from './game-sessions';
import { startScheduler } from './scheduler';

const MIN = 60_000;
const HOUR = 60 * MIN;
/** A busy 2-core machine answers in a few ms, sometimes a few hundred: the slack allowed on top of a rule. */
const SLACK_MS = 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(check: () => boolean | Promise<boolean>, limitMs: number, what: string): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > limitMs) throw new Error(`${what}: not within ${limitMs} ms`);
    await sleep(20);
  }
}

/** How many events of `type` the session has in the events table (read directly: a read through the API would apply transitions). */
async function countEvents(server: TestServer, sessionId: number, type: string): Promise<number> {
  const rows = await server.deps.db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.sessionId, sessionId), eq(events.type, type)));
  return rows.length;
}

async function sessionRow(server: TestServer, sessionId: number) {
  const [row] = await server.deps.db.select().from(gameSessions).where(eq(gameSessions.id, sessionId)).limit(1);
  return row!;
}

async function scheduleAt(gm: ApiClient, sessionId: number, at: number) {
  const res = await gm.post(`/api/game-sessions/${sessionId}/start`, { scheduledStartTime: new Date(at).toISOString() });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ status: 'preparing' });
}

/**
 * With every app's clock `offsetMs` ahead (so their schedulers tick into it too), each app applies the
 * due transitions of the session at once, several times over: reads from one stale row (as
 * sessions.get does), and whole runs (as the sessions list and the scheduler do).
 */
async function race(servers: TestServer[], sessionId: number, offsetMs: number): Promise<void> {
  const stale = await sessionRow(servers[0]!, sessionId);
  const resets = servers.map((server) => shiftClock(server, offsetMs));
  try {
    await Promise.all(
      servers.flatMap((server) => [
        ...Array.from({ length: 6 }, () => refreshSession(server.deps, stale)),
        ...Array.from({ length: 2 }, () => runDueTransitions(server.deps)),
      ]),
    );
  } finally {
    for (const reset of resets) reset();
  }
}

/** Racing starts, then racing ends: one session_started, one session_ended, one result. */
async function raceOneSession(servers: TestServer[], gm: ApiClient) {
  const s = await createSession(gm, { duration: 15 });
  const at = Date.now() + HOUR;
  await scheduleAt(gm, s.id, at);
  await race(servers, s.id, HOUR + MIN);
  expect(await countEvents(servers[0]!, s.id, 'session_started')).toBe(1);
  const started = await sessionRow(servers[0]!, s.id);
  expect(started).toMatchObject({ status: 'active', startTime: at, scheduledStartTime: null });

  await race(servers, s.id, HOUR + 20 * MIN);
  expect(await countEvents(servers[0]!, s.id, 'session_ended')).toBe(1);
  const ended = await sessionRow(servers[0]!, s.id);
  // Ended at the instant its time ran out, whoever noticed.
  expect(ended).toMatchObject({ status: 'completed', endTime: at + 15 * MIN, endedReason: 'time_up' });
  const results = await servers[0]!.deps.db.select().from(sessionResults).where(eq(sessionResults.sessionId, s.id));
  expect(results).toHaveLength(1);
}

/** The same sign-in through another app (the load balancer sent the next request elsewhere). */
function signedInOn(server: TestServer, client: ApiClient): ApiClient {
  const other = new ApiClient(server.url);
  other.cookie = client.cookie;
  return other;
}

/** A leadership the test switches by hand. */
function switchableLeadership(leading: boolean): Leadership & { set: (leader: boolean) => void } {
  let leader = leading;
  const listeners = new Set<(leader: boolean) => void>();
  return {
    isLeader: () => leader,
    onChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    runAsLeader: async (work) => (leader ? work() : undefined),
    start: async () => {},
    close: async () => {},
    set(value) {
      leader = value;
      for (const listener of listeners) listener(value);
    },
  };
}

describe('the timers run on the leader, and time-driven transitions happen once', () => {
  let server: TestServer;
  let gm: ApiClient;
  beforeAll(async () => {
    server = await startTestServer();
    gm = await subscribedGameMaster(server);
  });
  afterAll(() => server.close());

  it('a process alone on its database leads once it is ready', async () => {
    // Its first try decides (a retry, should that try time out on this shared machine); SQLite leads from the start.
    await waitFor(() => server.deps.leadership.isLeader(), LEADER_RETRY_MS + LEADER_QUERY_TIMEOUT_MS + SLACK_MS, 'leading');
  });

  it('a scheduler that does not lead leaves due sessions alone, and starts them at once when it takes over', async () => {
    const s = await createSession(gm);
    await scheduleAt(gm, s.id, Date.now() + HOUR);
    const leadership = switchableLeadership(false);
    // Its clock is past the start; the app's own scheduler (real time) has nothing due.
    const scheduler = startScheduler({ ...server.deps, leadership, now: () => Date.now() + HOUR + MIN }, 60 * MIN);
    try {
      expect(await scheduler.tick()).toBe(0);
      expect(await scheduler.tick()).toBe(0);
      expect((await sessionRow(server, s.id)).status).toBe('preparing');
      expect(await countEvents(server, s.id, 'session_started')).toBe(0);

      // Taking over ticks at once (its next interval is an hour away).
      leadership.set(true);
      await waitFor(async () => (await countEvents(server, s.id, 'session_started')) === 1, 5000, 'the start on take-over');
      expect((await sessionRow(server, s.id)).status).toBe('active');
    } finally {
      await scheduler.stop();
    }
  });

  it('racing reads and ticks publish one session_started, then one session_ended', async () => {
    await raceOneSession([server], gm);
  });

  it('a stale row neither starts a session rescheduled meanwhile nor ends one paused meanwhile', async () => {
    const later = await createSession(gm);
    await scheduleAt(gm, later.id, Date.now() + HOUR);
    const stale = await sessionRow(server, later.id);
    const newTime = Date.now() + 3 * HOUR;
    await scheduleAt(gm, later.id, newTime); // rescheduled, on another process say
    const seen = await refreshSession({ ...server.deps, now: () => Date.now() + 2 * HOUR }, stale);
    expect(seen).toMatchObject({ status: 'preparing', scheduledStartTime: newTime });
    expect(await countEvents(server, later.id, 'session_started')).toBe(0);

    const running = await createSession(gm, { duration: 15 });
    expect((await gm.post(`/api/game-sessions/${running.id}/start`)).body.status).toBe('active');
    const before = await sessionRow(server, running.id);
    expect((await gm.post(`/api/game-sessions/${running.id}/pause`)).body.status).toBe('paused');
    // Time is up by the stale row, but the session is paused: its time stands still.
    const paused = await refreshSession({ ...server.deps, now: () => Date.now() + 20 * MIN }, before);
    expect(paused.status).toBe('paused');
    expect(await countEvents(server, running.id, 'session_ended')).toBe(0);
    expect((await gm.post(`/api/game-sessions/${running.id}/resume`)).body.status).toBe('active');
    const resumed = await sessionRow(server, running.id);
    const ended = await refreshSession({ ...server.deps, now: () => Date.now() + 40 * MIN }, resumed);
    expect(ended.status).toBe('completed');
    expect(await countEvents(server, running.id, 'session_ended')).toBe(1);
  });
});

describe.skipIf(runningDialect() !== 'pg')('three app processes on one PostgreSQL database', () => {
  let servers: TestServer[] = [];
  let dir: string;
  let gm: ApiClient;
  const alive = () => servers;
  const leaders = () => alive().filter((server) => server.deps.leadership.isLeader());

  beforeAll(async () => {
    const first = await startTestServer({}, { keepDir: true });
    dir = first.dir;
    const others = await Promise.all([1, 2].map(() => startTestServer({}, { dir, keepDir: true })));
    servers = [first, ...others];
    gm = await subscribedGameMaster(first);
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await removeTestDir(dir);
  });

  /** The backend holding the leader lock, as an operator finds it (docs/operations.md). */
  const lockHolders = async () =>
    rawAll<{ pid: number }>(
      servers[0]!.deps.db,
      sql`SELECT l.pid AS pid FROM pg_locks l
           WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
             AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
             AND l.classid::bigint = ${(PG_LEADER_LOCK_KEY >> 32n).toString()}
             AND l.objid::bigint = ${(PG_LEADER_LOCK_KEY & 0xffff_ffffn).toString()}`,
    );

  it('exactly one of them leads', async () => {
    await waitFor(() => leaders().length > 0, LEADER_RETRY_MS + LEADER_QUERY_TIMEOUT_MS + SLACK_MS, 'a leader');
    expect(leaders()).toHaveLength(1);
    expect(await lockHolders()).toHaveLength(1);
  });

  it('a scheduled start due while the three run gives exactly one session_started', async () => {
    const s = await createSession(gm, { duration: 30 });
    const at = Date.now() + 1500;
    await scheduleAt(gm, s.id, at);
    const started = () => countEvents(servers[0]!, s.id, 'session_started');
    // (Not a timing proof: the machine is shared, so the wait is generous.)
    await waitFor(async () => (await started()) > 0, 1500 + 10 * SCHEDULER_TICK_MS, 'the scheduled start');
    // More ticks on every process change nothing.
    await sleep(3 * SCHEDULER_TICK_MS);
    expect(await started()).toBe(1);
    expect(await sessionRow(servers[1]!, s.id)).toMatchObject({ status: 'active', startTime: at });
  });

  it('racing reads and ticks on the three give one session_started, then one session_ended', async () => {
    await raceOneSession(servers, gm);
  });

  it('closing the leader hands over within one retry period, and the new leader runs the purge at once', async () => {
    // A session abandoned a day ago: only a purge run ends it (every 10 minutes, or on taking over).
    const s = await createSession(gm);
    const dayAgo = Date.now() - 25 * HOUR;
    await servers[0]!.deps.db.update(gameSessions).set({ createdAt: dayAgo }).where(eq(gameSessions.id, s.id));
    await servers[0]!.deps.db.update(events).set({ createdAt: dayAgo }).where(eq(events.sessionId, s.id));

    const leader = leaders()[0]!;
    await leader.close();
    servers = servers.filter((server) => server !== leader);
    const waited = await waitFor(() => leaders().length === 1, LEADER_RETRY_MS + SLACK_MS, 'a new leader');
    expect(waited).toBeLessThanOrEqual(LEADER_RETRY_MS + SLACK_MS);
    // (The same run's purge then deletes the ended session's events: it has no positions to wait for.)
    await waitFor(async () => (await sessionRow(servers[0]!, s.id)).status === 'completed', 5000, 'the abandoned session ends');
    await sleep(LEADER_RETRY_MS);
    expect(leaders()).toHaveLength(1);
  });

  it("killing the leader's lock connection stops it leading at once, and another takes over within one retry period", async () => {
    const leader = leaders()[0]!;
    const [holder] = await lockHolders();
    await rawAll(servers[0]!.deps.db, sql`SELECT pg_terminate_backend(${holder!.pid})`);
    await waitFor(() => !leader.deps.leadership.isLeader(), 500, 'the old leader stops');
    const waited = await waitFor(() => leaders().length === 1, LEADER_RETRY_MS + SLACK_MS, 'a leader again');
    expect(waited).toBeLessThanOrEqual(LEADER_RETRY_MS + SLACK_MS);
    // The old leader reconnects as a follower: still one leader, one lock, and the timers go on.
    await sleep(LEADER_RETRY_MS + 200);
    expect(leaders()).toHaveLength(1);
    expect(await lockHolders()).toHaveLength(1);
    const owner = signedInOn(servers[0]!, gm); // the first app may have closed
    const s = await createSession(owner, { duration: 30 });
    await scheduleAt(owner, s.id, Date.now() + 500);
    await waitFor(async () => (await countEvents(servers[0]!, s.id, 'session_started')) === 1, 500 + 10 * SCHEDULER_TICK_MS, 'a start');
  });
});
