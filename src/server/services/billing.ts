// Subscriptions, session-credit purchases and Stripe webhooks. Every database
// change of billing happens here; the payment provider only talks to Stripe (or
// grants at once in the no-payment mode). A subscription becomes active only
// from a verified webhook or a server-side check with the provider, never from
// the browser's word.
import { and, asc, eq, gt, ne } from 'drizzle-orm';
import type { Plan, PaymentStartOutput, UserSubscription } from '../../domain/billing-schemas';
import { hasLapsed, weeklyPeriodEnd } from '../../domain/billing-period';
import {
  BILLING_CURRENCY,
  CREDIT_BUNDLE_CREDITS,
  CREDIT_BUNDLE_PRICE,
  CREDIT_BUNDLE_PRICE_CENTS,
  ROLLING_WEEK_MS,
} from '../../domain/rules';
import type { Db, Queryable } from '../db/client';
import { creditPurchases, type PlanRow, stripeEvents, subscriptionPlans, subscriptions, users } from '../db/schema';
import { plus } from '../db/expressions';
import type { AppDeps } from '../deps';
import { AppError, conflict, forbidden, notFound } from '../errors';
import { type BillingUser, PaymentProviderError, type RemoteSubscription, type WebhookEvent } from '../payments/provider';
import { findSubscription, type LimitsUser, requireSubscription, sessionsUsedThisWeek } from './plan-limits';

export type BillingCtx = Pick<AppDeps, 'db' | 'payments' | 'now' | 'log' | 'config'>;

// --- Plans ---

export function toPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price,
    interval: row.interval,
    features: row.features,
    maxSessions: row.maxSessions,
    maxPlayersPerSession: row.maxPlayersPerSession,
    stripePriceId: row.stripePriceId,
  };
}

export async function listPlans(db: Queryable): Promise<Plan[]> {
  const rows = await db.select().from(subscriptionPlans).orderBy(asc(subscriptionPlans.sortOrder), asc(subscriptionPlans.id));
  return rows.map(toPlan);
}

// --- Helpers ---

async function loadBillingUser(db: Queryable, userId: string): Promise<BillingUser> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw notFound('User not found');
  return row;
}

/** Provider failures become 503 with a human message (never a stack trace). */
async function viaProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof PaymentProviderError) throw new AppError(503, err.message, { providerError: err.reason });
    throw err;
  }
}

async function rememberCustomer(q: Queryable, user: BillingUser, customerId: string | null): Promise<void> {
  if (customerId && customerId !== user.stripeCustomerId) {
    await q.update(users).set({ stripeCustomerId: customerId }).where(eq(users.id, user.id));
  }
}

async function rememberPrice(q: Queryable, plan: PlanRow, priceId: string | null): Promise<void> {
  if (priceId && !plan.stripePriceId) {
    await q.update(subscriptionPlans).set({ stripePriceId: priceId }).where(eq(subscriptionPlans.id, plan.id));
  }
}

function checkoutUrl(clientSecret: string, mode?: 'credits'): string {
  const params = new URLSearchParams(mode ? { mode, client_secret: clientSecret } : { client_secret: clientSecret });
  return `/checkout?${params.toString()}`;
}

export const ONLY_GAME_MASTERS = 'Only GameMaster accounts can buy a plan';

export const CONTACT_MESSAGE = (plan: string, email: string) =>
  `The ${plan} plan is arranged with our team. Please contact ${email} to subscribe.`;

// --- Subscribing ---

/**
 * POST /api/create-subscription. Game masters only (the router checks the role).
 * Answers { success: true } when the plan is active now (no-payment mode, a plan
 * change, or a first invoice of 0), { requiresPayment: true, checkoutUrl } when a
 * card payment is pending, and { requiresPayment: true } without an address when
 * the provider gave no client secret (the client then says 'Payment Required').
 */
