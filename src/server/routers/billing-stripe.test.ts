// Billing with Stripe configured: the official `stripe` SDK talks to a local
// double of Stripe's API; webhooks are signed with the SDK's test-header helper
// and verified by the real verification code on the raw body.
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, users } from '../db/schema';
import { ApiClient, signUp, startTestServer, type TestServer } from '../../../test/support/harness';
import { type StripeDouble, startStripeDouble } from '../../../test/support/stripe-double';

const WEBHOOK_SECRET = 'whsec_test_dinohunt';
let stripeApi: StripeDouble;
let server: TestServer;
const signer = new Stripe('sk_test_signer');

beforeAll(async () => {
  stripeApi = await startStripeDouble();
  server = await startTestServer({
    STRIPE_SECRET_KEY: stripeApi.secretKey,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_dinohunt',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripeApi.url,
  });
});
afterAll(async () => {
  await server.close();
  await stripeApi.close();
});

async function planId(name: string): Promise<number> {
  const res = await new ApiClient(server.url).get('/api/subscription-plans');
  return res.body.find((p: { name: string }) => p.name === name).id;
}

async function sendWebhook(event: object, opts: { secret?: string; signature?: string; tamper?: (s: string) => string } = {}) {
  const payload = JSON.stringify(event);
  const signature = opts.signature ?? signer.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? WEBHOOK_SECRET });
  const res = await fetch(`${server.url}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    body: opts.tamper ? opts.tamper(payload) : payload,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function subscriptionRow(userId: string) {
  const [row] = await server.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  return row;
}

/** A game master who has started (not paid) a Starter subscription. */
async function startedSubscription(plan = 'Starter') {
  const gm = await signUp(server, 'gamemaster');
  const res = await gm.post('/api/create-subscription', { planId: await planId(plan) });
  expect(res.status).toBe(200);
  const row = (await subscriptionRow(gm.user.id))!;
  return { gm, res, row, remoteId: row.stripeSubscriptionId! };
}

describe('Stripe mode: configuration', () => {
  it('serves the publishable key', async () => {
    const res = await new ApiClient(server.url).get('/api/payments/config');
    expect(res.body).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_dinohunt' });
  });
});

describe('Stripe mode: POST /api/create-subscription', () => {
  it('creates the customer and a weekly subscription waiting for payment, and answers the checkout address', async () => {
    const before = stripeApi.requests.length;
    const { gm, res, row, remoteId } = await startedSubscription();
    expect(res.body.success).toBe(false);
    expect(res.body.requiresPayment).toBe(true);
    const url = new URL(res.body.checkoutUrl, 'http://x');
    expect(url.pathname).toBe('/checkout');
    const secret = url.searchParams.get('client_secret')!;
    expect(secret).toMatch(/^pi_[0-9a-f]+_secret_/);

    const calls = stripeApi.requests.slice(before);
    const customer = calls.find((c) => c.method === 'POST' && c.path === '/v1/customers')!;
    expect(customer.body).toMatchObject({ email: `${gm.user.username}@example.com`, metadata: { userId: gm.user.id } });
    expect(customer.headers['idempotency-key']).toBe(`dinohunt-customer-${gm.user.id}`);
    const created = calls.find((c) => c.method === 'POST' && c.path === '/v1/subscriptions')!;
    expect(created.body).toMatchObject({
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      metadata: { userId: gm.user.id, planId: String(await planId('Starter')) },
      expand: ['latest_invoice.confirmation_secret'],
    });
    const price = stripeApi.prices.get(created.body.items[0].price)!;
    expect(price).toMatchObject({ unit_amount: 1999, currency: 'usd', recurring: { interval: 'week' } });

    // Stored: customer, price on the plan, and an incomplete subscription (not active: nothing is paid).
    const customerId = (await server.deps.db.select().from(users).where(eq(users.id, gm.user.id)).limit(1))[0]?.stripeCustomerId;
    expect(stripeApi.customers.get(customerId!)?.metadata).toEqual({ userId: gm.user.id });
    expect(created.body.customer).toBe(customerId);
    expect(row).toMatchObject({ status: 'incomplete' });
    expect(stripeApi.subscriptions.get(remoteId)?.status).toBe('incomplete');
    const status = await gm.get('/api/user/subscription');
    expect(status.body).toMatchObject({ status: 'incomplete', plan: { name: 'Starter' }, paymentProvider: 'stripe' });
    const plans = await new ApiClient(server.url).get('/api/subscription-plans');
    expect(plans.body.find((p: { name: string }) => p.name === 'Starter').stripePriceId).toBe(price.id);
    // Credits need an active subscription.
    expect((await gm.post('/api/create-credit-purchase')).body.error).toBe('Subscription Required');
  });

  it('reuses the customer and the price, and replaces an unpaid attempt', async () => {
    const { gm, remoteId } = await startedSubscription();
    const before = stripeApi.requests.length;
    const again = await gm.post('/api/create-subscription', { planId: await planId('Starter') });
    expect(again.body.requiresPayment).toBe(true);
    const calls = stripeApi.requests.slice(before);
    expect(calls.filter((c) => c.path === '/v1/customers')).toHaveLength(0);
    expect(calls.filter((c) => c.path.startsWith('/v1/prices'))).toHaveLength(0);
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `/v1/subscriptions/${remoteId}`)).toBe(true);
    expect(stripeApi.subscriptions.get(remoteId)?.status).toBe('canceled');
    expect((await subscriptionRow(gm.user.id))?.stripeSubscriptionId).not.toBe(remoteId);
  });

  it("answers contactRequired for the unlimited plan without a Stripe price ('Contact Required')", async () => {
    const gm = await signUp(server, 'gamemaster');
    const res = await gm.post('/api/create-subscription', { planId: await planId('Enterprise') });
    expect(res.status).toBe(409);
    expect(res.body.contactRequired).toBe(true);
    expect(res.body.message).toBe('The Enterprise plan is arranged with our team. Please contact support@dinohunt.app to subscribe.');
    expect(res.body.error).toBe(res.body.message);
  });

  it("answers requiresPayment without an address when Stripe gives no client secret ('Payment Required')", async () => {
    stripeApi.settings.omitClientSecret = true;
    try {
      const { res } = await startedSubscription();
      expect(res.body).toEqual({ success: false, requiresPayment: true });
    } finally {
      stripeApi.settings.omitClientSecret = false;
    }
  });

  it("reads the older invoice shape (latest_invoice.payment_intent.client_secret)", async () => {
    stripeApi.settings.legacyInvoiceShape = true;
    try {
      const { res } = await startedSubscription();
      expect(res.body.checkoutUrl).toMatch(/^\/checkout\?client_secret=pi_/);
    } finally {
      stripeApi.settings.legacyInvoiceShape = false;
    }
  });

  it("answers 503 with Stripe's message when Stripe refuses the request ('Subscription Failed')", async () => {
    const gm = await signUp(server, 'gamemaster');
    stripeApi.settings.failNext = { status: 400, message: 'Your account cannot currently make live charges.', type: 'invalid_request_error' };
    const res = await gm.post('/api/create-subscription', { planId: await planId('Starter') });
    expect(res.status).toBe(503);
    expect(res.body.error).toBe('Your account cannot currently make live charges.');
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts:\d+/);
  });
});

describe('Stripe mode: webhooks', () => {
  it('answers a signed body that is not an event with 400 Malformed event', async () => {
    const res = await sendWebhook({ hello: 1 });
    expect(res).toEqual({ status: 400, body: { error: 'Malformed event' } });
  });

  it('activates the subscription only when Stripe says the first invoice is paid', async () => {
    const { gm, remoteId } = await startedSubscription();
    // The browser's word is not enough: nothing but Stripe can activate it.
    expect((await gm.get('/api/user/subscription')).body.status).toBe('incomplete');
    const invoice = stripeApi.payInvoice(remoteId);
    const event = stripeApi.event('invoice.paid', invoice);
    const res = await sendWebhook(event);
    expect(res).toEqual({ status: 200, body: { received: true, duplicate: false } });
    const row = (await subscriptionRow(gm.user.id))!;
    expect(row.status).toBe('active');
    const sub = stripeApi.subscriptions.get(remoteId)!;
    expect(row.currentPeriodEnd).toBe(sub.items.data[0].current_period_end * 1000);
    const status = await gm.get('/api/user/subscription');
    expect(status.body).toMatchObject({ status: 'active', sessionsAllowed: 5, currentPeriodEnd: new Date(row.currentPeriodEnd!).toISOString() });
  });

  it('renews, fails and cancels; a replayed event changes nothing', async () => {
    const { gm, remoteId } = await startedSubscription();
    const first = stripeApi.event('invoice.paid', stripeApi.payInvoice(remoteId));
    await sendWebhook(first);
    const activeRow = (await subscriptionRow(gm.user.id))!;

    // Renewal: the period moves on.
    await sendWebhook(stripeApi.event('invoice.paid', stripeApi.renew(remoteId, 'paid')));
    const renewed = (await subscriptionRow(gm.user.id))!;
    expect(renewed.status).toBe('active');
    expect(renewed.currentPeriodEnd! - activeRow.currentPeriodEnd!).toBe(7 * 24 * 3600 * 1000);

    // An event about no subscription of ours is acknowledged and ignored.
    expect((await sendWebhook(stripeApi.event('invoice.paid', { id: 'in_other' }))).status).toBe(200);

    // A failed renewal: past_due; the guard refuses game-master procedures.
    const failed = stripeApi.event('invoice.payment_failed', stripeApi.renew(remoteId, 'failed'));
    await sendWebhook(failed);
    expect((await subscriptionRow(gm.user.id))?.status).toBe('past_due');
    const refused = await gm.post('/api/create-credit-purchase');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('Subscription Required');

    // Canceled.
    const deleted = stripeApi.event('customer.subscription.deleted', stripeApi.cancel(remoteId));
    await sendWebhook(deleted);
    const canceledRow = (await subscriptionRow(gm.user.id))!;
    expect(canceledRow.status).toBe('canceled');

    // Replays of earlier events (activation, cancellation) change nothing.
    for (const event of [first, failed, deleted]) {
      const again = await sendWebhook(event);
      expect(again).toEqual({ status: 200, body: { received: true, duplicate: true } });
    }
    expect((await subscriptionRow(gm.user.id))).toEqual(canceledRow);
    expect((await gm.get('/api/user/subscription')).body.status).toBe('canceled');
  });

  it('refuses a forged, missing or tampered signature with 400 and changes nothing', async () => {
    const { gm, remoteId } = await startedSubscription();
    const event = stripeApi.event('invoice.paid', stripeApi.payInvoice(remoteId));
    // Keep Stripe's answer on "incomplete" so a server-side check would not activate it either.
    stripeApi.subscriptions.get(remoteId)!.status = 'incomplete';
    const forged = await sendWebhook(event, { secret: 'whsec_someone_else' });
    expect(forged).toEqual({ status: 400, body: { error: 'Invalid Stripe signature' } });
    expect((await sendWebhook(event, { signature: 't=1,v1=deadbeef' })).status).toBe(400);
    const tampered = await sendWebhook(event, { tamper: (s) => s.replace('invoice.paid', 'invoice.paid ') });
    expect(tampered.status).toBe(400);
    const noHeader = await fetch(`${server.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
    });
    expect(noHeader.status).toBe(400);
    expect((await subscriptionRow(gm.user.id))?.status).toBe('incomplete');
    // Other JSON routes still parse JSON bodies (the raw parser is scoped to the webhook).
    const login = await new ApiClient(server.url).post('/api/auth/login', { username: 'admin', password: 'admin-password' });
    expect(login.status).toBe(200);
  });

  it('activates after payment through a server-side check with Stripe when the webhook is late', async () => {
    const { gm, remoteId } = await startedSubscription();
    stripeApi.payInvoice(remoteId);
    const status = await gm.get('/api/user/subscription');
    expect(status.body.status).toBe('active');
  });
});

