// Stripe implementation of the payment seam, on the official SDK. Tests point
// the SDK at a local double of Stripe's API through STRIPE_API_BASE.
import Stripe from 'stripe';
import { PLAN_INTERVAL } from '../../domain/rules';
import { CircuitBreaker, CircuitOpenError } from '../outbound/circuit-breaker';
import type { PlanRow } from '../db/schema';
import {
  type BillingUser,
  type LocalStatus,
  type PaymentProvider,
  PaymentProviderError,
  type RemotePayment,
  type RemoteSubscription,
  MalformedWebhookEvent,
} from './provider';

export type StripeSettings = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** e.g. http://127.0.0.1:12111 (tests); Stripe's own API when absent. */
  apiBase?: string | undefined;
};

const MS_PER_S = 1000;
/** Each request to Stripe (one retry of a network failure: at most about twice this before a 503). */
export const STRIPE_TIMEOUT_MS = 8_000;
/** Calls in a row that found Stripe down (no answer in time, no connection, a 5xx) before calls fail fast (decision 932). */
const STRIPE_BREAKER_FAILURES = 3;
/** How long they then fail fast before one call probes Stripe again. */
const STRIPE_BREAKER_COOL_DOWN_MS = 30_000;

/** What says Stripe itself is down, not that it refused this request (a declined card, a bad parameter). */
const stripeIsDown = (err: unknown) =>
  err instanceof Stripe.errors.StripeConnectionError ||
  (err instanceof Stripe.errors.StripeError && (err.statusCode ?? 0) >= 500);