export async function createSubscription(ctx: BillingCtx, user: LimitsUser, planId: number): Promise<PaymentStartOutput> {
  if (user.role !== 'gamemaster') throw forbidden(ONLY_GAME_MASTERS);
  const { db, payments } = ctx;
  const [plan] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, planId)).limit(1);
  if (!plan) throw notFound('Subscription plan not found');
  const existing = await findSubscription(db, user.id);

  if (existing?.subscription.status === 'active' && existing.plan.id === plan.id) {
    throw conflict(`You already have an active ${plan.name} subscription`);
  }
  // An unlimited plan without a Stripe price is sold by our team, not online.
  if (payments.name === 'stripe' && !plan.stripePriceId && plan.maxSessions === null) {
    const message = CONTACT_MESSAGE(plan.name, ctx.config.SUPPORT_EMAIL);
    throw conflict(message, { contactRequired: true, message });
  }

  const billingUser = await loadBillingUser(db, user.id);
  const stamp = ctx.now();

  // Changing plan while active: no new payment flow; the provider prorates.
  if (existing?.subscription.status === 'active') {
    const remoteId = existing.subscription.stripeSubscriptionId;
    if (payments.name === 'stripe' && remoteId) {
      const changed = await viaProvider(() => payments.changePlan({ remoteId, plan }));
      await db.transaction(async (tx) => {
        await rememberPrice(tx, plan, changed.priceId);
        await applyRemote(tx, existing.subscription.id, changed.subscription, plan.id, stamp);
      });
    } else {
      await db.update(subscriptions).set({ planId: plan.id, updatedAt: stamp }).where(eq(subscriptions.id, existing.subscription.id));
    }
    return { success: true, requiresPayment: false, message: `Your plan is now ${plan.name}.` };
  }

  const currentRemoteId =
    existing && existing.subscription.status !== 'canceled' ? existing.subscription.stripeSubscriptionId : null;
  const result = await viaProvider(() => payments.subscribe({ user: billingUser, plan, currentRemoteId, now: stamp }));
  const values = {
    planId: plan.id,
    status: result.subscription.status,
    stripeSubscriptionId: result.subscription.id,
    currentPeriodEnd: result.subscription.currentPeriodEnd,
    cancelAtPeriodEnd: false,
    updatedAt: stamp,
  };
  // What the provider answered lands together: the customer, the price, our subscription row.
  await db.transaction(async (tx) => {
    await rememberCustomer(tx, billingUser, result.customerId);
    await rememberPrice(tx, plan, result.priceId);
    await tx
      .insert(subscriptions)
      .values({ userId: user.id, ...values, createdAt: stamp })
      .onConflictDoUpdate({ target: subscriptions.userId, set: values });
  });

  if (result.subscription.status === 'active') {
    return { success: true, requiresPayment: false, message: `Your ${plan.name} plan is active.` };
  }
  if (result.clientSecret) {
    return { success: false, requiresPayment: true, checkoutUrl: checkoutUrl(result.clientSecret) };
  }
  return { success: false, requiresPayment: true };
}

/** Writes what the provider says about a subscription onto our row (pass a transaction: a read, then a write). */
async function applyRemote(q: Queryable, rowId: number, remote: RemoteSubscription, fallbackPlanId: number | null, stamp: number): Promise<void> {
  const planId = remote.planId ?? fallbackPlanId;
  const [known] = planId
    ? await q.select({ id: subscriptionPlans.id }).from(subscriptionPlans).where(eq(subscriptionPlans.id, planId)).limit(1)
    : [];
  await q
    .update(subscriptions)
    .set({
      status: remote.status,
      currentPeriodEnd: remote.currentPeriodEnd,
      cancelAtPeriodEnd: remote.status === 'active' && remote.cancelAtPeriodEnd,
      updatedAt: stamp,
      ...(known ? { planId: known.id } : {}),
    })
    .where(eq(subscriptions.id, rowId));
}

/** applyRemote in a transaction of its own. */
function applyRemoteNow(db: Db, rowId: number, remote: RemoteSubscription, fallbackPlanId: number | null, stamp: number): Promise<void> {
  return db.transaction((tx) => applyRemote(tx, rowId, remote, fallbackPlanId, stamp));
}

/** Server-side check with the provider: syncs our row of this remote subscription. */
export async function syncSubscription(ctx: BillingCtx, remoteId: string): Promise<void> {
  const [row] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, remoteId)).limit(1);
  if (!row) return; // an old attempt we already replaced, or not ours
  const remote = await ctx.payments.fetchSubscription(remoteId);
  if (!remote) {
    const gone = { id: remoteId, status: 'canceled' as const, currentPeriodEnd: row.currentPeriodEnd, planId: null, cancelAtPeriodEnd: false };
    await applyRemoteNow(ctx.db, row.id, gone, null, ctx.now());
    return;
  }
  await applyRemoteNow(ctx.db, row.id, remote, null, ctx.now());
}

// --- Cancelling (decision 750) ---

