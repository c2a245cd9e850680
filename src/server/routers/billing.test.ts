// Billing in the embedded default mode (no payment provider configured): plans,
// instant activation, credits, the server-side subscription guard and plan limits.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FALLBACK_PLANS, PLAN_FEATURES, type Plan, planLimitFeatures } from '../../domain/billing-schemas';
import { ROLLING_WEEK_MS } from '../../domain/rules';
import { creditPurchases, gameSessions, users } from '../db/schema';
import { grantCreditPurchase } from '../services/billing';
import {
  assertCanCreateSession,
  capMaxPlayers,
  consumeSessionAllowance,
  maxPlayersAllowed,
} from '../services/plan-limits';
import { createContextInner } from '../context';
import { ApiClient, signInAdmin, signUp, startTestServer, type TestServer } from '../../../test/support/harness';
import { createCallerFactory, gameMasterProcedure, ownedSessionProcedure, router } from '../trpc';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function planId(name: string): Promise<number> {
  const res = await new ApiClient(server.url).get('/api/subscription-plans');
  return res.body.find((p: { name: string }) => p.name === name).id;
}

async function subscribedGameMaster(plan = 'Starter') {
  const gm = await signUp(server, 'gamemaster');
  const res = await gm.post('/api/create-subscription', { planId: await planId(plan) });
  expect(res.body).toEqual({ success: true, requiresPayment: false, message: `Your ${plan} plan is active.` });
  return gm;
}

async function addSessions(ownerId: string, count: number, createdAt: number) {
  for (let i = 0; i < count; i += 1) {
    await server.deps.db.insert(gameSessions).values({ ownerId, name: `s${i}`, password: 'pw', maxPlayers: 10, duration: 60, createdAt });
  }
}

describe('GET /api/subscription-plans', () => {
  it("answers the spec's three weekly plans from the database", async () => {
    const res = await new ApiClient(server.url).get('/api/subscription-plans');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.map((p: Record<string, unknown>) => [p.name, p.price, p.interval, p.maxSessions, p.maxPlayersPerSession])).toEqual([
      ['Starter', '19.99', 'week', 5, 10],
      ['Professional', '49.99', 'week', 15, 25],
      ['Enterprise', '399.99', 'week', null, 50],
    ]);
    for (const plan of res.body) {
      expect(plan.features.length).toBeGreaterThan(0);
      expect(plan).toHaveProperty('stripePriceId', null);
    }
  });
});

describe('plan features', () => {
  it('are cumulative, match each plan\'s limits and claim only what the product does', async () => {
    const plans: Plan[] = (await new ApiClient(server.url).get('/api/subscription-plans')).body;
    expect(plans.map((p) => p.features)).toEqual(FALLBACK_PLANS.map((p) => p.features));
    for (const plan of plans) {
      // The limit lines say exactly the plan's limits; the rest is what every plan includes.
      expect(plan.features).toEqual([...planLimitFeatures(plan.maxSessions, plan.maxPlayersPerSession), ...PLAN_FEATURES]);
    }
    const [starter, professional, enterprise] = plans.map((p) => p.features.slice(2));
    expect(professional).toEqual(expect.arrayContaining(starter ?? []));
    expect(enterprise).toEqual(expect.arrayContaining(professional ?? []));
    expect(plans.map((p) => p.features[0])).toEqual(['Up to 5 sessions per week', 'Up to 15 sessions per week', 'Unlimited sessions']);
    expect(plans.map((p) => p.features[1])).toEqual([
      'Up to 10 players per session',
      'Up to 25 players per session',
      'Up to 50 players per session',
    ]);
    // Nothing the product does not have.
    const all = plans.flatMap((p) => p.features).join(' | ');
    expect(all).not.toMatch(/priority support|analytics export|custom missions/i);
  });
});