export const STRIPE_PAUSED = (seconds: number) =>
  `The payment provider is not answering. Payments are paused: please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;

export function stripeClientOptions(apiBase: string | undefined): Stripe.StripeConfig {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 1, timeout: STRIPE_TIMEOUT_MS, appInfo: { name: 'Dinohunt' } };
  if (!apiBase) return options;
  const url = new URL(apiBase);
  return {
    ...options,
    host: url.hostname,
    port: url.port || (url.protocol === 'https:' ? 443 : 80),
    protocol: url.protocol === 'http:' ? 'http' : 'https',
  };
}

export function mapStripeStatus(status: string): LocalStatus {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'incomplete':
      return 'incomplete';
    case 'past_due':
    case 'unpaid':
    case 'paused':
      return 'past_due';
    default:
      // canceled, incomplete_expired
      return 'canceled';
  }
}

type Loose = Record<string, unknown> | null | undefined;
const obj = (v: unknown): Loose => (v && typeof v === 'object' ? (v as Record<string, unknown>) : null);

/** The current period's end: on the subscription item (current API) or the subscription (older API versions). */
function periodEnd(sub: Loose): number | null {
  const data = obj(sub?.items)?.data;
  const first = Array.isArray(data) ? obj(data[0]) : null;
  const seconds = first?.current_period_end ?? sub?.current_period_end;
  return typeof seconds === 'number' ? seconds * MS_PER_S : null;
}

function toRemote(sub: Stripe.Subscription): RemoteSubscription {
  const planId = Number(sub.metadata?.planId);
  return {
    id: sub.id,
    status: mapStripeStatus(sub.status),
    currentPeriodEnd: periodEnd(sub as unknown as Loose),
    planId: Number.isInteger(planId) && planId > 0 ? planId : null,
    cancelAtPeriodEnd: sub.cancel_at_period_end === true,
  };
}

/** The first payment's client secret: invoice.confirmation_secret (current API) or invoice.payment_intent (older). */
export function invoiceClientSecret(invoice: unknown): string | null {
  const inv = obj(invoice);
  const secret = obj(inv?.confirmation_secret)?.client_secret ?? obj(inv?.payment_intent)?.client_secret;
  return typeof secret === 'string' && secret ? secret : null;
}

function wrap(err: unknown): never {
  if (err instanceof CircuitOpenError) throw new PaymentProviderError(STRIPE_PAUSED(err.retryAfterSeconds), 'unreachable');
  if (err instanceof Stripe.errors.StripeConnectionError) {
    throw new PaymentProviderError('The payment provider is unreachable. Please try again later.', 'unreachable');
  }
  if (err instanceof Stripe.errors.StripeError) {
    throw new PaymentProviderError(err.message || 'The payment provider refused the request.', 'refused');
  }
  throw err;
}

function isMissing(err: unknown): boolean {
  return err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404;
}

function displayName(user: BillingUser): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.username || user.id;
}

function cents(price: string): number {
  return Math.round(Number(price) * 100);
}

export function createStripeProvider(
  settings: StripeSettings,
  log: { warn(msg: string): void } = { warn() {} },
): PaymentProvider & { readonly stripe: Stripe } {
  const stripe = new Stripe(settings.secretKey, stripeClientOptions(settings.apiBase));
  const breaker = new CircuitBreaker({
    name: 'payment provider (Stripe)',
    failureThreshold: STRIPE_BREAKER_FAILURES,
    coolDownMs: STRIPE_BREAKER_COOL_DOWN_MS,
    isFailure: stripeIsDown,
    log,
  });
  /** One provider operation through the breaker; Stripe's errors become PaymentProviderError (503). */
  async function call<T>(work: () => Promise<T>, whenMissing?: () => T): Promise<T> {
    try {
      return await breaker.run(work);
    } catch (err) {
      if (whenMissing && isMissing(err)) return whenMissing();
      wrap(err);
    }
  }

  async function ensureCustomer(user: BillingUser): Promise<string> {
    if (user.stripeCustomerId) return user.stripeCustomerId;
    const customer = await stripe.customers.create(
      { email: user.email ?? undefined, name: displayName(user), metadata: { userId: user.id } },
      { idempotencyKey: `dinohunt-customer-${user.id}` },
    );
    return customer.id;
  }

  /** The plan's Stripe price; created once (found again by lookup key) when the plan has none. */
  async function ensurePrice(plan: PlanRow, currency: string): Promise<string> {
    if (plan.stripePriceId) return plan.stripePriceId;
    const lookupKey = `dinohunt_plan_${plan.id}_${cents(plan.price)}_${PLAN_INTERVAL}`;
    const found = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
    if (found.data[0]) return found.data[0].id;
    const price = await stripe.prices.create({
      currency,
      unit_amount: cents(plan.price),
      recurring: { interval: PLAN_INTERVAL },
      product_data: { name: `Dinohunt ${plan.name}` },
      lookup_key: lookupKey,
      metadata: { planId: String(plan.id) },
    });
    return price.id;
  }

  return {
    name: 'stripe',
    publishableKey: settings.publishableKey,
    stripe,

    async subscribe({ user, plan, currentRemoteId }) {
      return call(async () => {
      const customerId = await ensureCustomer(user);
      const priceId = await ensurePrice(plan, 'usd');
      if (currentRemoteId) {
        // An unpaid (incomplete, past_due) attempt is replaced by the new one.
        await stripe.subscriptions.cancel(currentRemoteId).catch(() => undefined);
      }
      const sub = await stripe.subscriptions.create({
        customer: customerId,
        items: [{ price: priceId }],
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        metadata: { userId: user.id, planId: String(plan.id) },
        expand: ['latest_invoice.confirmation_secret'],
      });
      return { customerId, priceId, subscription: toRemote(sub), clientSecret: invoiceClientSecret(sub.latest_invoice) };
      });
    },

    async changePlan({ remoteId, plan }) {
      return call(async () => {
      const current = await stripe.subscriptions.retrieve(remoteId);
      const priceId = await ensurePrice(plan, current.currency || 'usd');
      const itemId = current.items.data[0]?.id;
      const sub = await stripe.subscriptions.update(remoteId, {
        items: itemId ? [{ id: itemId, price: priceId }] : [{ price: priceId }],
        proration_behavior: 'create_prorations',
        metadata: { ...current.metadata, planId: String(plan.id) },
      });
      return { priceId, subscription: toRemote(sub) };
      });
    },

    async setCancelAtPeriodEnd({ remoteId, cancel }) {
      return call(async () => {
      return toRemote(await stripe.subscriptions.update(remoteId, { cancel_at_period_end: cancel }));
      });
    },

    async charge({ user, amountCents, currency, description, metadata }) {
      return call(async () => {
      const customerId = await ensureCustomer(user);
      const intent = await stripe.paymentIntents.create({
        amount: amountCents,
        currency,
        customer: customerId,
        description,
        metadata,
        automatic_payment_methods: { enabled: true },
      });
      return { customerId, paymentId: intent.id, status: 'pending', clientSecret: intent.client_secret };
      });
    },

    async fetchSubscription(remoteId) {
      return call(async () => {
      return toRemote(await stripe.subscriptions.retrieve(remoteId));
      }, () => null);
    },

    async fetchPayment(paymentId): Promise<RemotePayment | null> {
      return call(async () => {
      const intent = await stripe.paymentIntents.retrieve(paymentId);
      const status =
        intent.status === 'succeeded' ? 'succeeded' : intent.status === 'canceled' ? 'failed' : 'pending';
      return { id: intent.id, status, metadata: intent.metadata ?? {} };
      }, () => null);
    },

    verifyWebhook(rawBody, signature) {
      if (!signature) throw new Error('Missing Stripe-Signature header');
      const event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      // Signed, but not an event (constructEvent checks only the signature).
      const object = (event as { data?: { object?: unknown } }).data?.object;
      if (typeof event.id !== 'string' || typeof event.type !== 'string' || !object || typeof object !== 'object') {
        throw new MalformedWebhookEvent();
      }
      return { id: event.id, type: event.type, object: object as Record<string, unknown> };
    },
  };
}