export const NO_PLAN_TO_CANCEL = 'You have no active plan to cancel';
export const NO_CANCELLATION_TO_UNDO = 'Your plan is not set to cancel';

/** The caller's active subscription (not yet lapsed), or 409 with `message`. */
async function requireActive(ctx: BillingCtx, user: LimitsUser, message: string) {
  if (user.role !== 'gamemaster') throw forbidden('Only GameMaster accounts have a plan');
  await lapseCancelledPlan(ctx, user.id);
  const found = await findSubscription(ctx.db, user.id);
  if (found?.subscription.status !== 'active') throw conflict(message);
  return found;
}

/**
 * A plan without a payment provider that was cancelled ends by itself when its period
 * does (Stripe ends its own and tells us by webhook). Idempotent.
 */
export async function lapseCancelledPlan(ctx: Pick<BillingCtx, 'db' | 'now'>, userId: string): Promise<void> {
  const found = await findSubscription(ctx.db, userId);
  const sub = found?.subscription;
  if (sub?.status !== 'active' || sub.stripeSubscriptionId || !hasLapsed(sub, ctx.now())) return;
  await ctx.db
    .update(subscriptions)
    .set({ status: 'canceled', cancelAtPeriodEnd: false, updatedAt: ctx.now() })
    .where(eq(subscriptions.id, sub.id));
}

/**
 * POST /api/user/subscription/cancel: the plan stays active until the end of the
 * current weekly period, then ends (no renewal, no refund). Cancelling twice
 * changes nothing.
 */
export async function cancelSubscription(ctx: BillingCtx, user: LimitsUser): Promise<UserSubscription> {
  const { subscription: sub } = await requireActive(ctx, user, NO_PLAN_TO_CANCEL);
  if (!sub.cancelAtPeriodEnd) {
    const stamp = ctx.now();
    const remoteId = sub.stripeSubscriptionId;
    if (remoteId && ctx.payments.name === 'stripe') {
      const remote = await viaProvider(() => ctx.payments.setCancelAtPeriodEnd({ remoteId, cancel: true }));
      await applyRemoteNow(ctx.db, sub.id, remote, null, stamp);
    } else {
      const periodEnd = sub.currentPeriodEnd !== null && sub.currentPeriodEnd > stamp ? sub.currentPeriodEnd : weeklyPeriodEnd(sub.createdAt, stamp);
      await ctx.db
        .update(subscriptions)
        .set({ cancelAtPeriodEnd: true, currentPeriodEnd: periodEnd, updatedAt: stamp })
        .where(eq(subscriptions.id, sub.id));
    }
  }
  return getUserSubscription(ctx, user);
}

/** POST /api/user/subscription/resume: 'Keep my plan' before the period ends; it renews again. */
export async function resumeSubscription(ctx: BillingCtx, user: LimitsUser): Promise<UserSubscription> {
  const { subscription: sub } = await requireActive(ctx, user, NO_CANCELLATION_TO_UNDO);
  if (!sub.cancelAtPeriodEnd) throw conflict(NO_CANCELLATION_TO_UNDO);
  const stamp = ctx.now();
  const remoteId = sub.stripeSubscriptionId;
  if (remoteId && ctx.payments.name === 'stripe') {
    const remote = await viaProvider(() => ctx.payments.setCancelAtPeriodEnd({ remoteId, cancel: false }));
    await applyRemoteNow(ctx.db, sub.id, remote, null, stamp);
  } else {
    // Without a provider nothing renews: the plan simply stays (no period is kept).
    await ctx.db
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: false, currentPeriodEnd: null, updatedAt: stamp })
      .where(eq(subscriptions.id, sub.id));
  }
  return getUserSubscription(ctx, user);
}

// --- Session credits ---

/**
 * Marks a purchase paid and adds its credits, once. Returns whether credits were added now.
 * The guarded update is the check: of two grants racing (a webhook and a status read), only the
 * one whose update changed the row adds credits, on either database.
 */
export function grantCreditPurchase(db: Db, purchaseId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [purchase] = await tx.select().from(creditPurchases).where(eq(creditPurchases.id, purchaseId)).limit(1);
    if (!purchase) return false;
    const changed = await tx
      .update(creditPurchases)
      .set({ status: 'paid' })
      .where(and(eq(creditPurchases.id, purchaseId), ne(creditPurchases.status, 'paid')))
      .returning({ id: creditPurchases.id });
    if (changed.length === 0) return false;
    await tx
      .update(users)
      .set({ sessionCredits: plus(users.sessionCredits, purchase.credits) })
      .where(eq(users.id, purchase.userId));
    return true;
  });
}