describe('Stripe mode: session credits', () => {
  async function activeGameMaster() {
    const { gm, remoteId } = await startedSubscription();
    await sendWebhook(stripeApi.event('invoice.paid', stripeApi.payInvoice(remoteId)));
    return gm;
  }

  it('creates a one-time payment and adds the credits once, from the webhook', async () => {
    const gm = await activeGameMaster();
    const res = await gm.post('/api/create-credit-purchase');
    expect(res.status).toBe(200);
    expect(res.body.requiresPayment).toBe(true);
    const url = new URL(res.body.checkoutUrl, 'http://x');
    expect(url.pathname).toBe('/checkout');
    expect(url.searchParams.get('mode')).toBe('credits');
    const secret = url.searchParams.get('client_secret')!;
    const intent = [...stripeApi.paymentIntents.values()].find((pi) => pi.client_secret === secret)!;
    expect(intent).toMatchObject({ amount: 999, currency: 'usd', metadata: { kind: 'credits', userId: gm.user.id, credits: '5' } });
    expect((await gm.get('/api/user/subscription')).body.sessionCredits).toBe(0);

    const paid = stripeApi.event('payment_intent.succeeded', stripeApi.succeedPaymentIntent(intent.id));
    expect((await sendWebhook(paid)).body).toEqual({ received: true, duplicate: false });
    expect((await gm.get('/api/user/subscription')).body.sessionCredits).toBe(5);
    expect((await sendWebhook(paid)).body).toEqual({ received: true, duplicate: true });
    // Even a new event id about the same payment adds nothing.
    await sendWebhook(stripeApi.event('payment_intent.succeeded', stripeApi.succeedPaymentIntent(intent.id)));
    expect((await gm.get('/api/user/subscription')).body.sessionCredits).toBe(5);
  });

  it('grants credits through a server-side check when the webhook is late, and never for an unpaid intent', async () => {
    const gm = await activeGameMaster();
    const res = await gm.post('/api/create-credit-purchase');
    const secret = new URL(res.body.checkoutUrl, 'http://x').searchParams.get('client_secret')!;
    const intent = [...stripeApi.paymentIntents.values()].find((pi) => pi.client_secret === secret)!;
    // An event claiming success while Stripe holds no money: amount_received 0.
    await sendWebhook(stripeApi.event('payment_intent.succeeded', { ...intent, status: 'succeeded' }));
    expect((await gm.get('/api/user/subscription')).body.sessionCredits).toBe(0);
    stripeApi.succeedPaymentIntent(intent.id);
    expect((await gm.get('/api/user/subscription')).body.sessionCredits).toBe(5);
    expect((await gm.get('/api/user/subscription')).body.sessionCredits).toBe(5);
  });
});

