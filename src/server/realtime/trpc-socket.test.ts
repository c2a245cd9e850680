// tRPC's WebSocket protocol as our own handler speaks it (trpc-socket.ts), held to what
// @trpc/client 11 expects: the real client for subscribe, resume, stop, errors, sign-out,
// calls over the socket and shutdown; a raw socket for the exact frames and keep-alive.
import type { Socket } from 'node:net';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { appRouter } from '../routers';
import type { AppRouter } from '../routers';
import { createSession, hunterIn, type Signed, sleep } from '../../../test/support/comms-kit';
import { ApiClient, startTestServer, subscribedGameMaster, type TestServer } from '../../../test/support/harness';
import type { BusEvent } from './bus';
import { numberedEvent, numberOf } from '../../../test/support/bus-events';

let server: TestServer;
let gm: Signed;
let session: number;
const closers: (() => unknown)[] = [];

beforeAll(async () => {
  server = await startTestServer();
  gm = (await subscribedGameMaster(server)) as Signed;
  session = await createSession(server, gm.user.id);
});
afterAll(async () => {
  for (const close of closers) await close();
  await server.close();
});

/** The real client, every call over the socket (as a third-party client may do). */
function socketClient(cookie: string | undefined, extra: Partial<Parameters<typeof createWSClient>[0]> = {}) {
  const wsClient = createWSClient({
    url: `${server.wsUrl}/trpc`,
    WebSocket: class extends WebSocket {
      constructor(url: string) {
        super(url, { headers: cookie ? { cookie } : {} });
      }
    } as unknown as typeof globalThis.WebSocket,
    retryDelayMs: () => 50,
    ...extra,
  });
  const trpc = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient, transformer: superjson })] });
  closers.push(() => wsClient.close());
  return { trpc, wsClient };
}

type Tracked = { id: string; data: { id: number; type: string; sessionId: number; payload: Record<string, unknown> } };