/** POST /api/create-credit-purchase: one bundle of session credits (subscribers only). */
export async function createCreditPurchase(ctx: BillingCtx, user: LimitsUser): Promise<PaymentStartOutput> {
  if (user.role !== 'gamemaster') throw forbidden('Only game masters can buy session credits');
  await requireSubscription(ctx, user);
  const { db, payments } = ctx;
  const billingUser = await loadBillingUser(db, user.id);
  const [purchase] = await db
    .insert(creditPurchases)
    .values({
      userId: user.id,
      credits: CREDIT_BUNDLE_CREDITS,
      amountCents: CREDIT_BUNDLE_PRICE_CENTS,
      status: 'pending',
      createdAt: ctx.now(),
    })
    .returning({ id: creditPurchases.id });
  let result: Awaited<ReturnType<typeof payments.charge>>;
  try {
    result = await viaProvider(() =>
      payments.charge({
        user: billingUser,
        amountCents: CREDIT_BUNDLE_PRICE_CENTS,
        currency: BILLING_CURRENCY,
        description: `Dinohunt: ${CREDIT_BUNDLE_CREDITS} session credits`,
        metadata: { kind: 'credits', userId: user.id, purchaseId: String(purchase!.id), credits: String(CREDIT_BUNDLE_CREDITS) },
      }),
    );
  } catch (err) {
    await db.update(creditPurchases).set({ status: 'failed' }).where(eq(creditPurchases.id, purchase!.id));
    throw err;
  }
  await rememberCustomer(db, billingUser, result.customerId);
  const added = `${CREDIT_BUNDLE_CREDITS} session credits added.`;
  if (result.status === 'succeeded') {
    await grantCreditPurchase(db, purchase!.id);
    return { success: true, requiresPayment: false, message: added };
  }
  await db.update(creditPurchases).set({ stripePaymentIntentId: result.paymentId }).where(eq(creditPurchases.id, purchase!.id));
  if (result.clientSecret) {
    return { success: false, requiresPayment: true, checkoutUrl: checkoutUrl(result.clientSecret, 'credits') };
  }
  return { success: false, requiresPayment: true };
}

async function settleCreditPayment(ctx: BillingCtx, object: Record<string, unknown>): Promise<void> {
  const metadata = (object.metadata ?? {}) as Record<string, string>;
  if (metadata.kind !== 'credits' || typeof object.id !== 'string') return;
  const [byPayment] = await ctx.db
    .select()
    .from(creditPurchases)
    .where(eq(creditPurchases.stripePaymentIntentId, object.id))
    .limit(1);
  const purchaseId = Number(metadata.purchaseId);
  const [byMetadata] =
    byPayment || !Number.isSafeInteger(purchaseId)
      ? []
      : await ctx.db
          .select()
          .from(creditPurchases)
          .where(and(eq(creditPurchases.id, purchaseId), eq(creditPurchases.userId, metadata.userId ?? '')))
          .limit(1);
  const purchase = byPayment ?? byMetadata;
  if (!purchase) return;
  const received = typeof object.amount_received === 'number' ? object.amount_received : Number(object.amount ?? 0);
  if (received < purchase.amountCents) {
    ctx.log.warn(`Credit payment ${object.id} received ${received}, expected ${purchase.amountCents}: not granted`);
    return;
  }
  await grantCreditPurchase(ctx.db, purchase.id);
}

// --- Webhooks ---

const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
]);
const INVOICE_EVENTS = new Set(['invoice.paid', 'invoice.payment_succeeded', 'invoice.payment_failed']);

function idOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string') return (value as { id: string }).id;
  return null;
}

/** The subscription an invoice belongs to: parent.subscription_details (current API) or subscription (older). */
function invoiceSubscriptionId(invoice: Record<string, unknown>): string | null {
  const parent = invoice.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
  return idOf(parent?.subscription_details?.subscription) ?? idOf(invoice.subscription);
}

/**
 * Handles one verified Stripe event, once: a replayed event id changes nothing.
 * Subscription state is re-read from Stripe (server-side check), so events
 * arriving out of order cannot move a subscription backwards.
 */
