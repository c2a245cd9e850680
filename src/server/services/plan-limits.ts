// Plan limits, enforced by the server. The sessions service calls these when a
// game master creates a session; the billing status endpoint reports the same
// figures. Admins bypass every limit.
//
// Contract for callers (sessions):
//   assertCanCreateSession(ctx, user)   throws 403 'Subscription Required' without an
//                                       active subscription, 409 when the weekly
//                                       allowance (plan + credits) is used up.
//   consumeSessionAllowance(ctx, user)  the same check, and when the plan's weekly
//                                       allowance is used up it takes one session
//                                       credit. Call it with the transaction that
//                                       inserts the session, after
//                                       lockFor(tx, 'gamemaster', user.id) (two
//                                       clicks cannot both pass the cap).
//   capMaxPlayers(ctx, user, requested) the requested maxPlayers clamped to the plan's
//                                       maxPlayersPerSession.
//   maxPlayersAllowed(ctx, user)        the plan's cap, or null (no cap: admins).
import { and, count, eq, gt } from 'drizzle-orm';
import { hasLapsed } from '../../domain/billing-period';
import { ROLLING_WEEK_MS } from '../../domain/rules';
import type { Queryable } from '../db/client';
import { gameSessions, type PlanRow, subscriptionPlans, subscriptions, users } from '../db/schema';
import { minus } from '../db/expressions';
import { AppError, forbidden } from '../errors';

/** `db` may be the caller's transaction (createSession checks and consumes inside its own). */
export type LimitsCtx = { db: Queryable; now: () => number };
export type LimitsUser = { id: string; role: 'gamemaster' | 'hunter' | 'admin' };

export const SUBSCRIPTION_REQUIRED = 'Subscription Required';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The caller's subscription row and its plan, whatever the status; null when none. */
export async function findSubscription(db: Queryable, userId: string): Promise<{ subscription: SubscriptionRow; plan: PlanRow } | null> {
  // Every game-master request checks the subscription (gameMasterProcedure): the data layer keeps its statement.
  const [row] = await db
    .select({ subscription: subscriptions, plan: subscriptionPlans })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(eq(subscriptions.userId, userId))
    .limit(1);
  return row ?? null;
}

/**
 * The plan of an active subscription, or null. "Active" is the status Stripe's
 * webhooks (or the no-payment provider) last set; Stripe itself moves a
 * subscription to past_due or canceled when a renewal fails, and tells us.
 */
export async function activePlan(db: Queryable, userId: string, now: number = Date.now()): Promise<PlanRow | null> {
  const found = await findSubscription(db, userId);
  // A cancelled plan ends with its period, even before the provider (or the status read) says so.
  return found && found.subscription.status === 'active' && !hasLapsed(found.subscription, now) ? found.plan : null;
}

export async function hasActiveSubscription(db: Queryable, userId: string, now?: number): Promise<boolean> {
  return (await activePlan(db, userId, now)) !== null;
}

/** Throws 403 'Subscription Required' unless the user is an admin or has an active subscription. */
export async function assertSubscribed(ctx: LimitsCtx, user: LimitsUser): Promise<PlanRow | null> {
  if (user.role === 'admin') return null;
  const plan = user.role === 'gamemaster' ? await activePlan(ctx.db, user.id, ctx.now()) : null;
  if (!plan) throw new AppError(403, SUBSCRIPTION_REQUIRED, { subscriptionRequired: true });
  return plan;
}

/** Sessions the user created in the rolling week ending now. */
export async function sessionsUsedThisWeek(ctx: LimitsCtx, userId: string): Promise<number> {
  const since = ctx.now() - ROLLING_WEEK_MS;
  const [row] = await ctx.db
    .select({ n: count() })
    .from(gameSessions)
    .where(and(eq(gameSessions.ownerId, userId), gt(gameSessions.createdAt, since)));
  return row?.n ?? 0;
}

export async function sessionCredits(db: Queryable, userId: string): Promise<number> {
  const [row] = await db.select({ c: users.sessionCredits }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.c ?? 0;
}

export type Allowance = {
  /** Sessions created in the last 7 days. */
  used: number;
  /** The plan's weekly allowance; null = unlimited. */
  allowed: number | null;
  credits: number;
  /** True when the next session needs a credit (plan allowance used up). */
  needsCredit: boolean;
  /** True when another session may be created now. */
  canCreate: boolean;
};

export async function weeklyAllowance(ctx: LimitsCtx, userId: string, plan: PlanRow): Promise<Allowance> {
  const used = await sessionsUsedThisWeek(ctx, userId);
  const credits = await sessionCredits(ctx.db, userId);
  const allowed = plan.maxSessions;
  const needsCredit = allowed !== null && used >= allowed;
  return { used, allowed, credits, needsCredit, canCreate: !needsCredit || credits > 0 };
}

function limitReached(plan: PlanRow, a: Allowance): AppError {
  return new AppError(
    409,
    `Weekly session limit reached: your ${plan.name} plan allows ${a.allowed} sessions per week and you have no session credits left. Buy credits or upgrade your plan.`,
    { limitReached: true, sessionsUsed: a.used, sessionsAllowed: a.allowed, sessionCredits: a.credits },
  );
}

/** Throws unless the user may create one more session now. Changes nothing. */
export async function assertCanCreateSession(ctx: LimitsCtx, user: LimitsUser): Promise<void> {
  const plan = await assertSubscribed(ctx, user);
  if (!plan) return;
  const a = await weeklyAllowance(ctx, user.id, plan);
  if (!a.canCreate) throw limitReached(plan, a);
}

/**
 * Checks as assertCanCreateSession and, when the plan's weekly allowance is used
 * up, takes one session credit (atomically). Call right before inserting the
 * session. Returns whether a credit was used.
 */
export async function consumeSessionAllowance(ctx: LimitsCtx, user: LimitsUser): Promise<{ usedCredit: boolean }> {
  const plan = await assertSubscribed(ctx, user);
  if (!plan) return { usedCredit: false };
  const a = await weeklyAllowance(ctx, user.id, plan);
  if (!a.needsCredit) return { usedCredit: false };
  const taken = await ctx.db
    .update(users)
    .set({ sessionCredits: minus(users.sessionCredits, 1) })
    .where(and(eq(users.id, user.id), gt(users.sessionCredits, 0)))
    .returning({ id: users.id });
  if (taken.length === 0) throw limitReached(plan, { ...a, credits: 0 });
  return { usedCredit: true };
}

/** Same as consumeSessionAllowance (the name used in the notes). */
export const consumeSessionCredit = consumeSessionAllowance;

/** The plan's players-per-session cap; null when there is none (admins). Throws 403 without a subscription. */
export async function maxPlayersAllowed(ctx: LimitsCtx, user: LimitsUser): Promise<number | null> {
  const plan = await assertSubscribed(ctx, user);
  return plan ? plan.maxPlayersPerSession : null;
}

/** The requested maxPlayers, clamped to the plan's players-per-session cap. */
export async function capMaxPlayers(ctx: LimitsCtx, user: LimitsUser, requested: number): Promise<number> {
  const cap = await maxPlayersAllowed(ctx, user);
  return cap === null ? requested : Math.min(requested, cap);
}

/** Refuses (403) a game-master action for a user without an active subscription (admins pass). */
export async function requireSubscription(ctx: LimitsCtx, user: LimitsUser): Promise<void> {
  if (user.role === 'admin') return;
  if (user.role !== 'gamemaster') throw forbidden('You do not have permission to do this');
  await assertSubscribed(ctx, user);
}