describe('Stripe mode: cancelling at period end', () => {
  async function paidSubscription() {
    const started = await startedSubscription();
    const invoice = stripeApi.payInvoice(started.remoteId);
    await sendWebhook(stripeApi.event('invoice.paid', invoice));
    expect((await subscriptionRow(started.gm.user.id))?.status).toBe('active');
    return started;
  }

  it('sets cancel_at_period_end on Stripe; the plan stays active until Stripe ends it', async () => {
    const { gm, remoteId } = await paidSubscription();
    const res = await gm.post('/api/user/subscription/cancel', {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    const update = stripeApi.calls('POST', `/v1/subscriptions/${remoteId}`).at(-1)!;
    expect(update.body).toMatchObject({ cancel_at_period_end: 'true' });
    expect(stripeApi.subscriptions.get(remoteId)?.cancel_at_period_end).toBe(true);
    const periodEnd = stripeApi.subscriptions.get(remoteId)!.items.data[0].current_period_end * 1000;
    expect(Date.parse(res.body.currentPeriodEnd)).toBe(periodEnd);

    // The period ends: Stripe cancels and sends customer.subscription.deleted.
    const ended = stripeApi.endPeriod(remoteId);
    expect((await sendWebhook(stripeApi.event('customer.subscription.deleted', ended))).status).toBe(200);
    expect((await subscriptionRow(gm.user.id))).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: false });
    expect((await gm.get('/api/user/subscription')).body).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: false });
  });

  it('"Keep my plan" clears cancel_at_period_end; a customer.subscription.updated from the dashboard is followed', async () => {
    const { gm, remoteId } = await paidSubscription();
    await gm.post('/api/user/subscription/cancel', {});
    const kept = await gm.post('/api/user/subscription/resume', {});
    expect(kept.body).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    expect(stripeApi.subscriptions.get(remoteId)?.cancel_at_period_end).toBe(false);

    // Cancelled from Stripe's dashboard instead: the webhook tells us.
    stripeApi.subscriptions.get(remoteId)!.cancel_at_period_end = true;
    await sendWebhook(stripeApi.event('customer.subscription.updated', stripeApi.subscriptions.get(remoteId)!));
    expect((await subscriptionRow(gm.user.id))?.cancelAtPeriodEnd).toBe(true);
    // A renewal at period end does not happen: the period ends with the plan.
    const ended = stripeApi.endPeriod(remoteId);
    expect(ended.status).toBe('canceled');
  });

  it('answers 503 with a readable message when Stripe refuses, and changes nothing', async () => {
    const { gm } = await paidSubscription();
    stripeApi.settings.failNext = { status: 400, message: 'No such subscription', type: 'invalid_request_error' };
    const res = await gm.post('/api/user/subscription/cancel', {});
    expect(res.status).toBe(503);
    expect(res.body.error).toBe('No such subscription');
    expect((await subscriptionRow(gm.user.id))?.cancelAtPeriodEnd).toBe(false);
  });
});