export async function handleWebhookEvent(ctx: BillingCtx, event: WebhookEvent): Promise<{ duplicate: boolean }> {
  const [seen] = await ctx.db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id)).limit(1);
  if (seen) return { duplicate: true };

  if (SUBSCRIPTION_EVENTS.has(event.type)) {
    const id = idOf(event.object.id);
    if (id) await syncSubscription(ctx, id);
  } else if (INVOICE_EVENTS.has(event.type)) {
    const id = invoiceSubscriptionId(event.object);
    if (id) await syncSubscription(ctx, id);
  } else if (event.type === 'payment_intent.succeeded') {
    await settleCreditPayment(ctx, event.object);
  } else if (event.type === 'payment_intent.canceled') {
    const id = idOf(event.object.id);
    if (id) {
      await ctx.db
        .update(creditPurchases)
        .set({ status: 'failed' })
        .where(and(eq(creditPurchases.stripePaymentIntentId, id), eq(creditPurchases.status, 'pending')));
    }
  }
  // payment_intent.payment_failed: the customer may retry with another card; nothing to change.

  await ctx.db.insert(stripeEvents).values({ id: event.id, type: event.type, receivedAt: ctx.now() }).onConflictDoNothing();
  return { duplicate: false };
}

// --- Status ---

/** Pending credit payments younger than this are re-checked with the provider on status reads. */
const PENDING_RECHECK_MS = ROLLING_WEEK_MS;
const PENDING_RECHECK_LIMIT = 5;

/** Server-side checks with the provider when our view may lag its webhooks. */
async function refreshFromProvider(ctx: BillingCtx, userId: string): Promise<void> {
  if (ctx.payments.name === 'none') {
    await lapseCancelledPlan(ctx, userId);
    return;
  }
  try {
    const found = await findSubscription(ctx.db, userId);
    const sub = found?.subscription;
    const stale =
      sub?.stripeSubscriptionId &&
      (sub.status === 'incomplete' ||
        sub.status === 'past_due' ||
        (sub.status === 'active' && sub.currentPeriodEnd !== null && sub.currentPeriodEnd < ctx.now()));
    if (sub?.stripeSubscriptionId && stale) await syncSubscription(ctx, sub.stripeSubscriptionId);

    const pending = await ctx.db
      .select()
      .from(creditPurchases)
      .where(
        and(
          eq(creditPurchases.userId, userId),
          eq(creditPurchases.status, 'pending'),
          gt(creditPurchases.createdAt, ctx.now() - PENDING_RECHECK_MS),
        ),
      )
      .limit(PENDING_RECHECK_LIMIT);
    for (const purchase of pending) {
      if (!purchase.stripePaymentIntentId) continue;
      const payment = await ctx.payments.fetchPayment(purchase.stripePaymentIntentId);
      if (payment?.status === 'succeeded' && payment.metadata.kind === 'credits') await grantCreditPurchase(ctx.db, purchase.id);
    }
  } catch (err) {
    ctx.log.warn(`Could not check billing state with the payment provider: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** GET /api/user/subscription. */
export async function getUserSubscription(ctx: BillingCtx, user: LimitsUser): Promise<UserSubscription> {
  await refreshFromProvider(ctx, user.id);
  const found = await findSubscription(ctx.db, user.id);
  const [creditsRow] = await ctx.db.select({ c: users.sessionCredits }).from(users).where(eq(users.id, user.id)).limit(1);
  const credits = creditsRow?.c ?? 0;
  return {
    status: found?.subscription.status ?? 'none',
    plan: found ? toPlan(found.plan) : null,
    currentPeriodEnd: found?.subscription.currentPeriodEnd ? new Date(found.subscription.currentPeriodEnd).toISOString() : null,
    cancelAtPeriodEnd: found?.subscription.status === 'active' && found.subscription.cancelAtPeriodEnd,
    sessionsUsedThisWeek: await sessionsUsedThisWeek(ctx, user.id),
    sessionsAllowed: found?.subscription.status === 'active' ? found.plan.maxSessions : null,
    sessionCredits: credits,
    paymentProvider: ctx.payments.name,
  };
}

export function paymentsConfig(ctx: BillingCtx) {
  return {
    provider: ctx.payments.name,
    publishableKey: ctx.payments.publishableKey,
    creditBundle: { credits: CREDIT_BUNDLE_CREDITS, price: CREDIT_BUNDLE_PRICE, currency: BILLING_CURRENCY },
  };
}