describe('GET /api/payments/config', () => {
  it('says no payment provider is configured', async () => {
    const res = await new ApiClient(server.url).get('/api/payments/config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ provider: 'none', publishableKey: null, creditBundle: { credits: 5, price: '9.99', currency: 'usd' } });
  });
});

describe('POST /api/create-subscription (no payment provider)', () => {
  it('answers 401 when signed out and 403 for hunters and admins', async () => {
    const id = await planId('Starter');
    const anon = await new ApiClient(server.url).post('/api/create-subscription', { planId: id });
    expect(anon.status).toBe(401);
    expect(anon.body.error).toBe('Unauthorized');
    const hunter = await signUp(server, 'hunter');
    const h = await hunter.post('/api/create-subscription', { planId: id });
    expect(h.status).toBe(403);
    expect(h.body.error).toBe('Only GameMaster accounts can buy a plan');
    expect((await hunter.get('/api/user/subscription')).body.status).toBe('none');
    const admin = await signInAdmin(server);
    expect((await admin.post('/api/create-subscription', { planId: id })).status).toBe(403);
  });

  it('activates the plan at once, without charge', async () => {
    const gm = await signUp(server, 'gamemaster');
    const before = await gm.get('/api/user/subscription');
    expect(before.body).toMatchObject({ status: 'none', plan: null, sessionCredits: 0, paymentProvider: 'none' });
    const res = await gm.post('/api/create-subscription', { planId: await planId('Professional') });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.requiresPayment).toBe(false);
    expect(res.body.checkoutUrl).toBeUndefined();
    const after = await gm.get('/api/user/subscription');
    expect(after.body).toMatchObject({
      status: 'active',
      plan: { name: 'Professional', maxSessions: 15, maxPlayersPerSession: 25 },
      sessionsUsedThisWeek: 0,
      sessionsAllowed: 15,
      sessionCredits: 0,
      paymentProvider: 'none',
    });
  });

  it('refuses the plan already active (409) and switches to another plan', async () => {
    const gm = await subscribedGameMaster('Starter');
    const again = await gm.post('/api/create-subscription', { planId: await planId('Starter') });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('You already have an active Starter subscription');
    const change = await gm.post('/api/create-subscription', { planId: await planId('Enterprise') });
    expect(change.body).toMatchObject({ success: true, requiresPayment: false });
    const status = await gm.get('/api/user/subscription');
    expect(status.body.plan.name).toBe('Enterprise');
    expect(status.body.sessionsAllowed).toBeNull();
  });

  it('answers 404 for an unknown plan and 400 for a malformed one', async () => {
    const gm = await signUp(server, 'gamemaster');
    const missing = await gm.post('/api/create-subscription', { planId: 999 });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Subscription plan not found');
    const bad = await gm.post('/api/create-subscription', { planId: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Please choose a plan');
    const none = await gm.post('/api/create-subscription', {});
    expect(none.status).toBe(400);
  });

  it('works over tRPC too', async () => {
    const gm = await signUp(server, 'gamemaster');
    const { trpc, close } = gm.trpc();
    try {
      const plans = await trpc.billing.plans.query();
      const res = await trpc.billing.createSubscription.mutate({ planId: plans[0]!.id });
      expect(res.success).toBe(true);
      expect((await trpc.billing.userSubscription.query()).status).toBe('active');
    } finally {
      close();
    }
  });
});

describe('GET /api/user/subscription', () => {
  it('answers 401 when signed out', async () => {
    expect((await new ApiClient(server.url).get('/api/user/subscription')).status).toBe(401);
  });
});

describe('POST /api/create-credit-purchase (no payment provider)', () => {
  it('grants the bundle at once to a subscribed game master', async () => {
    const gm = await subscribedGameMaster();
    const res = await gm.post('/api/create-credit-purchase');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, requiresPayment: false, message: '5 session credits added.' });
    expect((await gm.get('/api/user/subscription')).body.sessionCredits).toBe(5);
    await gm.post('/api/create-credit-purchase', {});
    expect((await gm.get('/api/user/subscription')).body.sessionCredits).toBe(10);
  });

  it("refuses game masters without an active subscription with 'Subscription Required', and hunters", async () => {
    const gm = await signUp(server, 'gamemaster');
    const res = await gm.post('/api/create-credit-purchase');
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Subscription Required');
    const hunter = await signUp(server, 'hunter');
    expect((await hunter.post('/api/create-credit-purchase')).status).toBe(403);
    expect((await new ApiClient(server.url).post('/api/create-credit-purchase')).status).toBe(401);
  });
});

