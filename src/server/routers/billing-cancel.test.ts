// Cancelling a plan at the end of its period, and keeping it (issue 23), without a
// payment provider. The Stripe mode is in billing-stripe.test.ts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../db/schema';
import { ApiClient, signUp, startTestServer, subscribedGameMaster, type TestServer } from '../../../test/support/harness';
import { guestJoin, createSession } from '../../../test/support/sessions';

const WEEK = 7 * 24 * 60 * 60 * 1000;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const row = async (userId: string) =>
  (await server.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1))[0]!;

describe('No payment provider: POST /api/user/subscription/cancel and /resume', () => {
  it('keeps the plan active until the end of the week under way, then ends it', async () => {
    const gm = await subscribedGameMaster(server, 'Starter');
    const before = Date.now();
    const res = await gm.post('/api/user/subscription/cancel', {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, plan: { name: 'Starter' } });
    const end = Date.parse(res.body.currentPeriodEnd);
    expect(end).toBeGreaterThan(before);
    expect(end).toBeLessThanOrEqual((await row(gm.user.id)).createdAt + WEEK);

    // Still a working plan: sessions can be created until the period ends.
    expect((await gm.post('/api/game-sessions', { name: `Still on ${Date.now()}`, password: 'raptor-4821' })).status).toBe(200);
    // Cancelling twice changes nothing.
    expect((await gm.post('/api/user/subscription/cancel', {})).body.currentPeriodEnd).toBe(res.body.currentPeriodEnd);

    // The period ends: the plan is over, game-master actions need a plan again.
    await server.deps.db.update(subscriptions).set({ currentPeriodEnd: Date.now() - 1 }).where(eq(subscriptions.userId, gm.user.id));
    expect((await gm.post('/api/game-sessions', { name: `Too late ${Date.now()}`, password: 'raptor-4821' })).status).toBe(403);
    const after = await gm.get('/api/user/subscription');
    expect(after.body).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: false });
    expect((await row(gm.user.id)).status).toBe('canceled');
    // Nothing to keep any more.
    expect((await gm.post('/api/user/subscription/resume', {})).status).toBe(409);
  });

  it('"Keep my plan" before the period ends undoes the cancellation', async () => {
    const gm = await subscribedGameMaster(server, 'Starter');
    await gm.post('/api/user/subscription/cancel', {});
    const kept = await gm.post('/api/user/subscription/resume', {});
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ status: 'active', cancelAtPeriodEnd: false, currentPeriodEnd: null });
    expect((await row(gm.user.id)).cancelAtPeriodEnd).toBe(false);
    // Keeping a plan that is not cancelling is refused with the reason.
    const again = await gm.post('/api/user/subscription/resume', {});
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Your plan is not set to cancel');
  });

  it('refuses without an active plan (409), to hunters and guests (403) and when signed out (401)', async () => {
    const unsubscribed = await signUp(server, 'gamemaster');
    const none = await unsubscribed.post('/api/user/subscription/cancel', {});
    expect(none.status).toBe(409);
    expect(none.body.error).toBe('You have no active plan to cancel');
    const hunter = await signUp(server, 'hunter');
    expect((await hunter.post('/api/user/subscription/cancel', {})).status).toBe(403);
    expect((await hunter.post('/api/user/subscription/resume', {})).status).toBe(403);
    const gm = await subscribedGameMaster(server);
    const s = await createSession(gm);
    const guest = await guestJoin(server, s.id, 'raptor-4821', 'Guesty');
    expect((await guest.post('/api/user/subscription/cancel', {})).status).toBe(403);
    expect((await new ApiClient(server.url).post('/api/user/subscription/cancel', {})).status).toBe(401);
    // Another game master's cancellation never touches this one's plan.
    await unsubscribed.post('/api/user/subscription/cancel', {});
    expect((await row(gm.user.id)).cancelAtPeriodEnd).toBe(false);
  });
});