async function until(check: () => boolean, what: string, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

const publish = (n: number, sessionId = session) => server.deps.bus.publish(server.deps.db, numberedEvent(sessionId, n));

/** A raw socket that keeps every text frame, parsed when it is JSON. */
function rawSocket(cookie: string | undefined, query = '') {
  const ws = new WebSocket(`${server.wsUrl}/trpc${query}`, { headers: cookie ? { cookie } : {} });
  // The client's TCP socket, from the upgrade answer (ws's public 'upgrade' event): a test pauses its reads.
  const tcp = new Promise<Socket>((resolve) => ws.once('upgrade', (response) => resolve(response.socket)));
  const frames: unknown[] = [];
  const texts: string[] = [];
  ws.on('message', (data) => {
    const text = String(data);
    texts.push(text);
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
  return { ws, tcp, frames, texts, opened, closed, send: (m: unknown) => ws.send(typeof m === 'string' ? m : JSON.stringify(m)) };
}

describe('comms.events over the socket', () => {
  it('answers started, then each event tracked by its id, in the frames tRPC writes', async () => {
    const hunter = await hunterIn(server, session, 'Frames');
    const raw = rawSocket(hunter.cookie);
    await raw.opened;
    raw.send({ id: 7, method: 'subscription', params: { path: 'comms.events', input: { json: { sessionId: session } } } });
    await until(() => raw.frames.length === 1, 'started');
    expect(raw.frames[0]).toEqual({ id: 7, result: { type: 'started' } });

    const event = await publish(1);
    await until(() => raw.frames.length === 2, 'data');
    const expected = {
      id: 7,
      result: {
        type: 'data',
        id: String(event.id),
        data: superjson.serialize({
          id: String(event.id),
          data: { id: event.id, type: 'broadcast', sessionId: session, timestamp: event.payload.timestamp, payload: event.payload },
        }),
      },
    };
    expect(raw.frames[1]).toEqual(expected);

    // subscription.stop: `stopped`, and no more events.
    raw.send({ id: 7, method: 'subscription.stop' });
    await until(() => raw.frames.length === 3, 'stopped');
    expect(raw.frames[2]).toEqual({ id: 7, result: { type: 'stopped' } });
    await publish(2);
    await sleep(100);
    expect(raw.frames).toHaveLength(3);
  });

  it('echoes jsonrpc 2.0 when the request names it, and refuses a duplicate id', async () => {
    const hunter = await hunterIn(server, session, 'Jsonrpc');
    const raw = rawSocket(hunter.cookie);
    await raw.opened;
    const request = { id: 'a', jsonrpc: '2.0', method: 'subscription', params: { path: 'comms.events', input: { json: { sessionId: session } } } };
    raw.send(request);
    await until(() => raw.frames.length === 1, 'started');
    expect(raw.frames[0]).toEqual({ id: 'a', jsonrpc: '2.0', result: { type: 'started' } });
    const event = await publish(3);
    await until(() => raw.frames.length === 2, 'data');
    expect(raw.frames[1]).toMatchObject({ id: 'a', jsonrpc: '2.0', result: { type: 'data', id: String(event.id) } });
    raw.send(request);
    await until(() => raw.frames.length === 3, 'duplicate');
    expect(raw.frames[2]).toMatchObject({ id: 'a', error: { json: { message: 'Duplicate id a', data: { code: 'BAD_REQUEST' } } } });
  });

  it('delivers events through the real client, and resumes with lastEventId after a reconnect without gap or duplicate', async () => {
    const hunter = await hunterIn(server, session, 'Resumer');
    const { trpc, wsClient } = socketClient(hunter.cookie);
    const got: Tracked[] = [];
    let started = 0;
    trpc.comms.events.subscribe({ sessionId: session }, { onStarted: () => started++, onData: (e) => got.push(e as never) });
    await until(() => started === 1, 'started');
    await publish(10);
    await publish(11);
    await until(() => got.length === 2, 'two events');
    expect(got.map((e) => numberOf(e.data))).toEqual([10, 11]);
    expect(got[0]!.id).toBe(String(got[0]!.data.id));

    // The connection drops; events published meanwhile arrive after the reconnect.
    const dropped = wsClient.connection!.ws;
    const gone = new Promise((resolve) => dropped.addEventListener('close', resolve));
    dropped.close();
    await gone;
    await publish(12);
    await publish(13);
    await until(() => started === 2, 'restarted');
    await publish(14);
    await until(() => got.length === 5, 'resumed events');
    expect(got.map((e) => numberOf(e.data))).toEqual([10, 11, 12, 13, 14]);
  });

  it('closes a socket too far behind with 4008; reconnecting with lastEventId reads the rest from the database', async () => {
    const hunter = await hunterIn(server, session, 'Slow');
    const raw = rawSocket(hunter.cookie);
    await raw.opened;
    const subscribe = (socket: { send: (m: unknown) => void }, lastEventId?: string) =>
      socket.send({ id: 1, method: 'subscription', params: { path: 'comms.events', input: { json: { sessionId: session } }, lastEventId } });
    subscribe(raw);
    await until(() => raw.frames.length === 1, 'started');
    // The client stops reading: the server's send buffer fills past WS_MAX_BUFFERED_BYTES.
    (await raw.tcp).pause();
    const big = 'x'.repeat(64 * 1024);
    const published: BusEvent[] = [];
    for (let n = 0; n < 250; n++) published.push(await server.deps.bus.publish(server.deps.db, numberedEvent(session, n, { text: big })));
    (await raw.tcp).resume();
    expect((await raw.closed).code).toBe(4008);
    const received = raw.frames.slice(1) as { result: { id: string } }[];
    expect(received.length).toBeLessThan(published.length);

    // As the client does: reconnect from the last event received until every event is in
    // (a backlog larger than the bound comes in parts, each socket closed with 4008 in turn).
    for (let attempt = 0; attempt < 30 && received.length < published.length; attempt++) {
      const again = rawSocket(hunter.cookie);
      let closedWith = 0;
      void again.closed.then((closed) => (closedWith = closed.code));
      await again.opened;
      subscribe(again, received.at(-1)!.result.id);
      const missing = published.length - received.length;
      await until(() => closedWith !== 0 || again.frames.length - 1 === missing, 'the rest, or a close');
      received.push(...(again.frames.slice(1) as { result: { id: string } }[]));
      if (received.length < published.length) expect(closedWith).toBe(4008);
    }
    expect(received.map((f) => Number(f.result.id))).toEqual(published.map((e) => e.id));
  });

  it('resumes from a lastEventId given in the input (a client that stored it)', async () => {
    const hunter = await hunterIn(server, session, 'Stored');
    const first = await publish(20);
    await publish(21);
    const { trpc } = socketClient(hunter.cookie);
    const got: Tracked[] = [];
    trpc.comms.events.subscribe({ sessionId: session, lastEventId: String(first.id) }, { onData: (e) => got.push(e as never) });
    await until(() => got.length >= 1, 'backlog');
    await sleep(50);
    expect(got.map((e) => numberOf(e.data))).toEqual([21]);
  });

  it('keeps the audience rules: a hunter sees no owner-only event', async () => {
    const hunter = await hunterIn(server, session, 'Audience');
    const { trpc } = socketClient(hunter.cookie);
    const got: Tracked[] = [];
    let started = false;
    trpc.comms.events.subscribe({ sessionId: session }, { onStarted: () => (started = true), onData: (e) => got.push(e as never) });
    await until(() => started, 'started');
    await server.deps.bus.publish(server.deps.db, numberedEvent(session, 2, { audience: 'owner' }));
    await server.deps.bus.publish(server.deps.db, numberedEvent(session, 1, { audience: `user:${hunter.user.id}` }));
    await server.deps.bus.publish(server.deps.db, numberedEvent(await createSession(server, gm.user.id), 0));
    await publish(30);
    await until(() => got.length === 2, 'events');
    expect(got.map((e) => numberOf(e.data))).toEqual([1, 30]);
  });

  it('answers bad input with BAD_REQUEST before starting, and a bad lastEventId or a foreign session after', async () => {
    const hunter = await hunterIn(server, session, 'BadInput');
    const { trpc } = socketClient(hunter.cookie);
    const outcome = (input: Record<string, unknown>) =>
      new Promise<{ started: boolean; error: { message: string; data?: { code?: string; httpStatus?: number } } }>((resolve) => {
        let started = false;
        trpc.comms.events.subscribe(input as never, {
          onStarted: () => (started = true),
          onError: (error) => resolve({ started, error: error as never }),
        });
      });
    const bad = await outcome({ sessionId: 'abc' });
    expect(bad).toMatchObject({ started: false, error: { message: 'Invalid session id', data: { code: 'BAD_REQUEST', httpStatus: 400 } } });
    const badLast = await outcome({ sessionId: session, lastEventId: 'x' });
    expect(badLast).toMatchObject({ started: true, error: { message: 'Invalid lastEventId', data: { httpStatus: 400 } } });
    const foreign = await outcome({ sessionId: await createSession(server, gm.user.id) });
    expect(foreign).toMatchObject({ started: true, error: { data: { httpStatus: 403 } } });
    const missing = await outcome({ sessionId: 987654 });
    expect(missing).toMatchObject({ started: true, error: { data: { httpStatus: 404 } } });
  });

  it('refuses a signed-out socket with 401', async () => {
    const { trpc } = socketClient(undefined);
    const error = await new Promise<unknown>((resolve) => trpc.comms.events.subscribe({ sessionId: session }, { onError: resolve }));
    expect(error).toMatchObject({ data: { code: 'UNAUTHORIZED', httpStatus: 401 } });
  });

  it("ends every subscription of a sign-in that ends with 'Signed out'; the socket's next call is refused", async () => {
    const hunter = await hunterIn(server, session, 'Leaver');
    const { trpc } = socketClient(hunter.cookie);
    const errors: { message: string; data?: { code?: string } }[] = [];
    let started = 0;
    for (let i = 0; i < 2; i++) {
      trpc.comms.events.subscribe({ sessionId: session }, { onStarted: () => started++, onError: (e) => errors.push(e as never) });
    }
    await until(() => started === 2, 'started');
    expect(server.deps.signInSweep.size).toBeGreaterThan(0);
    await hunter.post('/api/auth/logout');
    await until(() => errors.length === 2, 'errors');
    expect(errors.map((e) => [e.message, e.data?.code])).toEqual([
      ['Signed out', 'UNAUTHORIZED'],
      ['Signed out', 'UNAUTHORIZED'],
    ]);
    expect(await trpc.auth.session.query()).toBeNull();
    await expect(trpc.comms.list.query({ id: session })).rejects.toMatchObject({ data: { httpStatus: 401 } });
  });
});

describe('calls over the socket', () => {
  it('answers queries and mutations through the same procedures, errors shaped as over HTTP', async () => {
    const hunter = await hunterIn(server, session, 'Caller');
    const { trpc } = socketClient(hunter.cookie);
    expect(await trpc.auth.session.query()).toMatchObject({ id: hunter.user.id });
    expect(Array.isArray(await trpc.comms.list.query({ id: session }))).toBe(true);
    const sent = await trpc.comms.send.mutate({ id: session, message: 'over the socket' } as never);
    expect(sent).toMatchObject({ message: 'over the socket' });
    await expect(trpc.comms.list.query({ id: 'abc' } as never)).rejects.toMatchObject({ data: { code: 'BAD_REQUEST' } });
  });

  it('answers an unknown path with NOT_FOUND and malformed messages with PARSE_ERROR, and stays open', async () => {
    const hunter = await hunterIn(server, session, 'Malformed');
    const raw = rawSocket(hunter.cookie);
    await raw.opened;
    raw.send({ id: 1, method: 'query', params: { path: 'no.such', input: { json: null } } });
    raw.send('not json');
    raw.send({ id: null, method: 'query', params: { path: 'auth.session', input: {} } });
    raw.send([
      { id: 2, method: 'query', params: { path: 'auth.session', input: {} } },
      { id: 3, method: 'query', params: { path: 'auth.session', input: {} } },
    ]);
    await until(() => raw.frames.length === 5, 'answers');
    const byId = (id: unknown) => raw.frames.filter((f) => (f as { id: unknown }).id === id);
    expect(byId(1)[0]).toMatchObject({ error: { json: { data: { code: 'NOT_FOUND' } } } });
    expect(byId(null)).toHaveLength(2);
    expect(byId(null).map((f) => (f as { error: { json: { data: { code: string } } } }).error.json.data.code)).toEqual([
      'PARSE_ERROR',
      'PARSE_ERROR',
    ]);
    expect(byId(2)[0]).toMatchObject({ result: { type: 'data', data: { json: { id: hunter.user.id } } } });
    expect(byId(3)).toHaveLength(1);
  });

  it('takes a connectionParams message first when the URL asks for it', async () => {
    const hunter = await hunterIn(server, session, 'Params');
    const { trpc } = socketClient(hunter.cookie, { connectionParams: { app: 'test' } });
    expect(await trpc.auth.session.query()).toMatchObject({ id: hunter.user.id });
    const bad = rawSocket(hunter.cookie, '?connectionParams=1');
    await bad.opened;
    bad.send('not json');
    expect((await bad.closed).code).toBe(1005);
    expect(bad.frames[0]).toMatchObject({ id: null, error: { json: { data: { code: 'PARSE_ERROR' } } } });
  });

  it('serves every subscription of the router (comms.events is the only one)', () => {
    const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
    const subscriptions = Object.entries(procedures)
      .filter(([, procedure]) => procedure._def.type === 'subscription')
      .map(([path]) => path);
    expect(subscriptions).toEqual(['comms.events']);
  });
});

describe('keep-alive and shutdown', () => {
  it("answers the client's PING with PONG", async () => {
    const raw = rawSocket(undefined);
    await raw.opened;
    raw.send('PING');
    await until(() => raw.texts.includes('PONG'), 'PONG');
  });

  it("keeps the web client's lazy, pinging socket open while it subscribes, and lets it close after", async () => {
    const hunter = await hunterIn(server, session, 'WebClient');
    let opens = 0;
    let closes = 0;
    const { trpc } = socketClient(hunter.cookie, {
      // As src/client/trpc.ts, faster (and idle for less than a ping: a PONG counts as activity).
      lazy: { enabled: true, closeMs: 100 },
      keepAlive: { enabled: true, intervalMs: 150, pongTimeoutMs: 100 },
      onOpen: () => opens++,
      onClose: () => closes++,
    });
    const got: Tracked[] = [];
    const subscription = trpc.comms.events.subscribe({ sessionId: session }, { onData: (e) => got.push(e as never) });
    await sleep(700); // four pings, each answered in time
    await publish(40);
    await until(() => got.length === 1, 'event');
    expect([opens, closes]).toEqual([1, 0]);
    subscription.unsubscribe();
    await until(() => closes === 1, 'the idle socket closed');
  });

  it('closes the socket with 1012 when the server stops, and the client reconnects', async () => {
    const own = await startTestServer();
    const owner = (await subscribedGameMaster(own)) as Signed;
    const ownSession = await createSession(own, owner.user.id);
    const hunter = await hunterIn(own, ownSession, 'Restart');
    const raw = new WebSocket(`${own.wsUrl}/trpc`, { headers: { cookie: hunter.cookie } });
    const frames: unknown[] = [];
    raw.on('message', (data) => frames.push(JSON.parse(String(data))));
    await new Promise((resolve) => raw.once('open', resolve));
    raw.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'comms.events', input: { json: { sessionId: ownSession } } } }));
    await until(() => frames.length === 1, 'started');
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      raw.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
    );
    const started = Date.now();
    await own.close();
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await closed).toEqual({ code: 1012, reason: 'Server restarting' });
    // No error reached the client: its subscription stays pending and resumes on reconnect.
    expect(frames).toEqual([{ id: 1, result: { type: 'started' } }]);
  });

  it('a signed-out socket: each call is answered UNAUTHORIZED, then it closes with 4401 (decision 700)', async () => {
    const anon = new ApiClient(server.url);
    const { trpc } = socketClient(anon.cookie || undefined);
    await expect(trpc.auth.session.query()).rejects.toMatchObject({
      message: 'Sign in to use this socket',
      data: { code: 'UNAUTHORIZED', httpStatus: 401 },
    });
    const raw = rawSocket(undefined);
    await raw.opened;
    raw.send({ id: 1, method: 'query', params: { path: 'billing.plans', input: {} } });
    expect(await raw.closed).toEqual({ code: 4401, reason: 'Sign in to use this socket' });
    expect(raw.frames).toMatchObject([{ id: 1, error: { json: { message: 'Sign in to use this socket' } } }]);
  });
});
