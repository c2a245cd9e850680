// Two app processes on one PostgreSQL database (two createDeps + buildApp in this test process, each
// with its own pool, listening connection and tailer; issue #28, decision 881): an event written
// through either reaches the sockets of both, in id order, with no gap and no duplicate; a socket
// resumes on the other by its last event id; a sign-out or a suspension on one closes the other's
// sockets within 1 s and its next request answers 401; a tailer whose listening connection is killed
// reads again once it listens again. PostgreSQL only: SQLite runs one process.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS_NOTIFY_CHANNEL } from '../db/constants';
import { EVENT_TAIL_POLL_MS } from './limits';
import type { Db } from '../db/client';
import { openNotifications } from '../db/notifications';
import { rawRun } from '../db/raw';
import { runningDialect } from '../db/running-dialect';
import type { BusEvent, EventBus, PublishInput } from '../event-bus';
import { createSession, type Frame, hunterIn, type Signed, sleep, WsClient } from '../../../test/support/comms-kit';
import { ApiClient, removeTestDir, signInAdmin, startTestServer, subscribedGameMaster, type TestServer } from '../../../test/support/harness';
import { openTailingBus } from './tailing-bus';
import { numberedEvent, numberOf } from '../../../test/support/bus-events';

const onPostgres = runningDialect() === 'pg';

let dir: string;
let a: TestServer;
let b: TestServer;
let gm: Signed;
let session: number;
const sockets: WsClient[] = [];

beforeAll(async () => {
  if (!onPostgres) return;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dinohunt-cluster-'));
  // The same directory, so the same PostgreSQL database (harness.ts records its URL there).
  a = await startTestServer({}, { dir, keepDir: true });
  b = await startTestServer({}, { dir, keepDir: true });
  gm = (await subscribedGameMaster(a)) as Signed;
  session = await createSession(a, gm.user.id);
}, 60_000);

afterAll(async () => {
  if (!onPostgres) return;
  for (const ws of sockets) ws.close();
  await a?.close();
  await b?.close();
  await removeTestDir(dir);
});

/** A /ws socket of `client` on `server`, subscribed to the session (from `lastEventId` when given). */
async function socketOn(server: TestServer, client: Signed, lastEventId?: number): Promise<WsClient> {
  const query = `?sessionId=${session}${lastEventId === undefined ? '' : `&lastEventId=${lastEventId}`}`;
  const ws = WsClient.connect(server, query, client.cookie);
  sockets.push(ws);
  await ws.next((f) => f.type === 'subscribed');
  return ws;
}

const TEST_EVENT = 'broadcast';
const input = (n: number, sessionId = session): PublishInput => numberedEvent(sessionId, n);
const testFrames = (ws: WsClient): Frame[] => ws.frames.filter((f) => f.type === TEST_EVENT);

/** Waits until `ok()` holds, checking every 10 ms; fails after `timeoutMs` with `what`. */
async function until(ok: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await sleep(10);
  }
}

