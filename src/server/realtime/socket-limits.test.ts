// Bounded work on both socket doors and on batched HTTP calls (decision 700): each limit's
// refusal (its tRPC error or close code and message), and the normal flow under it.
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { TRPC_MAX_BATCH_SIZE } from '../../domain/transport';
import { TRPC_GET_URL_MAX } from '../http/limits';
import { SOCKETS_PER_ADDRESS_MAX, SOCKETS_PER_SIGN_IN_MAX, STREAM_REPLAY_MAX_EVENTS, STREAM_REPLAY_PAGE, TRPC_SOCKET_MAX_SUBSCRIPTIONS, WS_CLOSE_TOO_MANY, WS_MAX_FRAME_BYTES, WS_MAX_FRAMES_PER_SECOND } from './limits';
import type { AppRouter } from '../routers';
import { createSession, type Frame, hunterIn, type Signed, sleep, WsClient } from '../../../test/support/comms-kit';
import { startTestServer, subscribedGameMaster, type TestServer } from '../../../test/support/harness';
import type { Audience } from './bus';
import { canSee, type EventSource, pushFeed, RESYNC_REASON, sessionSource } from './session-stream';
import { type EventInsert, insertEvents } from '../db/events';
import { TRPC_SOCKET_REFUSALS } from './trpc-socket';
import { numberedEvent, } from '../../../test/support/bus-events';

// A test may hold every comms.events feed between `started` and its first event (the checks that
// read the database there take longer under load, on PostgreSQL most): open unless a test closes it.
const feedStart = vi.hoisted(() => ({ held: null as Promise<void> | null }));
vi.mock('./events-admission', async (importOriginal) => {
  const original = await importOriginal<typeof import('./events-admission')>();
  return {
    ...original,
    eventsStart: async (...args: Parameters<typeof original.eventsStart>) => {
      if (feedStart.held) await feedStart.held;
      return original.eventsStart(...args);
    },
  };
});

let server: TestServer;
let gm: Signed;
let session: number;
let rex: Signed;
const closers: (() => unknown)[] = [];

beforeAll(async () => {
  server = await startTestServer();
  gm = (await subscribedGameMaster(server)) as Signed;
  session = await createSession(server, gm.user.id);
  rex = await hunterIn(server, session, 'Rex');
});
afterAll(async () => {
  for (const close of closers) await close();
  await server.close();
});