describe('granting a purchase (a webhook and a status read may race)', () => {
  it('adds its credits once, however many grants run at the same time', async () => {
    const gm = await signUp(server, 'gamemaster');
    const [purchase] = await server.deps.db
      .insert(creditPurchases)
      .values({ userId: gm.user.id, credits: 5, amountCents: 999, status: 'pending', createdAt: Date.now() })
      .returning({ id: creditPurchases.id });
    const granted = await Promise.all(Array.from({ length: 6 }, () => grantCreditPurchase(server.deps.db, purchase!.id)));
    expect(granted.filter(Boolean)).toHaveLength(1);
    const [row] = await server.deps.db.select({ c: users.sessionCredits }).from(users).where(eq(users.id, gm.user.id)).limit(1);
    expect(row?.c).toBe(5);
    expect(await grantCreditPurchase(server.deps.db, purchase!.id)).toBe(false);
  });
});

describe('POST /api/stripe/webhook without a provider', () => {
  it('answers 503', async () => {
    const res = await new ApiClient(server.url).post('/api/stripe/webhook', { id: 'evt_1', type: 'invoice.paid' });
    expect(res.status).toBe(503);
    expect(res.body.error).toBe('No payment provider is configured');
  });
});

describe('plan limits (called by the sessions service)', () => {
  const ctx = () => ({ db: server.deps.db, now: server.deps.now });

  it("refuses a game master without an active subscription with 403 'Subscription Required'; admins pass", async () => {
    const gm = await signUp(server, 'gamemaster');
    const user = { id: gm.user.id, role: 'gamemaster' as const };
    await expect(assertCanCreateSession(ctx(), user)).rejects.toThrow('Subscription Required');
    await expect(assertCanCreateSession(ctx(), user)).rejects.toMatchObject({ status: 403 });
    await expect(maxPlayersAllowed(ctx(), user)).rejects.toThrow('Subscription Required');
    const admin = { id: 'admin-id', role: 'admin' as const };
    await expect(assertCanCreateSession(ctx(), admin)).resolves.toBeUndefined();
    expect(await consumeSessionAllowance(ctx(), admin)).toEqual({ usedCredit: false });
    expect(await maxPlayersAllowed(ctx(), admin)).toBeNull();
    expect(await capMaxPlayers(ctx(), admin, 25)).toBe(25);
  });

  it('allows maxSessions per rolling week, then one session per credit, then refuses with 409', async () => {
    const gm = await subscribedGameMaster('Starter');
    const user = { id: gm.user.id, role: 'gamemaster' as const };
    const now = server.deps.now();
    await addSessions(user.id, 3, now - ROLLING_WEEK_MS - 1000); // older than a week: not counted
    await addSessions(user.id, 4, now - 1000);
    expect(await consumeSessionAllowance(ctx(), user)).toEqual({ usedCredit: false });
    await addSessions(user.id, 1, now);
    expect((await gm.get('/api/user/subscription')).body).toMatchObject({ sessionsUsedThisWeek: 5, sessionsAllowed: 5 });

    let refusal: { status: number; message: string; details: Record<string, unknown> } | undefined;
    try {
      await assertCanCreateSession(ctx(), user);
    } catch (err) {
      refusal = err as typeof refusal;
    }
    expect(refusal?.status).toBe(409);
    expect(refusal?.message).toMatch(/^Weekly session limit reached: your Starter plan allows 5 sessions per week/);
    expect(refusal?.details).toMatchObject({ limitReached: true, sessionsUsed: 5, sessionsAllowed: 5, sessionCredits: 0 });

    await gm.post('/api/create-credit-purchase');
    await expect(assertCanCreateSession(ctx(), user)).resolves.toBeUndefined();
    expect(await consumeSessionAllowance(ctx(), user)).toEqual({ usedCredit: true });
    await addSessions(user.id, 1, now);
    const [credits] = await server.deps.db.select({ c: users.sessionCredits }).from(users).where(eq(users.id, user.id)).limit(1);
    expect(credits?.c).toBe(4);
    for (let i = 0; i < 4; i += 1) {
      expect((await consumeSessionAllowance(ctx(), user)).usedCredit).toBe(true);
      await addSessions(user.id, 1, now);
    }
    await expect(consumeSessionAllowance(ctx(), user)).rejects.toThrow(/Weekly session limit reached/);
    expect((await gm.get('/api/user/subscription')).body).toMatchObject({ sessionsUsedThisWeek: 10, sessionCredits: 0 });
  });

  it('never limits an unlimited plan, and caps players per session', async () => {
    const enterprise = await subscribedGameMaster('Enterprise');
    const e = { id: enterprise.user.id, role: 'gamemaster' as const };
    await addSessions(e.id, 30, server.deps.now());
    expect(await consumeSessionAllowance(ctx(), e)).toEqual({ usedCredit: false });
    expect(await capMaxPlayers(ctx(), e, 25)).toBe(25);
    expect(await maxPlayersAllowed(ctx(), e)).toBe(50);
    const starter = await subscribedGameMaster('Starter');
    const s = { id: starter.user.id, role: 'gamemaster' as const };
    expect(await capMaxPlayers(ctx(), s, 25)).toBe(10);
    expect(await capMaxPlayers(ctx(), s, 10)).toBe(10);
    expect(await capMaxPlayers(ctx(), s, 5)).toBe(5);
  });

  it('refuses hunters', async () => {
    const hunter = await signUp(server, 'hunter');
    await expect(assertCanCreateSession(ctx(), { id: hunter.user.id, role: 'hunter' })).rejects.toThrow('Subscription Required');
  });
});

