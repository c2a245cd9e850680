// Issue #28, proofs (1), (3) and (5) on three real processes sharing one PostgreSQL database:
// (1) 1,000 events written through different processes reach every socket on every process in
//     id order, with no gap and no duplicate (checked against the event log itself);
// (3) a socket that leaves one process resumes on another with its last event id and receives
//     exactly what it missed, then live events;
// (5) a sign-out through process A answers 401 on B at the next request and closes B's sockets
//     within 1 s; so does an account suspended through A; and a change made through A is what B's
//     next read answers (no process serves its cached copy).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visibleEventsSince, type EventViewer } from '../db/events';
import { ApiClient } from '../../../test/support/api-client';
import {
  type Account,
  guestJoin,
  LiveSocket,
  liveSession,
  signInAdmin,
  signUp,
  subscribedGameMaster,
  type LiveSessionInfo,
} from '../../../test/support/cluster-clients';
import { openClusterDb } from '../../../test/support/cluster-db';
import { type Cluster, startCluster } from '../../../test/support/cluster-harness';
import type { Db } from '../db/client';

let cluster: Cluster;
let db: Db;
let closeDb: () => Promise<void>;
let gm: Account;
let session: LiveSessionInfo;

beforeAll(async () => {
  cluster = await startCluster({ processes: 3, together: true });
  ({ db, close: closeDb } = await openClusterDb(cluster.databaseUrl));
  const admin = await signInAdmin(cluster.url);
  gm = await subscribedGameMaster(cluster.url, admin);
  session = await liveSession(gm, { dinosaurs: 1 });
});
afterAll(async () => {
  await closeDb?.();
  await cluster?.stop();
});

/** A copy of `client` (same cookies) that talks to another base URL: the same phone, another process. */
function via(client: ApiClient, baseUrl: string): ApiClient {
  const copy = new ApiClient(baseUrl);
  copy.cookie = client.cookie;
  copy.deviceCookie = client.deviceCookie;
  for (const [name, value] of client.jar) copy.jar.set(name, value);
  return copy;
}

/**
 * Sends `count` messages to all through `client`, `concurrency` at a time; answers the stored message ids.
 * A refused or unanswered message throws, or with `failures` is recorded there and the rest are sent.
 */