/** A raw tRPC socket that keeps every frame (parsed), its close and a way to wait. */
function trpcSocket(cookie: string | undefined) {
  const ws = new WebSocket(`${server.wsUrl}/trpc`, { headers: cookie ? { cookie } : {} });
  const frames: any[] = [];
  ws.on('message', (data) => {
    const text = String(data);
    frames.push(text === 'PING' || text === 'PONG' ? text : JSON.parse(text));
  });
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  closers.push(() => ws.close());
  const until = async (check: () => boolean, what: string, timeoutMs = 4000) => {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; got ${JSON.stringify(frames).slice(0, 500)}`);
      await sleep(10);
    }
  };
  const send = (m: unknown) => {
    const text = typeof m === 'string' ? m : JSON.stringify(m);
    if (ws.readyState === ws.CONNECTING) void opened.then(() => ws.send(text));
    else ws.send(text);
  };
  return { ws, frames, opened, closed, until, send };
}

const subscribe = (id: number, sessionId = session, lastEventId?: number) => ({
  id,
  method: 'subscription',
  params: { path: 'comms.events', input: { json: { sessionId, ...(lastEventId !== undefined ? { lastEventId: String(lastEventId) } : {}) } } },
});

function wsClient(cookie: string | undefined, query = '') {
  const ws = WsClient.connect(server, query, cookie);
  closers.push(() => ws.close());
  return ws;
}

/** Stores `n` events of a session in one transaction (as published, without the fan-out): the last id. */
async function seedEvents(sessionId: number, n: number, audienceOf: (i: number) => Audience = () => 'all'): Promise<number> {
  const rows = Array.from({ length: n }, (_, i): EventInsert => ({ ...numberedEvent(sessionId, i), audience: audienceOf(i), createdAt: Date.now() }));
  const stored = await server.deps.db.transaction((tx) => insertEvents(tx, rows));
  return stored.at(-1)!.id;
}

const errorOf = (frame: any) => frame?.error?.json as { message: string; data: { code: string; httpStatus: number } } | undefined;

describe("tRPC's socket: per message", () => {
  it(`refuses a message of more than ${TRPC_MAX_BATCH_SIZE} calls whole, before running any; ${TRPC_MAX_BATCH_SIZE} are served`, async () => {
    const s = trpcSocket(gm.cookie);
    await s.opened;
    const calls = (n: number, from: number) =>
      Array.from({ length: n }, (_, i) => ({ id: from + i, method: 'query', params: { path: 'billing.plans', input: {} } }));
    s.send(calls(TRPC_MAX_BATCH_SIZE + 1, 1000));
    await s.until(() => s.frames.length === 1, 'the refusal');
    expect(s.frames[0].id).toBeNull();
    expect(errorOf(s.frames[0])).toMatchObject({
      message: TRPC_SOCKET_REFUSALS.tooManyCalls,
      data: { code: 'BAD_REQUEST', httpStatus: 400 },
    });
    s.send(calls(TRPC_MAX_BATCH_SIZE, 1));
    await s.until(() => s.frames.length === 1 + TRPC_MAX_BATCH_SIZE, 'the answers');
    expect(s.frames.slice(1).every((f) => f.result?.type === 'data' && f.id < 1000)).toBe(true);
  });

  it(`refuses a message over ${WS_MAX_FRAME_BYTES} bytes unread, and stays open`, async () => {
    const s = trpcSocket(gm.cookie);
    await s.opened;
    s.send({ id: 1, method: 'query', params: { path: 'billing.plans', input: 'x'.repeat(WS_MAX_FRAME_BYTES) } });
    await s.until(() => s.frames.length === 1, 'the refusal');
    expect(errorOf(s.frames[0])).toMatchObject({ message: TRPC_SOCKET_REFUSALS.tooLarge, data: { code: 'PAYLOAD_TOO_LARGE', httpStatus: 413 } });
    s.send({ id: 2, method: 'query', params: { path: 'billing.plans', input: {} } });
    await s.until(() => s.frames.some((f) => f.id === 2 && f.result), 'the next answer');
  });

  it(`answers more than ${WS_MAX_FRAMES_PER_SECOND} messages a second with TOO_MANY_REQUESTS and drops them`, async () => {
    const s = trpcSocket(gm.cookie);
    await s.opened;
    const sent = WS_MAX_FRAMES_PER_SECOND + 5;
    for (let i = 1; i <= sent; i++) s.send({ id: i, method: 'query', params: { path: 'billing.plans', input: {} } });
    await s.until(() => s.frames.length === sent, 'every answer');
    const refused = s.frames.filter((f) => errorOf(f)?.data.code === 'TOO_MANY_REQUESTS');
    // The rate's one-second window may begin within the burst: at least the 5 over the cap are refused.
    expect(refused.length).toBeGreaterThanOrEqual(5);
    expect(refused[0]).toMatchObject({ id: null, error: { json: { message: TRPC_SOCKET_REFUSALS.tooFast } } });
    expect(s.frames.filter((f) => f.result?.type === 'data').length).toBe(sent - refused.length);
    // A second later the socket is served again.
    await sleep(1050);
    s.send({ id: 99, method: 'query', params: { path: 'billing.plans', input: {} } });
    await s.until(() => s.frames.some((f) => f.id === 99 && f.result), 'served again');
  });
});

describe("tRPC's socket: subscriptions and sign-in", () => {
  it(`holds at most ${TRPC_SOCKET_MAX_SUBSCRIPTIONS} subscriptions; the next is refused until one stops`, async () => {
    const s = trpcSocket(rex.cookie);
    await s.opened;
    // All in one message (as a client that batches them), one more than the cap.
    s.send(Array.from({ length: TRPC_SOCKET_MAX_SUBSCRIPTIONS + 1 }, (_, i) => subscribe(i + 1)));
    await s.until(() => s.frames.length === TRPC_SOCKET_MAX_SUBSCRIPTIONS + 1, 'the answers');
    expect(s.frames.filter((f) => f.result?.type === 'started')).toHaveLength(TRPC_SOCKET_MAX_SUBSCRIPTIONS);
    const refused = s.frames.find((f) => f.error);
    expect(refused.id).toBe(TRPC_SOCKET_MAX_SUBSCRIPTIONS + 1);
    expect(errorOf(refused)).toMatchObject({
      message: TRPC_SOCKET_REFUSALS.tooManySubscriptions,
      data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429 },
    });
    s.send({ id: 1, method: 'subscription.stop' });
    s.send(subscribe(50));
    await s.until(() => s.frames.some((f) => f.id === 50 && f.result?.type === 'started'), 'a subscription after a stop');
    // Every live one still receives events.
    const event = await server.deps.bus.publish(server.deps.db, numberedEvent(session, 0));
    await s.until(() => s.frames.filter((f) => f.result?.type === 'data' && f.result.id === String(event.id)).length === 10, 'the event');
  });

  it('counts a subscription once while its feed starts: a stop frees its place at once', async () => {
    let release = () => {};
    feedStart.held = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      const s = trpcSocket(rex.cookie);
      await s.opened;
      s.send(Array.from({ length: TRPC_SOCKET_MAX_SUBSCRIPTIONS }, (_, i) => subscribe(i + 1)));
      await s.until(() => s.frames.filter((f) => f.result?.type === 'started').length === TRPC_SOCKET_MAX_SUBSCRIPTIONS, 'every start');
      // Every feed is past `started` and still starting: the cap is full, no more.
      s.send(subscribe(20));
      await s.until(() => s.frames.some((f) => f.id === 20), 'the refusal');
      expect(errorOf(s.frames.find((f) => f.id === 20))?.message).toBe(TRPC_SOCKET_REFUSALS.tooManySubscriptions);
      s.send({ id: 1, method: 'subscription.stop' });
      s.send(subscribe(21));
      await s.until(() => s.frames.some((f) => f.id === 21), 'the answer after a stop');
      expect(s.frames.find((f) => f.id === 21)).toMatchObject({ result: { type: 'started' } });
      release();
      const event = await server.deps.bus.publish(server.deps.db, numberedEvent(session, 0));
      const delivered = () => s.frames.filter((f) => f.result?.type === 'data' && f.result.id === String(event.id));
      await s.until(() => delivered().length === TRPC_SOCKET_MAX_SUBSCRIPTIONS, 'the event on every live feed');
      expect(delivered().map((f) => f.id).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 21]);
    } finally {
      feedStart.held = null;
      release();
    }
  });

  it("the web client's flow (one subscription, a second while the screen switches) stays under the cap", async () => {
    const wsClient = createWSClient({
      url: `${server.wsUrl}/trpc`,
      WebSocket: class extends WebSocket {
        constructor(url: string) {
          super(url, { headers: { cookie: rex.cookie } });
        }
      } as unknown as typeof globalThis.WebSocket,
      lazy: { enabled: true, closeMs: 10_000 },
    });
    closers.push(() => wsClient.close());
    const trpc = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient, transformer: superjson })] });
    const errors: unknown[] = [];
    let started = 0;
    const subs = [0, 1].map(() =>
      trpc.comms.events.subscribe({ sessionId: session }, { onStarted: () => started++, onError: (e) => errors.push(e) }),
    );
    const deadline = Date.now() + 3000;
    while (started < 2 && Date.now() < deadline) await sleep(10);
    expect(started).toBe(2);
    expect(errors).toEqual([]);
    for (const sub of subs) sub.unsubscribe();
  });

  it('refuses every call of a signed-out socket with UNAUTHORIZED, then closes it with 4401', async () => {
    const s = trpcSocket(undefined);
    await s.opened;
    s.send([subscribe(1), { id: 2, method: 'query', params: { path: 'billing.plans', input: {} } }]);
    expect(await s.closed).toEqual({ code: 4401, reason: TRPC_SOCKET_REFUSALS.signedOut });
    expect(s.frames.map((f) => [f.id, errorOf(f)?.message, errorOf(f)?.data.httpStatus])).toEqual([
      [1, TRPC_SOCKET_REFUSALS.signedOut, 401],
      [2, TRPC_SOCKET_REFUSALS.signedOut, 401],
    ]);
  });
});

describe('sockets per sign-in and per address, both doors', () => {
  it(`at most ${SOCKETS_PER_SIGN_IN_MAX} sockets per sign-in across /trpc and /ws: the next closes with 4429; one closes, one opens`, async () => {
    const hunter = await hunterIn(server, session, 'Many');
    const held: { close: () => void; closed: Promise<unknown> }[] = [];
    for (let i = 0; i < SOCKETS_PER_SIGN_IN_MAX; i++) {
      if (i % 2 === 0) {
        const ws = wsClient(hunter.cookie, `?sessionId=${session}`);
        await ws.next((f) => f.type === 'subscribed');
        held.push({ close: () => ws.close(), closed: ws.closed });
      } else {
        const s = trpcSocket(hunter.cookie);
        s.send(subscribe(1));
        await s.until(() => s.frames.some((f) => f.result?.type === 'started'), 'started');
        held.push({ close: () => s.ws.close(), closed: s.closed });
      }
    }
    const extraWs = wsClient(hunter.cookie, `?sessionId=${session}`);
    expect(await extraWs.closed).toEqual({ code: WS_CLOSE_TOO_MANY, reason: `Too many sockets for this sign-in: at most ${SOCKETS_PER_SIGN_IN_MAX}` });
    expect(extraWs.frames).toMatchObject([{ type: 'error', code: WS_CLOSE_TOO_MANY }]);
    const extraTrpc = trpcSocket(hunter.cookie);
    expect((await extraTrpc.closed).code).toBe(WS_CLOSE_TOO_MANY);
    expect(errorOf(extraTrpc.frames[0])).toMatchObject({ data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429 } });
    // Another sign-in of the same address is not affected.
    const other = wsClient(rex.cookie, `?sessionId=${session}`);
    await other.next((f) => f.type === 'subscribed');
    held[0]!.close();
    await held[0]!.closed;
    const again = wsClient(hunter.cookie, `?sessionId=${session}`);
    await again.next((f) => f.type === 'subscribed');
    for (const h of held) h.close();
  });

  it(`at most ${SOCKETS_PER_ADDRESS_MAX} signed-out sockets per address, both doors counted together`, async () => {
    const idle = Array.from({ length: SOCKETS_PER_ADDRESS_MAX }, () => trpcSocket(undefined));
    await Promise.all(idle.map((s) => s.opened));
    await sleep(50);
    const extra = trpcSocket(undefined);
    expect(await extra.closed).toEqual({ code: WS_CLOSE_TOO_MANY, reason: `Too many sockets from this address: at most ${SOCKETS_PER_ADDRESS_MAX} while signed out` });
    const extraWs = wsClient(undefined);
    expect((await extraWs.closed).code).toBe(WS_CLOSE_TOO_MANY);
    // Signed-in sockets are counted by their sign-in, not by address.
    const signedIn = wsClient(rex.cookie, `?sessionId=${session}`);
    await signedIn.next((f) => f.type === 'subscribed');
    for (const s of idle) s.ws.close();
    await Promise.all(idle.map((s) => s.closed));
    const later = wsClient(undefined);
    expect((await later.closed).code).toBe(4401); // its address has room again: refused for the missing sign-in only
  });
});

describe('replay: filtered in SQL, in pages, resync past the bound', () => {
  const audiences = (hunterId: string): Audience[] => ['all', 'owner', `user:${hunterId}`, `owner+user:${hunterId}`, 'user:someone-else', 'owner+user:someone-else'];

  it("reads only the events its viewer may see, as canSee decides", async () => {
    const s = await createSession(server, gm.user.id);
    const bus = server.deps.bus;
    const from = (await bus.publish(server.deps.db, numberedEvent(s, 0))).id;
    await seedEvents(s, 60, (i) => audiences(rex.user.id)[i % 6]!);
    for (const viewer of [
      { userId: rex.user.id, seesOwnerEvents: false },
      { userId: gm.user.id, seesOwnerEvents: true },
      { userId: 'nobody', seesOwnerEvents: false },
    ]) {
      const expected = (await bus.since(s, from, 1000)).filter((e) => canSee(viewer, e)).map((e) => e.id);
      expect((await bus.visibleSince(s, from, viewer, 1000)).map((e) => e.id)).toEqual(expected);
    }
  });

  it('replays a page at a time, each further page in a later turn of the event loop', async () => {
    const s = await createSession(server, gm.user.id);
    const bus = server.deps.bus;
    const from = (await bus.publish(server.deps.db, numberedEvent(s, 0))).id;
    await seedEvents(s, STREAM_REPLAY_PAGE * 2 + 10);
    const source = sessionSource(bus, s, { userId: rex.user.id, seesOwnerEvents: false });
    // Each page asked for, with what was delivered by then and whether a turn of the event loop came in between.
    const pages: { limit: number; delivered: number; turnBetween: boolean }[] = [];
    let turned = true;
    const counted: EventSource = {
      subscribe: (listener) => source.subscribe(listener),
      accepts: (event) => source.accepts(event),
      behind: (after, max) => source.behind(after, max),
      page: (after, limit) => {
        pages.push({ limit, delivered: got.length, turnBetween: turned });
        turned = false;
        setImmediate(() => {
          turned = true;
        });
        return source.page(after, limit);
      },
    };
    const got: number[] = [];
    const stop = pushFeed(counted, from, (e) => got.push(e.id) > 0);
    await vi.waitFor(() => expect(pages.length).toBeGreaterThanOrEqual(2));
    // Published while it replays: read by a later page, once.
    const live = (await bus.publish(server.deps.db, numberedEvent(s, 0))).id;
    await vi.waitFor(() => expect(got).toHaveLength(STREAM_REPLAY_PAGE * 2 + 11));
    expect(got.at(-1)).toBe(live);
    expect(pages).toEqual([
      { limit: STREAM_REPLAY_PAGE, delivered: 0, turnBetween: true },
      { limit: STREAM_REPLAY_PAGE, delivered: STREAM_REPLAY_PAGE, turnBetween: true },
      { limit: STREAM_REPLAY_PAGE, delivered: STREAM_REPLAY_PAGE * 2, turnBetween: true },
    ]);
    const after = (await bus.publish(server.deps.db, numberedEvent(s, 0))).id;
    expect(got.at(-1)).toBe(after); // live from here on
    expect(new Set(got).size).toBe(got.length);
    stop();
  });

  it(`replays a resume of ${STREAM_REPLAY_MAX_EVENTS} events in pages of ${STREAM_REPLAY_PAGE}, with live events after, no gap, no duplicate (both doors)`, async () => {
    const s = await createSession(server, gm.user.id);
    const hunter = await hunterIn(server, s, 'Resumer');
    const bus = server.deps.bus;
    const from = (await bus.publish(server.deps.db, numberedEvent(s, 0))).id;
    // Every third one is for the owner only: not read for the hunter.
    await seedEvents(s, STREAM_REPLAY_MAX_EVENTS - 1, (i) => (i % 3 === 0 ? 'owner' : 'all'));
    const visible = (await bus.since(s, from, 5000)).filter((e) => e.audience === 'all').map((e) => e.id);
    expect(visible.length).toBeGreaterThan(STREAM_REPLAY_PAGE * 3);

    const ws = wsClient(hunter.cookie, `?sessionId=${s}&lastEventId=${from}`);
    const t = trpcSocket(hunter.cookie);
    t.send(subscribe(7, s, from));
    // Published while the replays are under way: delivered once, after them.
    await ws.next((f) => f.type === 'subscribed');
    const live = (await bus.publish(server.deps.db, numberedEvent(s, 1))).id;
    await ws.next((f) => f.eventId === live, 5000);
    await t.until(() => t.frames.some((f) => f.result?.id === String(live)), 'the live event over tRPC', 5000);
    expect(ws.frames.filter((f) => f.eventId).map((f) => f.eventId)).toEqual([...visible, live]);
    expect(ws.ofType('resync')).toEqual([]);
    expect(t.frames.filter((f) => f.result?.type === 'data').map((f) => Number(f.result.id))).toEqual([...visible, live]);
  });

  it(`answers a resume more than ${STREAM_REPLAY_MAX_EVENTS} events behind with 'resync' and live events, no replay (both doors)`, async () => {
    const s = await createSession(server, gm.user.id);
    const hunter = await hunterIn(server, s, 'Late');
    const bus = server.deps.bus;
    const from = (await bus.publish(server.deps.db, numberedEvent(s, 0))).id;
    const latest = await seedEvents(s, STREAM_REPLAY_MAX_EVENTS + 1);

    const ws = wsClient(hunter.cookie, `?sessionId=${s}&lastEventId=${from}`);
    const resync = await ws.next((f) => f.type === 'resync');
    expect(resync).toMatchObject({ type: 'resync', sessionId: s, resumeFrom: latest, reason: RESYNC_REASON });
    expect(ws.ofType('subscribed')[0]).toMatchObject({ resumeFrom: latest });

    const t = trpcSocket(hunter.cookie);
    t.send(subscribe(3, s, from));
    await t.until(() => t.frames.some((f) => f.result?.type === 'data'), 'the resync event');
    const data = t.frames.find((f) => f.result?.type === 'data');
    expect(data.result.id).toBe(String(latest));
    expect(superjson.deserialize(data.result.data)).toMatchObject({
      id: String(latest),
      data: { id: latest, type: 'resync', sessionId: s, payload: { resumeFrom: latest, reason: RESYNC_REASON } },
    });

    const live = (await bus.publish(server.deps.db, numberedEvent(s, 1))).id;
    await ws.next((f) => f.eventId === live);
    await t.until(() => t.frames.some((f) => f.result?.id === String(live)), 'the live event');
    expect(ws.frames.filter((f) => f.eventId).map((f) => f.eventId)).toEqual([live]);
    expect(t.frames.filter((f) => f.result?.type === 'data').map((f) => f.result.id)).toEqual([String(latest), String(live)]);
  });

  it('comms.events streamed over HTTP (SSE) resyncs the same way', async () => {
    const s = await createSession(server, gm.user.id);
    const hunter = await hunterIn(server, s, 'Streamed');
    const from = (await server.deps.bus.publish(server.deps.db, numberedEvent(s, 0))).id;
    const latest = await seedEvents(s, STREAM_REPLAY_MAX_EVENTS + 1);
    const input = encodeURIComponent(JSON.stringify({ json: { sessionId: s, lastEventId: String(from) } }));
    const controller = new AbortController();
    const response = await fetch(`${server.url}/trpc/comms.events?input=${input}`, {
      headers: { cookie: hunter.cookie, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    let text = '';
    const live = (await server.deps.bus.publish(server.deps.db, numberedEvent(s, 1))).id;
    while (!text.includes(`id: ${live}`)) {
      const { done, value } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    controller.abort();
    const ids = [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
    expect(ids).toEqual([latest, live]);
    expect(text).toContain('"type":"resync"');
  });

  it("a /ws socket without sessionId resyncs the same way over its sign-in's sessions", async () => {
    const s = await createSession(server, gm.user.id);
    const hunter = await hunterIn(server, s, 'Wide');
    const bus = server.deps.bus;
    const from = (await bus.publish(server.deps.db, numberedEvent(s, 0))).id;
    await seedEvents(s, STREAM_REPLAY_MAX_EVENTS + 1);
    const ws = wsClient(hunter.cookie, `?lastEventId=${from}`);
    const resync = await ws.next((f) => f.type === 'resync');
    expect(resync.sessionIds).toContain(s);
    expect(ws.frames.filter((f: Frame) => f.eventId)).toEqual([]);
  });
});

describe('batched HTTP calls', () => {
  const batchGet = (n: number) => {
    const paths = Array.from({ length: n }, () => 'billing.plans').join(',');
    return fetch(`${server.url}/trpc/${paths}?batch=1&input=${encodeURIComponent('{}')}`, { headers: { cookie: gm.cookie } });
  };

  it(`serves a batch of ${TRPC_MAX_BATCH_SIZE} calls and refuses a larger one with 400, GET and POST alike`, async () => {
    const ok = await batchGet(TRPC_MAX_BATCH_SIZE);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toHaveLength(TRPC_MAX_BATCH_SIZE);
    const over = await batchGet(TRPC_MAX_BATCH_SIZE + 1);
    expect(over.status).toBe(400);
    expect(await over.json()).toMatchObject({ error: { json: { message: 'Batch call exceeds maximum size', data: { code: 'BAD_REQUEST' } } } });
    const paths = Array.from({ length: TRPC_MAX_BATCH_SIZE + 1 }, () => 'auth.logout').join(',');
    const post = await fetch(`${server.url}/trpc/${paths}?batch=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: rex.cookie },
      body: JSON.stringify({}),
    });
    expect(post.status).toBe(400);
    // Nothing ran: the sign-in is still there.
    expect((await rex.get('/api/auth/user')).status).toBe(200);
  });

  it('the hot-read door (/trpc/<hot read>?batch=1) goes through the same capped handler', async () => {
    const input = encodeURIComponent(JSON.stringify({ 0: { json: { sessionId: session } } }));
    const res = await fetch(`${server.url}/trpc/stats.hunterStats?batch=1&input=${input}`, { headers: { cookie: rex.cookie } });
    expect(res.status).toBe(200);
    expect(await res.json()).toHaveLength(1);
  });

  it(`answers a GET /trpc URL over ${TRPC_GET_URL_MAX} characters with 414`, async () => {
    const input = encodeURIComponent(JSON.stringify({ 0: { json: { x: 'y'.repeat(TRPC_GET_URL_MAX) } } }));
    const res = await fetch(`${server.url}/trpc/billing.plans?batch=1&input=${input}`);
    expect(res.status).toBe(414);
    expect(await res.json()).toEqual({ error: `URL too long: at most ${TRPC_GET_URL_MAX} characters` });
  });
});
