import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMS_MAX_PAGE_SIZE, MAX_MESSAGE_LENGTH, QUICK_ACTION_TEXT, QUICK_ACTIONS } from '../../domain/rules';
import { explainListQueries } from '../services/communications';
import { createSession, hunterIn, type Signed } from '../../../test/support/comms-kit';
import { ApiClient, signInAdmin, startTestServer, subscribedGameMaster, type TestServer } from '../../../test/support/harness';

let server: TestServer;
let gm: Signed;
let admin: ApiClient;
let rex: Signed; // hunter of session A
let raptor: Signed; // hunter of session A
let outsider: Signed; // hunter of session B only
let sessionA: number;
let sessionB: number;
const path = (id: number) => `/api/game-sessions/${id}/communications`;

beforeAll(async () => {
  server = await startTestServer();
  gm = (await subscribedGameMaster(server)) as Signed;
  admin = await signInAdmin(server);
  sessionA = await createSession(server, gm.user.id);
  sessionB = await createSession(server, gm.user.id);
  rex = await hunterIn(server, sessionA, 'Rex');
  raptor = await hunterIn(server, sessionA, 'Raptor');
  outsider = await hunterIn(server, sessionB, 'Outsider');
});
afterAll(() => server.close());

describe('POST /api/game-sessions/{id}/communications', () => {
  it('stores a hunter message with the spec fields, the sender taken from the session', async () => {
    const res = await rex.post(path(sessionA), {
      message: '  Tracks by the river  ',
      type: 'text',
      recipientType: 'all',
      userId: 'GAME MASTER',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      userId: 'Rex',
      username: 'Rex',
      senderRole: 'hunter',
      message: 'Tracks by the river',
      messageType: 'text',
      mediaType: null,
      mediaUrl: null,
      recipientType: 'all',
    });
    expect(typeof res.body.id).toBe('number');
    expect(new Date(res.body.createdAt).getTime()).toBe(res.body.timestamp);
    expect(JSON.stringify(res.body)).not.toContain(rex.user.id);
  });

  it('accepts messageType as well as type, and defaults to text to all', async () => {
    const a = await rex.post(path(sessionA), { message: 'comms check', messageType: 'comms' });
    expect(a.body).toMatchObject({ messageType: 'comms', recipientType: 'all' });
    const b = await rex.post(path(sessionA), { message: 'plain' });
    expect(b.body).toMatchObject({ messageType: 'text', recipientType: 'all' });
    const c = await rex.post(path(sessionA), { message: 'h', type: 'hunter' });
    expect(c.body.messageType).toBe('hunter');
  });

  it.each([[''], ['   '], ['\n\t ']])('refuses empty or whitespace text %j', async (message) => {
    const res = await rex.post(path(sessionA), { message, type: 'text', recipientType: 'all' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Message cannot be empty');
  });

  it('refuses a missing message, an over-long one, unknown types and recipients', async () => {
    expect((await rex.post(path(sessionA), { type: 'text' })).body.error).toBe('Message cannot be empty');
    const long = await rex.post(path(sessionA), { message: 'x'.repeat(MAX_MESSAGE_LENGTH + 1) });
    expect(long.status).toBe(400);
    expect(long.body.error).toBe(`Message must be at most ${MAX_MESSAGE_LENGTH} characters`);
    const type = await rex.post(path(sessionA), { message: 'x', type: 'shout' });
    expect(type.status).toBe(400);
    expect(type.body.error).toMatch(/^Message type must be one of text, broadcast/);
    const to = await rex.post(path(sessionA), { message: 'x', recipientType: 'everyone' });
    expect(to.status).toBe(400);
    expect(to.body.error).toMatch(/^Recipient must be one of all, headquarters, hunters/);
  });

  it('sends media through upload-media only', async () => {
    const res = await rex.post(path(sessionA), { message: 'x', type: 'media' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/upload-media/);
  });

  it('lets hunters write to all or headquarters, and the game master to all or hunters', async () => {
    expect((await rex.post(path(sessionA), { message: 'to hq', recipientType: 'headquarters' })).status).toBe(200);
    const huntersFromHunter = await rex.post(path(sessionA), { message: 'x', recipientType: 'hunters' });
    expect(huntersFromHunter.status).toBe(403);
    expect(huntersFromHunter.body.error).toBe("Hunters can send to 'all' or 'headquarters' only");
    const gmToHunters = await gm.post(path(sessionA), { message: 'Spread out', recipientType: 'hunters' });
    expect(gmToHunters.status).toBe(200);
    expect(gmToHunters.body).toMatchObject({ userId: gm.user.username, senderRole: 'gamemaster' });
    const gmToHq = await gm.post(path(sessionA), { message: 'x', recipientType: 'headquarters' });
    expect(gmToHq.status).toBe(403);
  });

  it('broadcasts only from the owner, labelled GAME MASTER', async () => {
    const res = await gm.post(path(sessionA), { message: 'Storm incoming', type: 'broadcast', recipientType: 'all' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ userId: 'GAME MASTER', username: 'GAME MASTER', messageType: 'broadcast' });
    const hunter = await rex.post(path(sessionA), { message: 'fake', type: 'broadcast' });
    expect(hunter.status).toBe(403);
    expect(hunter.body.error).toBe('Only the game master of this session can broadcast');
    expect((await admin.post(path(sessionA), { message: 'x', type: 'broadcast' })).status).toBe(403);
    const otherGm = (await subscribedGameMaster(server)) as Signed;
    expect((await otherGm.post(path(sessionA), { message: 'x', type: 'broadcast' })).status).toBe(403);
    expect((await gm.post(path(sessionA), { message: '   ', type: 'broadcast' })).status).toBe(400);
  });

  it.each(QUICK_ACTIONS.filter((a) => a !== 'mark_location'))('sends the quick action %s', async (quickAction) => {
    const res = await rex.post(path(sessionA), { quickAction, type: 'quick_action', recipientType: 'all' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ messageType: 'quick_action', quickAction, message: QUICK_ACTION_TEXT[quickAction] });
    const own = await raptor.post(path(sessionA), { quickAction, message: 'Custom words' });
    expect(own.body).toMatchObject({ quickAction, message: 'Custom words', messageType: 'quick_action' });
  });

  it('refuses an unknown quick action', async () => {
    const res = await rex.post(path(sessionA), { quickAction: 'nuke', type: 'quick_action' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^Quick action must be one of target_spotted/);
  });

  it("marks the sender's position: the one sent, else the last reported, else refuses", async () => {
    const hunter = await hunterIn(server, sessionA, 'Marker');
    const none = await hunter.post(path(sessionA), { quickAction: 'mark_location' });
    expect(none.status).toBe(400);
    expect(none.body.error).toMatch(/position is not known/);
    const sent = await hunter.post(path(sessionA), { quickAction: 'mark_location', location: { lat: 45.5, lng: -73.5 } });
    expect(sent.body).toMatchObject({ quickAction: 'mark_location', location: { lat: 45.5, lng: -73.5 } });
    expect((await hunter.post(`/api/game-sessions/${sessionA}/location`, { lat: 45.51, lng: -73.51, accuracy: 4 })).status).toBe(200);
    const stored = await hunter.post(path(sessionA), { quickAction: 'mark_location', type: 'quick_action' });
    expect(stored.status).toBe(200);
    expect(stored.body.location).toEqual({ lat: 45.51, lng: -73.51 });
    expect(stored.body.message).toBe(QUICK_ACTION_TEXT.mark_location);
  });

  it('refuses callers outside the session, and signed-out callers', async () => {
    const res = await outsider.post(path(sessionA), { message: 'hi' });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('You are not part of this session');
    expect((await outsider.post(path(999_999), { message: 'hi' })).status).toBe(404);
    expect((await new ApiClient(server.url).post(path(sessionA), { message: 'hi' })).status).toBe(401);
    expect((await rex.post('/api/game-sessions/abc/communications', { message: 'hi' })).status).toBe(400);
  });
});

describe('GET /api/game-sessions/{id}/communications', () => {
  let session: number;
  let hunterA: Signed;
  let hunterB: Signed;
  beforeAll(async () => {
    session = await createSession(server, gm.user.id);
    hunterA = await hunterIn(server, session, 'Alpha');
    hunterB = await hunterIn(server, session, 'Bravo');
    for (const [client, body] of [
      [hunterA, { message: 'A to all', recipientType: 'all' }],
      [hunterA, { message: 'A to HQ', recipientType: 'headquarters' }],
      [hunterB, { message: 'B to HQ', recipientType: 'headquarters' }],
      [gm, { message: 'GM to hunters', recipientType: 'hunters' }],
      [gm, { message: 'GM broadcast', type: 'broadcast' }],
      [hunterB, { message: 'B to all', recipientType: 'all' }],
    ] as const) {
      expect((await client.post(path(session), body)).status).toBe(200);
    }
  });
  const texts = (res: { body: { message: string }[] }) => res.body.map((m) => m.message);

  it('shows the owner and admins every message, newest last', async () => {
    const all = ['A to all', 'A to HQ', 'B to HQ', 'GM to hunters', 'GM broadcast', 'B to all'];
    expect(texts(await gm.get(path(session)))).toEqual(all);
    expect(texts(await admin.get(path(session)))).toEqual(all);
  });

  it("hides another hunter's message to headquarters", async () => {
    expect(texts(await hunterA.get(path(session)))).toEqual(['A to all', 'A to HQ', 'GM to hunters', 'GM broadcast', 'B to all']);
    expect(texts(await hunterB.get(path(session)))).toEqual(['A to all', 'B to HQ', 'GM to hunters', 'GM broadcast', 'B to all']);
  });

  it('gives a hunter of session A nothing of session B', async () => {
    const res = await outsider.get(path(session));
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('You are not part of this session');
    expect(JSON.stringify(res.body)).not.toContain('A to all');
    const back = await hunterA.get(path(sessionB));
    expect(back.status).toBe(403);
    expect((await new ApiClient(server.url).get(path(session))).status).toBe(401);
    expect((await gm.get(path(424_242))).status).toBe(404);
  });

  it('pages with afterId, beforeId and limit', async () => {
    const all = (await gm.get(path(session))).body as { id: number; message: string }[];
    const latest2 = await gm.get(`${path(session)}?limit=2`);
    expect(texts(latest2)).toEqual(['GM broadcast', 'B to all']);
    const after = await gm.get(`${path(session)}?afterId=${all[1]!.id}&limit=2`);
    expect(texts(after)).toEqual(['B to HQ', 'GM to hunters']);
    const before = await gm.get(`${path(session)}?beforeId=${all[4]!.id}&limit=2`);
    expect(texts(before)).toEqual(['B to HQ', 'GM to hunters']);
    const none = await gm.get(`${path(session)}?afterId=${all[5]!.id}`);
    expect(none.body).toEqual([]);
    // Visibility holds on every page.
    const hunterAfter = await hunterA.get(`${path(session)}?afterId=${all[1]!.id}`);
    expect(texts(hunterAfter)).toEqual(['GM to hunters', 'GM broadcast', 'B to all']);
    for (const bad of ['limit=0', `limit=${COMMS_MAX_PAGE_SIZE + 1}`, 'limit=x', 'afterId=-1']) {
      const res = await gm.get(`${path(session)}?${bad}`);
      expect(res.status, bad).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
  });

  it('answers from the (session_id, id) index', async () => {
    const plan = (await explainListQueries(server.deps.db)).join(' | ');
    expect(plan).toMatch(/messages_session_idx/);
    expect(plan).not.toMatch(/SCAN messages(?! USING)/);
  });

  it('keeps the same rules over tRPC', async () => {
    const { trpc, close } = hunterA.trpc();
    try {
      const list = await trpc.comms.list.query({ id: session });
      expect(list.map((m) => m.message)).not.toContain('B to HQ');
      const sent = await trpc.comms.send.mutate({ id: session, message: 'via trpc', recipientType: 'headquarters' });
      expect(sent.userId).toBe('Alpha');
      await expect(trpc.comms.send.mutate({ id: session, message: ' ' })).rejects.toMatchObject({
        message: 'Message cannot be empty',
      });
      await expect(trpc.comms.send.mutate({ id: session, message: 'x', type: 'broadcast' })).rejects.toMatchObject({
        data: { httpStatus: 403 },
      });
    } finally {
      close();
    }
    expect(texts(await hunterB.get(path(session)))).not.toContain('via trpc');
  });
});

describe('OpenAPI', () => {
  it('describes every communications path with its schemas', async () => {
    const doc = (await new ApiClient(server.url).get('/api/openapi.json')).body;
    const comms = doc.paths['/game-sessions/{id}/communications'];
    expect(comms.get.responses['200']).toBeDefined();
    expect(comms.post.requestBody.content['application/json'].schema.properties).toHaveProperty('recipientType');
    expect(doc.paths['/game-sessions/{id}/location'].post).toBeDefined();
    expect(doc.paths['/game-sessions/{id}/hunter-locations'].get).toBeDefined();
    const upload = doc.paths['/game-sessions/{id}/upload-media'].post;
    expect(Object.keys(upload.requestBody.content)).toEqual(['multipart/form-data']);
    expect(upload.responses['413']).toBeDefined();
  });
});
