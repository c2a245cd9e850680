// /ws for the specification's clients: a socket opened without a sessionId receives
// the events of the sessions its sign-in belongs to, with the same audience rules;
// a subscribe narrows it to one session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, hunterIn, type Signed, sleep, WsClient } from '../../../test/support/comms-kit';
import { ApiClient, signUp, startTestServer, subscribedGameMaster, type TestServer } from '../../../test/support/harness';

let server: TestServer;
let gm: Signed;
let otherGm: Signed;
let a: number;
let b: number;
let foreign: number;
const open: WsClient[] = [];

function connect(client: { cookie: string }, query = '') {
  const ws = WsClient.connect(server, query, client.cookie);
  open.push(ws);
  return ws;
}
const comms = (id: number) => `/api/game-sessions/${id}/communications`;
/** An owner-only event told apart by its hunter's name (`marker`). */
const ownerOnly = (sessionId: number, marker: string) =>
  server.deps.bus.publish(server.deps.db, {
    sessionId,
    type: 'hunter_location',
    audience: 'owner',
    payload: {
      sessionId,
      userId: 'u',
      playerId: 1,
      hunterName: marker,
      teamId: null,
      location: { lat: 0, lng: 0 },
      accuracy: 5,
      precision: 'standard',
      distanceTraveled: 0,
      timestamp: 1,
    },
  });

beforeAll(async () => {
  server = await startTestServer();
  gm = (await subscribedGameMaster(server)) as Signed;
  otherGm = (await subscribedGameMaster(server)) as Signed;
  a = await createSession(server, gm.user.id);
  b = await createSession(server, gm.user.id, { status: 'preparing', startTime: null });
  foreign = await createSession(server, otherGm.user.id);
});
afterAll(async () => {
  for (const ws of open) ws.close();
  await server.close();
});

describe('/ws without a sessionId', () => {
  it("a guest receives its own session's events, and nothing of others or meant for the owner", async () => {
    const guest = new ApiClient(server.url);
    const joined = await guest.post('/api/hunter/join-session', { sessionId: String(a), password: 'pw', hunterHandle: 'Blue' });
    expect(joined.status).toBe(200);
    const ws = connect(guest);
    const connected = await ws.next((f) => f.type === 'connected');
    expect(connected.sessionIds).toEqual([a]);
    expect(typeof connected.resumeFrom).toBe('number');
    await ownerOnly(a, 'secret-a');
    await otherGm.post(comms(foreign), { message: 'elsewhere' });
    await gm.post(comms(a), { message: 'to all in a' });
    const frame = await ws.next((f) => f.message === 'to all in a');
    expect(frame).toMatchObject({ type: 'new_communication', sessionId: a });
    await sleep(100);
    expect(ws.frames.some((f) => f.hunterName === 'secret-a' || f.message === 'elsewhere')).toBe(false);
    // Frames without a sessionId act on the guest's one session.
    ws.send({ type: 'comms_message', message: 'from the guest', requestId: 1 });
    expect((await ws.next((f) => f.type === 'ack')).ref).toBe('comms_message');
  });

  it('a hunter account receives the sessions it joined, including one joined after connecting', async () => {
    const hunter = (await hunterIn(server, a, 'Rex')) as Signed;
    const ws = connect(hunter);
    expect((await ws.next((f) => f.type === 'connected')).sessionIds).toEqual([a]);
    expect((await hunter.post(`/api/game-sessions/${b}/join`, { password: 'pw' })).status).toBe(200);
    await gm.post(comms(b), { message: 'to all in b' });
    await gm.post(comms(a), { message: 'to all in a again' });
    await ws.next((f) => f.message === 'to all in b');
    await ws.next((f) => f.message === 'to all in a again');
    await ownerOnly(b, 'secret-b');
    await otherGm.post(comms(foreign), { message: 'elsewhere' });
    await sleep(100);
    expect(ws.frames.some((f) => f.hunterName === 'secret-b' || f.message === 'elsewhere')).toBe(false);
  });

  it("a game master receives its live sessions' events, owner-only ones included; a new session joins the set", async () => {
    const ws = connect(gm);
    expect((await ws.next((f) => f.type === 'connected')).sessionIds).toEqual([a, b].sort((x, y) => x - y));
    await ownerOnly(a, 'for-gm-a');
    await ownerOnly(b, 'for-gm-b');
    await ws.next((f) => f.hunterName === 'for-gm-a');
    await ws.next((f) => f.hunterName === 'for-gm-b');
    const created = await gm.post('/api/game-sessions', { name: 'Later hunt', password: 'raptor-4821' });
    expect(created.status).toBe(200);
    await ownerOnly(created.body.id, 'for-gm-new');
    await ws.next((f) => f.hunterName === 'for-gm-new');
    await ownerOnly(foreign, 'not-mine');
    await sleep(100);
    expect(ws.frames.some((f) => f.hunterName === 'not-mine')).toBe(false);
    // A frame without a sessionId is ambiguous for a game master with several sessions.
    ws.send({ type: 'comms_message', message: 'which one?' });
    expect((await ws.next((f) => f.type === 'error')).error).toBe('sessionId is required');
  });

  it('an explicit subscribe narrows the socket to one session', async () => {
    const ws = connect(gm);
    await ws.next((f) => f.type === 'connected');
    ws.send({ type: 'subscribe', sessionId: a });
    await ws.next((f) => f.type === 'subscribed');
    const from = ws.frames.length;
    await ownerOnly(b, 'b-after-subscribe');
    await ownerOnly(a, 'a-after-subscribe');
    await ws.next((f) => f.hunterName === 'a-after-subscribe', 3000, from);
    await sleep(100);
    expect(ws.frames.slice(from).some((f) => f.hunterName === 'b-after-subscribe')).toBe(false);
  });

  it('a reconnect with lastEventId catches up on every session of the sign-in', async () => {
    const hunter = await signUp(server, 'hunter');
    expect((await hunter.post(`/api/game-sessions/${a}/join`, { password: 'pw' })).status).toBe(200);
    expect((await hunter.post(`/api/game-sessions/${b}/join`, { password: 'pw' })).status).toBe(200);
    const first = connect(hunter);
    const { resumeFrom } = await first.next((f) => f.type === 'connected');
    first.close();
    await first.closed;
    await gm.post(comms(a), { message: 'missed in a' });
    await gm.post(comms(b), { message: 'missed in b' });
    const again = connect(hunter, `?lastEventId=${resumeFrom}`);
    await again.next((f) => f.message === 'missed in a');
    await again.next((f) => f.message === 'missed in b');
  });
});