async function sendMessages(client: ApiClient, sessionId: number, tag: string, count: number, failures?: string[], concurrency = 4): Promise<number[]> {
  const ids: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const n = next++;
      try {
        const res = await client.post(`/api/game-sessions/${sessionId}/communications`, { message: `${tag} ${n}`, recipientType: 'all' });
        if (res.status !== 200) throw new Error(`message ${tag} ${n}: ${res.status} ${JSON.stringify(res.body)}`);
        ids.push(res.body.id);
      } catch (error) {
        if (!failures) throw error;
        failures.push(`${tag} ${n}: ${String(error)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return ids;
}

/**
 * Sends `count` messages through /ws sockets (each acked), one at a time per socket: a socket carries at most
 * 20 frames a second (decision 700), so several share the work. Failures as sendMessages.
 */
async function sendOverSockets(sockets: LiveSocket[], tag: string, count: number, failures: string[]): Promise<number[]> {
  const ids: number[] = [];
  let next = 0;
  const worker = async (socket: LiveSocket) => {
    while (next < count) {
      const n = next++;
      try {
        const ack = await socket.request({ type: 'comms_message', message: `${tag} ${n}`, recipientType: 'all' });
        ids.push(ack.id);
      } catch (error) {
        failures.push(`${tag} ${n}: ${String(error)}`);
      }
    }
  };
  await Promise.all(sockets.map(worker));
  return ids;
}

/** What the event log says `viewer` should have received after `after`, in order. */
async function expectedIds(viewer: EventViewer, after: number): Promise<number[]> {
  return (await visibleEventsSince(db, [session.id], after, viewer, 1_000_000)).map((e) => e.id);
}

/** Compares what a socket received with the log: a short summary, so a failure reads at a glance. */
function compare(received: number[], expected: number[]) {
  const got = new Set(received);
  const wanted = new Set(expected);
  const missing = expected.filter((id) => !got.has(id));
  return {
    missing: missing.length,
    firstMissing: missing.slice(0, 5),
    extra: received.filter((id) => !wanted.has(id)).length,
    inOrder: received.every((id, i) => i === 0 || id > received[i - 1]!),
  };
}

describe('events across processes', () => {
  it('(1) 1,000 events from writers on three processes reach every socket on every process in id order, no gap, no duplicate', async () => {
    // Three hunters and the game master, each with a socket on every process.
    const hunters = await Promise.all(['Ava', 'Bob', 'Cyd'].map((handle, i) => guestJoin(cluster.urlOf(i), session.id, session.password, handle)));
    const readers: { name: string; socket: LiveSocket; viewer: EventViewer; from: number }[] = [];
    for (let p = 0; p < 3; p += 1) {
      readers.push({ name: `gm@${p}`, socket: LiveSocket.open(cluster.wsUrlOf(p), session.id, gm.cookies()), viewer: { userId: gm.user.id, seesOwnerEvents: true }, from: 0 });
      for (const [h, hunter] of hunters.entries()) {
        readers.push({
          name: `hunter${h}@${p}`,
          socket: LiveSocket.open(cluster.wsUrlOf(p), session.id, hunter.cookies()),
          viewer: { userId: hunter.userId, seesOwnerEvents: false },
          from: 0,
        });
      }
    }
    await Promise.all(readers.map((r) => r.socket.ready()));
    for (const r of readers) r.from = r.socket.lastEventId;
    // A fourth writer through sockets of its own on process 1.
    const writerSockets = Array.from({ length: 5 }, () => LiveSocket.open(cluster.wsUrlOf(1), session.id, hunters[2]!.cookies()));
    await Promise.all(writerSockets.map((socket) => socket.ready()));

    const failures: string[] = [];
    const written = (
      await Promise.all([
        sendMessages(via(gm, cluster.urlOf(0)), session.id, 'gm', 250, failures),
        sendMessages(via(hunters[0]!, cluster.urlOf(1)), session.id, 'ava', 250, failures),
        sendMessages(via(hunters[1]!, cluster.urlOf(2)), session.id, 'bob', 250, failures),
        sendOverSockets(writerSockets, 'cyd', 250, failures),
      ])
    ).flat();

    // Every reader settles on the log's newest event it may see (or fails after 30 s with what it has).
    const settled = await Promise.allSettled(
      readers.map(async (r) => {
        const expected = await expectedIds(r.viewer, r.from);
        await r.socket.until(() => r.socket.lastEventId >= expected.at(-1)!, 30_000, `${r.name} caught up`);
      }),
    );
    const report: Record<string, unknown> = {};
    for (const [i, r] of readers.entries()) {
      const expected = await expectedIds(r.viewer, r.from);
      const received = r.socket.events.map((e) => e.eventId);
      const messages = new Set(r.socket.ofType('new_communication').map((e) => e.id as number));
      report[r.name] = {
        ...compare(received, expected),
        duplicates: r.socket.duplicates.length,
        messagesWritten: written.filter((id) => messages.has(id)).length,
        settled: settled[i]!.status,
      };
    }
    report.writes = { stored: new Set(written).size, failed: failures.length, firstFailures: failures.slice(0, 3) };
    const clean = { missing: 0, firstMissing: [], extra: 0, inOrder: true, duplicates: 0, messagesWritten: written.length, settled: 'fulfilled' };
    expect(report).toEqual({
      ...Object.fromEntries(readers.map((r) => [r.name, clean])),
      writes: { stored: 1000, failed: 0, firstFailures: [] },
    });
    await Promise.all([...readers.map((r) => r.socket.close()), ...writerSockets.map((socket) => socket.close())]);
  });

  it('(3) a socket resumes on another process with its last event id: exactly what it missed, then live events', async () => {
    const hunter = await guestJoin(cluster.url, session.id, session.password, 'Dee');
    const viewer = { userId: hunter.userId, seesOwnerEvents: false };
    const first = LiveSocket.open(cluster.wsUrlOf(0), session.id, hunter.cookies());
    await first.ready();
    const from = first.lastEventId;
    await sendMessages(via(gm, cluster.urlOf(1)), session.id, 'before', 10);
    const beforeIds = await expectedIds(viewer, from);
    await first.until(() => first.lastEventId >= beforeIds.at(-1)!, 10_000, 'first socket caught up');
    await first.close();
    const lastEventId = first.lastEventId;

    // While the phone is away, writes go through the other two processes.
    await Promise.all([sendMessages(via(gm, cluster.urlOf(1)), session.id, 'away', 20), sendMessages(via(hunter, cluster.urlOf(2)), session.id, 'away-h', 20)]);
    const missed = await expectedIds(viewer, lastEventId);
    expect(missed.length).toBeGreaterThanOrEqual(40);

    const second = LiveSocket.open(cluster.wsUrlOf(1), session.id, hunter.cookies(), { lastEventId });
    await second.ready();
    await second.until(() => second.lastEventId >= missed.at(-1)!, 10_000, 'replay of what was missed');
    expect(second.events.map((e) => e.eventId).slice(0, missed.length)).toEqual(missed);

    // Then live events, written through the third process.
    await sendMessages(via(gm, cluster.urlOf(2)), session.id, 'after', 10);
    const all = await expectedIds(viewer, lastEventId);
    await second.until(() => second.lastEventId >= all.at(-1)!, 15_000, 'live events after the resume');
    expect(second.events.map((e) => e.eventId)).toEqual(all);
    expect(second.duplicates).toEqual([]);
    expect(first.events.map((e) => e.eventId)).toEqual(await expectedIds(viewer, from).then((ids) => ids.filter((id) => id <= lastEventId)));
    await second.close();
  });

  it('(5) a sign-out through A answers 401 on B at the next request and closes B’s sockets within 1 s', async () => {
    const hunter = await signUp(cluster.urlOf(0), 'hunter');
    const joined = await hunter.post('/api/hunter/join-session', { sessionId: String(session.id), password: session.password, hunterHandle: 'Eve' });
    expect(joined.status).toBe(200);
    const onB = via(hunter, cluster.urlOf(1));
    // B has used the sign-in (its caches know it) and holds two sockets on it.
    expect((await onB.get('/api/auth/user')).status).toBe(200);
    expect((await onB.get(`/api/game-sessions/${session.id}`)).status).toBe(200);
    const sockets = [LiveSocket.open(cluster.wsUrlOf(1), session.id, onB.cookies()), LiveSocket.open(cluster.wsUrlOf(1), session.id, onB.cookies())];
    await Promise.all(sockets.map((s) => s.ready()));
    // A third socket on C: every process closes its own.
    const onC = LiveSocket.open(cluster.wsUrlOf(2), session.id, onB.cookies());
    await onC.ready();

    const onA = via(hunter, cluster.urlOf(0));
    expect((await onA.post('/api/auth/logout')).status).toBe(200);
    const signedOutAt = Date.now();
    expect((await onB.get('/api/auth/user')).status).toBe(401);
    expect((await onB.get(`/api/game-sessions/${session.id}`)).status).toBe(401);
    for (const socket of [...sockets, onC]) {
      await socket.until(() => socket.ended !== undefined, Math.max(1, 1000 - (Date.now() - signedOutAt)), 'closed by the sign-out');
      expect(socket.ended?.code).toBe(4401);
    }
    expect(Date.now() - signedOutAt).toBeLessThanOrEqual(1000);
    // A new socket with the old cookie is refused on every process.
    for (let p = 0; p < 3; p += 1) {
      const late = LiveSocket.open(cluster.wsUrlOf(p), session.id, onB.cookies());
      await late.until(() => late.ended !== undefined, 5000, 'refused');
      expect(late.ended?.code).toBe(4401);
    }
  });
  it('(5) an account suspended through A answers 401 on B at the next request and B’s sockets close within 1 s', async () => {
    const hunter = await signUp(cluster.urlOf(0), 'hunter');
    const joined = await hunter.post('/api/hunter/join-session', { sessionId: String(session.id), password: session.password, hunterHandle: 'Fay' });
    expect(joined.status).toBe(200);
    const onB = via(hunter, cluster.urlOf(1));
    expect((await onB.get('/api/auth/user')).status).toBe(200);
    const socket = LiveSocket.open(cluster.wsUrlOf(1), session.id, onB.cookies());
    await socket.ready();

    const admin = await signInAdmin(cluster.urlOf(0));
    expect((await admin.post(`/api/admin/users/${hunter.user.id}/suspend`)).status).toBe(200);
    const suspendedAt = Date.now();
    expect((await onB.get('/api/auth/user')).status).toBe(401);
    await socket.until(() => socket.ended !== undefined, Math.max(1, 1000 - (Date.now() - suspendedAt)), 'closed by the suspension');
    expect(socket.ended?.code).toBe(4401);
    // Signing in again through B is refused as suspended.
    const again = await new ApiClient(cluster.urlOf(1)).post('/api/auth/login', {
      username: hunter.user.username,
      password: 'Fossil-Trail-42',
    });
    expect(again.status).toBe(403);
  });

  it('(5) a change through A is what B answers at the next read', async () => {
    const hunter = await guestJoin(cluster.urlOf(1), session.id, session.password, 'Gus');
    const read = async () => (await hunter.get(`/api/game-sessions/${session.id}`)).body.status as string;
    // B has read (and may cache) the session as active; the game master pauses and resumes it through A.
    expect([await read(), await read()]).toEqual(['active', 'active']);
    const onA = via(gm, cluster.urlOf(0));
    expect((await onA.post(`/api/game-sessions/${session.id}/pause`)).status).toBe(200);
    expect(await read()).toBe('paused');
    expect((await onA.post(`/api/game-sessions/${session.id}/resume`)).status).toBe(200);
    expect(await read()).toBe('active');
  });
});
