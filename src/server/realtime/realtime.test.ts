import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { positions, sessionPlayers } from '../db/schema';
import { createSession, type Frame, hunterIn, type Signed, sleep, WsClient } from '../../../test/support/comms-kit';
import { ApiClient, signInAdmin, startTestServer, subscribedGameMaster, type TestServer } from '../../../test/support/harness';
import { numberedEvent, numberOf } from '../../../test/support/bus-events';

let server: TestServer;
let gm: Signed;
let session: number;
let otherSession: number;
let rex: Signed;
let raptor: Signed;
let stranger: Signed;
const open: WsClient[] = [];

function connect(client: { cookie: string } | null, query: string, headers: Record<string, string> = {}) {
  const ws = WsClient.connect(server, query, client?.cookie, headers);
  open.push(ws);
  return ws;
}
async function subscribed(client: { cookie: string }, sessionId: number, extra = '') {
  const ws = connect(client, `?sessionId=${sessionId}${extra}`);
  await ws.next((f) => f.type === 'subscribed');
  return ws;
}
const comms = (id: number) => `/api/game-sessions/${id}/communications`;

beforeAll(async () => {
  server = await startTestServer();
  gm = (await subscribedGameMaster(server)) as Signed;
  session = await createSession(server, gm.user.id);
  otherSession = await createSession(server, gm.user.id);
  rex = await hunterIn(server, session, 'Rex');
  raptor = await hunterIn(server, session, 'Raptor');
  stranger = await hunterIn(server, otherSession, 'Stranger');
});
afterAll(async () => {
  for (const ws of open) ws.close();
  await server.close();
});

describe('/ws connection', () => {
  it('refuses a caller who is not signed in (4401 with an error frame)', async () => {
    const ws = connect(null, `?sessionId=${session}`);
    const closed = await ws.closed;
    expect(closed.code).toBe(4401);
    expect(ws.frames).toEqual([expect.objectContaining({ type: 'error', error: 'Unauthorized', code: 4401 })]);
  });

  it('refuses a session the caller is not part of (4403) and an unknown one (4404)', async () => {
    const ws = connect(stranger, `?sessionId=${session}`);
    expect((await ws.closed).code).toBe(4403);
    expect(ws.frames[0]).toMatchObject({ type: 'error', error: 'You are not part of this session' });
    const missing = connect(rex, '?sessionId=987654');
    expect((await missing.closed).code).toBe(4404);
    const bad = connect(rex, '?sessionId=abc');
    expect((await bad.closed).code).toBe(4400);
  });

  it('refuses a browser page from another origin', async () => {
    const ws = connect(rex, `?sessionId=${session}`, { origin: 'https://evil.example' });
    expect((await ws.closed).code).toBe(4403);
  });

  it("refuses a page from another origin on tRPC's socket too, before the upgrade", async () => {
    const attempt = (origin: string) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(`${server.url.replace('http', 'ws')}/trpc`, { headers: { cookie: rex.cookie, origin } });
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('open', () => {
          ws.close();
          resolve(101);
        });
      });
    expect(await attempt('https://evil.example')).toBe(403);
    expect(await attempt(server.url)).toBe(101);
  });

  it('answers malformed frames with an error frame and stays open', async () => {
    const ws = await subscribed(rex, session);
    const before = ws.frames.length;
    ws.send('not json');
    ws.send('[1,2]');
    ws.send('{"no":"type"}');
    ws.send('42');
    ws.send({ type: 'teleport' });
    ws.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    ws.send({ type: 'hunter_location', location: { lat: 'north' }, accuracy: 5 });
    ws.send({ type: 'ping', requestId: 'p1' });
    await ws.next((f) => f.type === 'pong');
    const errors = ws.frames.slice(before).filter((f) => f.type === 'error');
    expect(errors.map((f) => f.error)).toEqual([
      'Malformed frame: expected a JSON object',
      'Malformed frame: expected a JSON object with a string `type`',
      'Malformed frame: expected a JSON object with a string `type`',
      'Malformed frame: expected a JSON object with a string `type`',
      'Unknown event type: teleport',
      'Frames must be JSON text',
      'Latitude must be a number between -90 and 90',
    ]);
    expect(ws.ws.readyState).toBe(ws.ws.OPEN);
  });
});

