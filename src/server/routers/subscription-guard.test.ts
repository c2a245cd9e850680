// The subscription guard of the spec, enforced by the server on every game-master
// procedure: a game master whose subscription is not active gets 403
// 'Subscription Required' (admins bypass it), whichever door is used.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../db/schema';
import { type ApiClient, signInAdmin, startTestServer, type TestServer } from '../../../test/support/harness';
import { addSpecies, createSession, subscribedGameMaster } from '../../../test/support/sessions';

let server: TestServer;
let gm: ApiClient & { user: { id: string } };
let sessionId: number;
let speciesId: number;

beforeAll(async () => {
  server = await startTestServer();
  gm = await subscribedGameMaster(server);
  sessionId = (await createSession(gm)).id;
  speciesId = await addSpecies(server, 0.5);
  // The subscription lapses (e.g. a failed renewal reported by the webhook).
  await server.deps.db.update(subscriptions).set({ status: 'past_due' }).where(eq(subscriptions.userId, gm.user.id));
});
afterAll(() => server.close());

const GAME_MASTER_CALLS: Array<[string, string, () => unknown]> = [
  ['POST', '/api/game-sessions', () => ({ name: 'Another', password: 'raptor-4821' })],
  ['POST', '/api/game-sessions/{id}/start', () => ({ duration: 30 })],
  ['POST', '/api/game-sessions/{id}/pause', () => undefined],
  ['POST', '/api/game-sessions/{id}/resume', () => undefined],
  ['POST', '/api/game-sessions/{id}/end', () => undefined],
  ['POST', '/api/game-sessions/{id}/deploy-dinosaur', () => ({ sessionId, speciesId, latitude: 45.5, longitude: -73.5 })],
  ['POST', '/api/game-sessions/{id}/dinosaurs', () => ({ sessionId, speciesId, latitude: 45.5, longitude: -73.5 })],
  ['DELETE', '/api/game-sessions/{id}/dinosaurs', () => undefined],
  ['GET', '/api/game-sessions/{id}/hunter-stats', () => undefined],
  ['POST', '/api/game-sessions/{id}/communications', () => ({ message: 'All units, converge', type: 'broadcast', recipientType: 'all' })],
  ['POST', '/api/create-credit-purchase', () => ({})],
];

describe('a game master without an active subscription', () => {
  it.each(GAME_MASTER_CALLS)('%s %s answers 403 Subscription Required', async (method, path, body) => {
    const res = await gm.request(method, path.replace('{id}', String(sessionId)), body());
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Subscription Required');
  });

  it('is refused over tRPC too', async () => {
    const { trpc, close } = gm.trpc();
    try {
      await expect(trpc.sessions.pause.mutate({ id: sessionId })).rejects.toMatchObject({
        message: 'Subscription Required',
        data: { httpStatus: 403 },
      });
    } finally {
      close();
    }
  });

  it('is refused a media upload', async () => {
    const form = new FormData();
    form.append('media', new Blob([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])], { type: 'image/jpeg' }), 'a.jpg');
    const res = await gm.request('POST', `/api/game-sessions/${sessionId}/upload-media`, form);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Subscription Required');
  });

  it('can still renew: buying a plan is not a game-master procedure', async () => {
    const plans = await gm.get('/api/subscription-plans');
    const res = await gm.post('/api/create-subscription', { planId: plans.body[0].id });
    expect(res.status).toBe(200);
    expect((await gm.post(`/api/game-sessions/${sessionId}/start`, { duration: 30 })).status).toBe(200);
  });
});

describe('admins', () => {
  it('need no subscription to act on any session', async () => {
    const admin = await signInAdmin(server);
    const res = await admin.post(`/api/game-sessions/${sessionId}/pause`);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('paused');
  });
});