describe('gameMasterProcedure and ownedSessionProcedure', () => {
  const probe = router({
    any: gameMasterProcedure.query(() => 'ok'),
    owned: ownedSessionProcedure.query(({ ctx }) => ctx.gameSession.id),
  });
  const callerFor = async (client: ApiClient) =>
    createCallerFactory(probe)(await createContextInner(server.deps, { cookieHeader: client.cookie }));

  it("lets subscribed game masters and admins through, and answers 401/403 'Subscription Required' otherwise", async () => {
    const anon = await callerFor(new ApiClient(server.url));
    await expect(anon.any()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const hunter = await callerFor(await signUp(server, 'hunter'));
    await expect(hunter.any()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const unsubscribedClient = await signUp(server, 'gamemaster');
    const unsubscribed = await callerFor(unsubscribedClient);
    await expect(unsubscribed.any()).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'Subscription Required' });
    const subscribedClient = await subscribedGameMaster();
    const subscribed = await callerFor(subscribedClient);
    expect(await subscribed.any()).toBe('ok');
    expect(await (await callerFor(await signInAdmin(server))).any()).toBe('ok');

    await addSessions(subscribedClient.user.id, 1, server.deps.now());
    await addSessions(unsubscribedClient.user.id, 1, server.deps.now());
    const own = await server.deps.db.select().from(gameSessions);
    const mine = own.filter((g) => g.ownerId === subscribedClient.user.id).at(-1)!;
    const theirs = own.filter((g) => g.ownerId === unsubscribedClient.user.id).at(-1)!;
    expect(await subscribed.owned({ id: mine.id })).toBe(mine.id);
    await expect(subscribed.owned({ id: theirs.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(unsubscribed.owned({ id: theirs.id })).rejects.toMatchObject({ message: 'Subscription Required' });
  });
});
