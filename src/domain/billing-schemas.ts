// Subscription plans, subscription status and payment answers: the shapes the
// server answers and the client reads. Imports only zod and the rules.
import { z } from 'zod';
import { positiveId } from './decimal';
import { SUBSCRIPTION_STATUSES } from './rules';

export const PlanSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Decimal string, e.g. "19.99". */
  price: z.string(),
  interval: z.string(),
  features: z.array(z.string()),
  /** Sessions per rolling week; null means unlimited. */
  maxSessions: z.number().int().nullable(),
  maxPlayersPerSession: z.number().int(),
  stripePriceId: z.string().nullable(),
});
export type Plan = z.infer<typeof PlanSchema>;

/**
 * What every plan includes: the product's game-master features, none of them
 * plan-gated (plans differ only in their limits). Claim only what exists.
 */
export const PLAN_FEATURES = [
  'Live hunter tracking on the map',
  'Full species catalogue with 3D models',
  'Broadcasts, messages and media to hunters',
  'Missions with briefings, curated by admins',
] as const;

/** The limit lines of a plan's feature list, derived from its limits so they cannot disagree. */
export function planLimitFeatures(maxSessions: number | null, maxPlayersPerSession: number): string[] {
  return [
    maxSessions === null ? 'Unlimited sessions' : `Up to ${maxSessions} sessions per week`,
    `Up to ${maxPlayersPerSession} players per session`,
  ];
}

function fallbackPlan(plan: Omit<Plan, 'features' | 'interval' | 'stripePriceId'>): Plan {
  return {
    ...plan,
    interval: 'week',
    features: [...planLimitFeatures(plan.maxSessions, plan.maxPlayersPerSession), ...PLAN_FEATURES],
    stripePriceId: null,
  };
}

/**
 * The spec's built-in fallback list (accounts spec, section 9), used by the
 * client only when the server's answer is not an array, and seeded into the
 * database. Features are cumulative: each plan has all of the one below.
 */
export const FALLBACK_PLANS: Plan[] = [
  fallbackPlan({
    id: 1,
    name: 'Starter',
    description: 'For small groups and first hunts',
    price: '19.99',
    maxSessions: 5,
    maxPlayersPerSession: 10,
  }),
  fallbackPlan({
    id: 2,
    name: 'Professional',
    description: 'For regular events and schools',
    price: '49.99',
    maxSessions: 15,
    maxPlayersPerSession: 25,
  }),
  fallbackPlan({
    id: 3,
    name: 'Enterprise',
    description: 'For parks, museums and large events',
    price: '399.99',
    maxSessions: null,
    maxPlayersPerSession: 50,
  }),
];

export const CreateSubscriptionInput = z.object({
  planId: positiveId('Please choose a plan'),
});

/** Answer of POST /api/create-subscription and POST /api/create-credit-purchase. */
export const PaymentStartOutput = z.object({
  /** True when the plan (or the credits) is active now, without payment. */
  success: z.boolean(),
  /** True when a card payment must be completed first. */
  requiresPayment: z.boolean(),
  /** Where the browser completes payment: /checkout?client_secret=... (absent without payment). */
  checkoutUrl: z.string().optional(),
  /** Human summary for the notice. */
  message: z.string().optional(),
});
export type PaymentStartOutput = z.infer<typeof PaymentStartOutput>;

export const SubscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

export const UserSubscriptionOutput = z.object({
  status: SubscriptionStatusSchema,
  plan: PlanSchema.nullable(),
  /** ISO time the current weekly period ends, when known. */
  currentPeriodEnd: z.string().nullable(),
  /** Cancelled: the plan ends at currentPeriodEnd instead of renewing ('Cancels on <date>'). */
  cancelAtPeriodEnd: z.boolean(),
  sessionsUsedThisWeek: z.number().int(),
  /** The plan's weekly allowance; null = unlimited (or no plan). */
  sessionsAllowed: z.number().int().nullable(),
  sessionCredits: z.number().int(),
  /** 'none' when no payment provider is configured (plans activate without charge). */
  paymentProvider: z.enum(['stripe', 'none']),
});
export type UserSubscription = z.infer<typeof UserSubscriptionOutput>;

export const PaymentsConfigOutput = z.object({
  provider: z.enum(['stripe', 'none']),
  publishableKey: z.string().nullable(),
  creditBundle: z.object({ credits: z.number().int(), price: z.string(), currency: z.string() }),
});
export type PaymentsConfig = z.infer<typeof PaymentsConfigOutput>;