/** Ends this database's listening connections (both processes'), as a network cut or a server restart would. */
async function killListeners(db: Db): Promise<number> {
  return rawRun(
    db,
    sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'dinohunt-listen'`,
  );
}

describe.skipIf(!onPostgres)('two processes on one PostgreSQL database', () => {
  it('an event written through A reaches a socket and a listener on B', async () => {
    const ws = await socketOn(b, gm);
    const heard: BusEvent[] = [];
    const stop = b.deps.bus.subscribeSession(session, (e) => heard.push(e));
    const sent = await a.deps.bus.publish(a.deps.db, input(1));
    const frame = await ws.next((f) => f.type === TEST_EVENT && f.messageId === 1, 3000);
    expect(frame.eventId).toBe(sent.id);
    expect(heard.map((e) => e.id)).toEqual([sent.id]);
    expect(heard[0]).toMatchObject({ type: TEST_EVENT, sessionId: session, audience: 'all', payload: { messageId: 1 } });
    stop();
    ws.close();
    await until(() => a.deps.bus.caughtUp() && b.deps.bus.caughtUp(), 3000, 'both tailers caught up');
  });

  it('1,000 events from concurrent writers on A and B reach every socket on both in id order, no gap, no duplicate', async () => {
    const sockets = [await socketOn(a, gm), await socketOn(b, gm), await socketOn(a, gm), await socketOn(b, gm)];
    const heardOn = [a, b].map((server) => {
      const ids: number[] = [];
      server.deps.bus.subscribeSession(session, (e) => {
        if (e.type === TEST_EVENT) ids.push(e.id);
      });
      return ids;
    });
    // 20 writers (10 per process) x 30 transactions (20 of one event, 10 steps of three): 1,000 events.
    const published: number[] = [];
    const writer = async (bus: EventBus, db: Db, w: number) => {
      for (let t = 0; t < 30; t++) {
        const n = w * 1000 + t;
        if (t % 3 !== 0) published.push((await bus.publish(db, input(n))).id);
        else published.push(...(await bus.publishAll(db, [input(n), input(n), input(n)])).map((e) => e.id));
      }
    };
    await Promise.all(
      Array.from({ length: 20 }, (_, w) => (w % 2 === 0 ? writer(a.deps.bus, a.deps.db, w) : writer(b.deps.bus, b.deps.db, w))),
    );
    const expected = [...published].sort((x, y) => x - y);
    expect(expected).toHaveLength(1000);
    expect(new Set(expected).size).toBe(1000);

    // Waited for, then compared (a socket short of 1,000 fails below with what it lacks).
    await until(() => sockets.every((ws) => testFrames(ws).length >= 1000), 15_000, 'every socket has 1,000 events').catch(() => {});
    await sleep(200); // nothing more may follow
    const got = sockets.map((ws) => testFrames(ws).map((f) => f.eventId as number));
    const lost = got.map((ids) => expected.filter((id) => !ids.includes(id)).length);
    const outOfOrder = got.map((ids) => ids.filter((id, i) => i > 0 && id <= ids[i - 1]!).length);
    expect({ lost, outOfOrder }).toEqual({ lost: [0, 0, 0, 0], outOfOrder: [0, 0, 0, 0] });
    for (const ids of got) expect(ids).toEqual(expected);
    for (const ids of heardOn) expect(ids).toEqual(expected);
    for (const ws of sockets) ws.close();
  }, 60_000);

  it('a socket resumes on B with the last event id it had from A and misses nothing', async () => {
    const onA = await socketOn(a, gm);
    for (let n = 0; n < 5; n++) await a.deps.bus.publish(a.deps.db, input(100 + n));
    await until(() => testFrames(onA).length === 5, 3000, 'five events on A');
    const lastFromA = testFrames(onA).at(-1)!.eventId as number;
    onA.close();
    await onA.closed;
    // Written while the phone is between processes, through both.
    const missed: number[] = [];
    for (let n = 0; n < 6; n++) {
      const bus = n % 2 === 0 ? a.deps.bus : b.deps.bus;
      missed.push((await bus.publish(n % 2 === 0 ? a.deps.db : b.deps.db, input(200 + n))).id);
    }
    const onB = await socketOn(b, gm, lastFromA);
    const live = await a.deps.bus.publish(a.deps.db, input(300));
    await until(() => testFrames(onB).length >= 7, 3000, 'the missed events, then the live one');
    await sleep(100);
    expect(testFrames(onB).map((f) => f.eventId)).toEqual([...missed, live.id]);
    onB.close();
  });

  it('a logout on A closes the sign-in’s socket on B within 1 s, and its next request to B answers 401', async () => {
    const rex = await hunterIn(a, session, 'Rex');
    const other = await hunterIn(a, session, 'Other');
    const onB = new ApiClient(b.url);
    onB.cookie = rex.cookie;
    expect((await onB.get('/api/auth/user')).status).toBe(200);
    const mine = await socketOn(b, rex);
    const theirs = await socketOn(b, other);

    const loggedOut = Date.now();
    expect((await rex.post('/api/auth/logout')).status).toBe(200);
    expect((await onB.get('/api/auth/user')).status).toBe(401);
    const closed = await Promise.race([mine.closed, sleep(1000 - (Date.now() - loggedOut)).then(() => 'still open')]);
    expect(closed).toMatchObject({ code: 4401 });
    // Another sign-in's socket on B stays open.
    theirs.send({ type: 'ping', requestId: 'still-here' });
    await theirs.next((f) => f.type === 'pong');
    theirs.close();
  });

  it('a suspension on A closes the account’s sockets on B within 1 s, and its next request to B answers 401', async () => {
    const hunter = await hunterIn(a, session, 'Suspended');
    const onB = new ApiClient(b.url);
    onB.cookie = hunter.cookie;
    const ws = await socketOn(b, hunter);
    const admin = await signInAdmin(a);
    const suspended = Date.now();
    expect((await admin.post(`/api/admin/users/${hunter.user.id}/suspend`)).status).toBe(200);
    expect((await onB.get('/api/auth/user')).status).toBe(401);
    const closed = await Promise.race([ws.closed, sleep(1000 - (Date.now() - suspended)).then(() => 'still open')]);
    expect(closed).toMatchObject({ code: 4401 });
  });

  it('after its listening connection is killed, each tailer listens again and delivers what was written meanwhile', async () => {
    const ws = await socketOn(b, gm);
    expect(await killListeners(a.deps.db)).toBeGreaterThanOrEqual(2); // A's and B's
    const sent = await a.deps.bus.publish(a.deps.db, input(400));
    await ws.next((f) => f.type === TEST_EVENT && f.eventId === sent.id, 5000);
    await until(() => a.deps.bus.caughtUp() && b.deps.bus.caughtUp(), 5000, 'both tailers caught up again');
    // Notifications flow again: the next event arrives well within one poll.
    const next = await b.deps.bus.publish(b.deps.db, input(401));
    const started = Date.now();
    await ws.next((f) => f.type === TEST_EVENT && f.eventId === next.id, 3000);
    expect(Date.now() - started).toBeLessThan(EVENT_TAIL_POLL_MS);
    ws.close();
  });
});

describe.skipIf(!onPostgres)('the tailer on its own', () => {
  it('delivers its own commit from memory only when no event can lie before it; else reads the log first', async () => {
    // No notifications and an hour's poll: this bus learns of another process's event only by reading.
    const bus = await openTailingBus(a.deps.db, { notifications: null, pollMs: 3_600_000, log: { warn() {} } });
    try {
      const heard: number[] = [];
      bus.subscribeSession(session, (e) => heard.push(e.id));
      const own1 = await bus.publish(a.deps.db, input(600));
      expect(heard).toEqual([own1.id]); // right after the last delivered: at once, from memory
      const other = await b.deps.bus.publish(b.deps.db, input(601)); // another process, unheard of here
      const own2 = await bus.publishAll(a.deps.db, [input(602), input(602)]);
      // Not after the last delivered: the log is read, and the other process's event comes first.
      await until(() => heard.length === 4, 3000, 'the read of the log');
      expect(heard).toEqual([own1.id, other.id, ...own2.map((e) => e.id)]);
      expect(bus.caughtUp()).toBe(true);
    } finally {
      await bus.close();
    }
  });

  it('reads again when its connection listens again, without waiting for the poll', async () => {
    const db = a.deps.db;
    const notifications = (await openNotifications(db, [EVENTS_NOTIFY_CHANNEL]))!;
    // A poll too slow to matter here: only the re-tail can deliver what was notified while it was down.
    const bus = await openTailingBus(db, { notifications, pollMs: 3_600_000, log: { warn() {} } });
    try {
      const heard: number[] = [];
      bus.subscribeSession(session, (e) => heard.push(numberOf(e)!));
      let written = 0;
      for (let attempt = 0; ; attempt++) {
        await killListeners(db);
        // Down for about NOTIFY_RECONNECT_MIN_MS: seen unless this process was busy meanwhile (then try again).
        await until(() => !notifications.listening, 500, 'the connection is down').catch(() => {});
        // Written by another process (B) while this one does not listen: its notification is lost.
        written = 500 + attempt;
        await b.deps.bus.publish(b.deps.db, input(written));
        if (!notifications.listening) break; // written while down, as wanted
        if (attempt > 5) throw new Error('the connection kept coming back before the write');
      }
      expect(bus.caughtUp()).toBe(false);
      await until(() => heard.includes(written), 3000, 'the event written while down');
      await until(() => bus.caughtUp(), 1000, 'caught up');
    } finally {
      await bus.close();
    }
  });
});
