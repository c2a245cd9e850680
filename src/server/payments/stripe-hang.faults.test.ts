// Stripe hanging (issue #48, decision 932): the SDK points (host/port/protocol) at a TCP server on
// loopback that accepts connections and never answers. A subscription answers 503 with a clear
// message within the SDK's timeout (one retry); after STRIPE_BREAKER_FAILURES such calls the breaker
// opens and billing fails fast; when Stripe answers again (the server then passes connections on to
// the Stripe double), the probe after the cool-down closes it.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, signUp, startTestServer, type TestServer } from '../../../test/support/harness';
import { type StripeDouble, startStripeDouble } from '../../../test/support/stripe-double';
import { STRIPE_PAUSED, STRIPE_TIMEOUT_MS } from './stripe';

const UNREACHABLE = 'The payment provider is unreachable. Please try again later.';

let stripeApi: StripeDouble;
let answering = false;
const sockets = new Set<net.Socket>();
/** Swallows every connection until `answering`; then relays new ones to the Stripe double. */
const stripeHost = net.createServer((socket) => {
  sockets.add(socket);
  socket.on('close', () => sockets.delete(socket));
  socket.on('error', () => undefined);
  if (!answering) return;
  const upstream = net.connect(Number(new URL(stripeApi.url).port), '127.0.0.1');
  upstream.on('error', () => socket.destroy());
  socket.pipe(upstream).pipe(socket);
});

let server: TestServer;
beforeAll(async () => {
  stripeApi = await startStripeDouble();
  await new Promise<void>((resolve) => stripeHost.listen(0, '127.0.0.1', resolve));
  const { port } = stripeHost.address() as AddressInfo;
  server = await startTestServer({
    STRIPE_SECRET_KEY: stripeApi.secretKey,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_dinohunt',
    STRIPE_WEBHOOK_SECRET: 'whsec_test_dinohunt',
    STRIPE_API_BASE: `http://127.0.0.1:${port}`,
  });
});
afterAll(async () => {
  await server.close();
  for (const s of sockets) s.destroy();
  stripeHost.close();
  await stripeApi.close();
});

async function starterPlan(): Promise<number> {
  const res = await new ApiClient(server.url).get('/api/subscription-plans');
  return res.body.find((p: { name: string }) => p.name === 'Starter').id;
}

async function timedSubscribe(gm: ApiClient, planId: number) {
  const started = performance.now();
  const res = await gm.post('/api/create-subscription', { planId });
  return { res, ms: performance.now() - started };
}

describe('Stripe accepting connections and never answering', () => {
  it('answers 503 within the timeout, then fails fast while the breaker is open, and recovers after the cool-down', async () => {
    const planId = await starterPlan();
    const gms = await Promise.all([1, 2, 3, 4].map(() => signUp(server, 'gamemaster')));
    // Three game masters subscribe at once: each waits the timeout twice (the SDK's one retry), never longer.
    const hung = await Promise.all(gms.slice(0, 3).map((gm) => timedSubscribe(gm, planId)));
    for (const { res, ms } of hung) {
      expect(res.status).toBe(503);
      expect(res.body.error).toBe(UNREACHABLE);
      expect(ms).toBeGreaterThanOrEqual(STRIPE_TIMEOUT_MS);
      expect(ms).toBeLessThan(2 * STRIPE_TIMEOUT_MS + 5_000);
    }

    // Open: the fourth is refused at once, with the message saying when to try again.
    const fast = await timedSubscribe(gms[3]!, planId);
    expect(fast.res.status).toBe(503);
    expect(fast.res.body.error).toMatch(/^The payment provider is not answering\. Payments are paused: please try again in \d+ seconds?\.$/);
    expect(fast.ms).toBeLessThan(500);
    const seconds = Number(/in (\d+) second/.exec(fast.res.body.error)![1]);
    expect(fast.res.body.error).toBe(STRIPE_PAUSED(seconds));
    expect(stripeApi.requests).toHaveLength(0);

    // Stripe is back: after the cool-down the next call is the probe, and billing works again.
    answering = true;
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    const probe = await gms[3]!.post('/api/create-subscription', { planId });
    expect(probe.status).toBe(200);
    expect((await gms[0]!.post('/api/create-subscription', { planId })).status).toBe(200);
  });
});