describe('/ws events', () => {
  it('delivers session events with the spec fields and an event id', async () => {
    const ws = await subscribed(rex, session);
    const published = await server.deps.bus.publish(server.deps.db, {
      sessionId: session,
      type: 'session_started',
      payload: { sessionId: session, timestamp: 1_700_000_000_000, startTime: '2023-11-14T22:13:20.000Z', duration: 60, scheduled: false },
    });
    const frame = await ws.next((f) => f.type === 'session_started');
    expect(frame).toEqual({
      type: 'session_started',
      sessionId: session,
      timestamp: 1_700_000_000_000,
      startTime: '2023-11-14T22:13:20.000Z',
      duration: 60,
      scheduled: false,
      eventId: published.id,
    });
  });

  it('routes owner-only and single-user events to their audience only', async () => {
    const gmWs = await subscribed(gm, session);
    const rexWs = await subscribed(rex, session);
    const raptorWs = await subscribed(raptor, session);
    const admin = await signInAdmin(server);
    const adminWs = await subscribed(admin, session);
    const strangerWs = await subscribed(stranger, otherSession);
    const bus = server.deps.bus;
    const progress = { userId: 'u', hunterId: 'u', hunterName: 'Rex', dinosaurId: 7, success: true, dinosaursObserved: 1, dartsRemaining: 4, missionComplete: false, distance: 3 };
    await bus.publish(server.deps.db, { sessionId: session, type: 'hunter_progress', audience: 'owner', payload: { sessionId: session, timestamp: 1, ...progress } });
    const joined = { userId: raptor.user.id, playerId: 1, hunterHandle: 'Raptor', currentPlayers: 2 };
    await bus.publish(server.deps.db, { sessionId: session, type: 'hunter_joined', audience: `user:${raptor.user.id}`, payload: { sessionId: session, timestamp: 2, ...joined } });
    const dinosaur = { id: 7, sessionId: session, speciesId: 1, latitude: '0', longitude: '0', health: 100, status: 'active', speciesName: 'T. rex', modelUrl: null, createdAt: new Date(0).toISOString() };
    await bus.publish(server.deps.db, { sessionId: session, type: 'dinosaur_deployed', payload: { sessionId: session, timestamp: 3, dinosaur } });
    for (const ws of [gmWs, rexWs, raptorWs, adminWs]) await ws.next((f) => f.type === 'dinosaur_deployed');
    expect(gmWs.ofType('hunter_progress')).toHaveLength(1);
    expect(adminWs.ofType('hunter_progress')).toHaveLength(1);
    expect(rexWs.ofType('hunter_progress')).toHaveLength(0);
    expect(raptorWs.ofType('hunter_joined')).toHaveLength(1);
    expect(rexWs.ofType('hunter_joined')).toHaveLength(0);
    expect(gmWs.ofType('hunter_joined')).toHaveLength(0);
    await sleep(50);
    expect(strangerWs.frames.filter((f) => f.type !== 'subscribed')).toEqual([]);
  });

  it('stores hunter_location frames and forwards them to the owner only, with the identity from the cookie', async () => {
    const gmWs = await subscribed(gm, session);
    const rexWs = await subscribed(rex, session);
    const raptorWs = await subscribed(raptor, session);
    raptorWs.send({
      type: 'hunter_location',
      sessionId: session,
      userId: rex.user.id,
      location: { lat: 45.5, lng: -73.5 },
      accuracy: 4,
      precision: 'high',
      timestamp: 1_700_000_000_000,
      requestId: 'loc1',
    });
    const ack = await raptorWs.next((f) => f.type === 'ack' && f.requestId === 'loc1');
    expect(ack).toMatchObject({ ref: 'hunter_location', precision: 'high' });
    const frame = await gmWs.next((f) => f.type === 'hunter_location');
    expect(frame).toMatchObject({
      type: 'hunter_location',
      sessionId: session,
      userId: raptor.user.id,
      hunterName: 'Raptor',
      location: { lat: 45.5, lng: -73.5 },
      accuracy: 4,
      precision: 'high',
    });
    expect(typeof frame.eventId).toBe('number');
    await sleep(50);
    expect(rexWs.ofType('hunter_location')).toEqual([]);
    expect(raptorWs.ofType('hunter_location')).toEqual([]);
    const [player] = await server.deps.db.select().from(sessionPlayers).where(eq(sessionPlayers.userId, raptor.user.id)).limit(1);
    expect(player).toMatchObject({ lastLat: 45.5, lastLng: -73.5, lastAccuracy: 4 });
    expect(await server.deps.db.select().from(positions).where(eq(positions.playerId, player!.id))).toHaveLength(1);
  });

  it('refuses a frame whose sessionId is not a positive whole number instead of using the subscribed one', async () => {
    const ws = await subscribed(raptor, session);
    for (const [requestId, sessionId] of [['s1', 'abc'], ['s2', -1], ['s3', 1.5]] as const) {
      ws.send({ type: 'comms_message', message: `to ${String(sessionId)}`, sessionId, requestId });
      const refusal = await ws.next((f) => f.requestId === requestId);
      expect(refusal).toMatchObject({ type: 'error', status: 400, error: 'sessionId must be a positive whole number' });
    }
    const list = await gm.get(comms(session));
    expect(list.body.map((m: { message: string }) => m.message)).not.toContain('to abc');
  });

  it("refuses a hunter_location frame for a session the caller isn't in", async () => {
    const ws = await subscribed(rex, session);
    ws.send({ type: 'hunter_location', sessionId: otherSession, location: { lat: 1, lng: 1 }, accuracy: 5 });
    const err = await ws.next((f) => f.type === 'error');
    expect(err).toMatchObject({ ref: 'hunter_location', status: 403, error: 'You are not part of this session' });
  });

  it('turns comms_message frames into messages, with the list visibility', async () => {
    const gmWs = await subscribed(gm, session);
    const rexWs = await subscribed(rex, session);
    const raptorWs = await subscribed(raptor, session);
    rexWs.send({ type: 'comms_message', sessionId: session, userId: 'someone-else', message: 'Eyes on target', timestamp: 1 });
    const toAll = (f: Frame) => f.type === 'new_communication' && f.message === 'Eyes on target';
    for (const ws of [gmWs, rexWs, raptorWs]) {
      expect(await ws.next(toAll)).toMatchObject({ userId: 'Rex', messageType: 'comms', recipientType: 'all', sessionId: session });
    }
    rexWs.send({ type: 'comms_message', message: 'HQ only', recipientType: 'headquarters' });
    const hq = (f: Frame) => f.type === 'new_communication' && f.message === 'HQ only';
    await gmWs.next(hq);
    await rexWs.next(hq);
    await sleep(50);
    expect(raptorWs.frames.filter(hq)).toEqual([]);
    rexWs.send({ type: 'comms_message', message: '   ' });
    expect(await rexWs.next((f) => f.type === 'error')).toMatchObject({ error: 'Message cannot be empty', status: 400 });
    // The REST list agrees.
    const list = (await raptor.get(comms(session))).body as { message: string }[];
    expect(list.map((m) => m.message)).toContain('Eyes on target');
    expect(list.map((m) => m.message)).not.toContain('HQ only');
  });

  it('creates broadcasts from the owner only', async () => {
    const gmWs = await subscribed(gm, session);
    const rexWs = await subscribed(rex, session);
    gmWs.send({ type: 'broadcast', sessionId: session, message: 'Return to base', timestamp: 1 });
    const b = await rexWs.next((f) => f.type === 'broadcast');
    expect(b).toMatchObject({ message: 'Return to base', userId: 'GAME MASTER', sessionId: session });
    expect(await rexWs.next((f) => f.type === 'new_communication' && f.messageType === 'broadcast')).toMatchObject({
      userId: 'GAME MASTER',
    });
    rexWs.send({ type: 'broadcast', message: 'I am the GM now' });
    expect(await rexWs.next((f) => f.type === 'error')).toMatchObject({
      status: 403,
      error: 'Only the game master of this session can broadcast',
    });
  });

  it("answers the game master's session_* notices with 'ignored', and refuses them from hunters", async () => {
    const gmWs = await subscribed(gm, session);
    const rexWs = await subscribed(rex, session);
    gmWs.send({ type: 'session_started', sessionId: session, timestamp: 1 });
    const ignored = await gmWs.next((f) => f.type === 'ignored');
    expect(ignored.ref).toBe('session_started');
    expect(ignored.reason).toMatch(/published by the server/);
    rexWs.send({ type: 'new_communication', sessionId: session, timestamp: 1 });
    expect((await rexWs.next((f) => f.type === 'ignored')).ref).toBe('new_communication');
    rexWs.send({ type: 'session_ended', sessionId: session, timestamp: 1 });
    expect(await rexWs.next((f) => f.type === 'error')).toMatchObject({ status: 403 });
    await sleep(50);
    expect(rexWs.ofType('session_started')).toEqual([]);
  });
});

describe('catching up after a reconnect', () => {
  it('/ws?lastEventId= delivers every missed event, in order, once', async () => {
    const first = await subscribed(raptor, session);
    await gm.post(comms(session), { message: 'before drop', recipientType: 'all' });
    const seen = await first.next((f) => f.type === 'new_communication' && f.message === 'before drop');
    first.close();
    await first.closed;
    for (const m of ['missed 1', 'missed 2', 'missed 3']) await gm.post(comms(session), { message: m });
    await rex.post(comms(session), { message: 'private to HQ', recipientType: 'headquarters' });
    const again = await subscribed(raptor, session, `&lastEventId=${seen.eventId}`);
    await gm.post(comms(session), { message: 'live after' });
    await again.next((f) => f.message === 'live after');
    const messages = again.ofType('new_communication').map((f) => f.message);
    expect(messages).toEqual(['missed 1', 'missed 2', 'missed 3', 'live after']);
    const ids = again.frames.filter((f) => f.eventId).map((f) => f.eventId as number);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids[0]).toBeGreaterThan(seen.eventId);
  });

  it("the subscribed frame's resumeFrom is a safe resume point even before any event arrived", async () => {
    const ws = await subscribed(raptor, session);
    const { resumeFrom } = ws.ofType('subscribed')[0]!;
    expect(typeof resumeFrom).toBe('number');
    ws.close();
    await ws.closed;
    await gm.post(comms(session), { message: 'between connections' });
    const again = await subscribed(raptor, session, `&lastEventId=${resumeFrom}`);
    expect(again.ofType('subscribed')[0]!.resumeFrom).toBe(resumeFrom);
    expect((await again.next((f) => f.type === 'new_communication')).message).toBe('between connections');
  });

  it('a subscribe frame with lastEventId does the same', async () => {
    const ws = connect(raptor, '');
    await ws.next((f) => f.type === 'connected');
    const mark = await server.deps.bus.publish(server.deps.db, { sessionId: session, type: 'dinosaurs_cleared', payload: { sessionId: session, timestamp: 1, removed: 0 } });
    await gm.post(comms(session), { message: 'after mark' });
    ws.send({ type: 'subscribe', sessionId: session, lastEventId: mark.id });
    // Before the subscribe, the socket followed every session of its sign-in: only frames after `subscribed` count here.
    await ws.next((f) => f.type === 'subscribed');
    const from = ws.frames.findIndex((f) => f.type === 'subscribed');
    const frame = await ws.next((f) => f.message === 'after mark', 3000, from);
    expect(frame.eventId).toBeGreaterThan(mark.id);
    expect(ws.frames.slice(from).filter((f) => f.type === 'dinosaurs_cleared')).toEqual([]);
    ws.send({ type: 'subscribe', sessionId: otherSession });
    expect((await ws.closed).code).toBe(4403);
  });

  it('tRPC comms.events: tracked events, audience rules, and lastEventId catch-up', async () => {
    const { trpc, close } = gm.trpc();
    const hunterClient = raptor.trpc();
    try {
      const got: { id: string; data: { type: string; payload: Record<string, unknown> } }[] = [];
      const hunterGot: { type: string }[] = [];
      const sub = trpc.comms.events.subscribe({ sessionId: session }, { onData: (e) => got.push(e as never) });
      const hsub = hunterClient.trpc.comms.events.subscribe(
        { sessionId: session },
        { onData: (e) => hunterGot.push((e as { data: { type: string } }).data) },
      );
      await sleep(200);
      await rex.post(`/api/game-sessions/${session}/location`, { lat: 45.5, lng: -73.5, accuracy: 3 });
      await gm.post(comms(session), { message: 'trpc live' });
      for (let i = 0; i < 50 && !got.some((e) => e.data.payload.message === 'trpc live'); i++) await sleep(20);
      expect(got.map((e) => e.data.type)).toEqual(['hunter_location', 'new_communication']);
      expect(got[0]!.id).toBe(String((got[0]!.data as unknown as { id: number }).id));
      await sleep(50);
      expect(hunterGot.map((e) => e.type)).toEqual(['new_communication']);
      sub.unsubscribe();
      hsub.unsubscribe();

      const lastId = got[1]!.id;
      await gm.post(comms(session), { message: 'while away' });
      const resumed: { data: { payload: Record<string, unknown> } }[] = [];
      const sub2 = trpc.comms.events.subscribe({ sessionId: session, lastEventId: lastId }, { onData: (e) => resumed.push(e as never) });
      for (let i = 0; i < 50 && resumed.length === 0; i++) await sleep(20);
      expect(resumed.map((e) => e.data.payload.message)).toEqual(['while away']);
      sub2.unsubscribe();

      const errors: unknown[] = [];
      const { trpc: strangerTrpc, close: closeStranger } = stranger.trpc();
      strangerTrpc.comms.events.subscribe({ sessionId: session }, { onError: (e) => errors.push(e) });
      for (let i = 0; i < 50 && errors.length === 0; i++) await sleep(20);
      expect(errors[0]).toMatchObject({ data: { httpStatus: 403 } });
      closeStranger();
    } finally {
      close();
      hunterClient.close();
    }
  });

  it('a stream that falls behind reads the missed events from the database', async () => {
    const { sessionStream } = await import('./session-stream');
    const { STREAM_MAX_QUEUE } = await import('./limits');
    const controller = new AbortController();
    const stream = sessionStream(server.deps.bus, {
      sessionId: otherSession,
      viewer: { userId: 'x', seesOwnerEvents: true },
      signal: controller.signal,
    });
    const pending = stream.next(); // starts the generator: it subscribes
    const firstPublished = await server.deps.bus.publish(server.deps.db, numberedEvent(otherSession, 0));
    const first = await pending;
    expect(first.value).toMatchObject({ id: firstPublished.id });
    // Nobody reads while far more than the queue can hold is published.
    const total = STREAM_MAX_QUEUE + 50;
    for (let n = 1; n <= total; n++) await server.deps.bus.publish(server.deps.db, numberedEvent(otherSession, n));
    const ns: number[] = [];
    for (let i = 0; i < total; i++) ns.push(numberOf((await stream.next()).value!)!);
    expect(ns).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    controller.abort();
    expect((await stream.next()).done).toBe(true);
  });
});

describe('signed-out tRPC subscription', () => {
  it('is refused with 401', async () => {
    const anon = new ApiClient(server.url);
    const { trpc, close } = anon.trpc();
    const errors: unknown[] = [];
    trpc.comms.events.subscribe({ sessionId: session }, { onError: (e) => errors.push(e) });
    for (let i = 0; i < 50 && errors.length === 0; i++) await sleep(20);
    expect(errors[0]).toMatchObject({ data: { httpStatus: 401 } });
    close();
  });
});
