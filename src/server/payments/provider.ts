// The payment seam. Billing (services/billing.ts) keeps every database change;
// a provider only talks to the outside payment service. Two implementations:
// Stripe (stripe.ts) and the embedded no-payment default (none.ts).
import type { PlanRow } from '../db/schema';

export type ProviderName = 'stripe' | 'none';
export type LocalStatus = 'active' | 'incomplete' | 'past_due' | 'canceled';

export type BillingUser = {
  id: string;
  email: string | null;
  username: string | null;
  firstName: string;
  lastName: string;
  stripeCustomerId: string | null;
};

/** A subscription as the provider sees it, mapped to our four statuses. */
export type RemoteSubscription = {
  /** Null for the no-payment provider. */
  id: string | null;
  status: LocalStatus;
  /** ms since epoch; null when the provider has no period (no-payment mode). */
  currentPeriodEnd: number | null;
  /** Our plan id, from the provider's metadata, when known. */
  planId: number | null;
  /** Cancelled by the game master: it ends at currentPeriodEnd instead of renewing. */
  cancelAtPeriodEnd: boolean;
};

export type SubscribeResult = {
  customerId: string | null;
  /** The provider price used, to remember on the plan (Stripe creates one when missing). */
  priceId: string | null;
  subscription: RemoteSubscription;
  /** Client secret of the first payment; null when no payment is pending. */
  clientSecret: string | null;
};

export type ChargeResult = {
  customerId: string | null;
  paymentId: string | null;
  /** 'succeeded' at once without a provider; 'pending' until the card payment is confirmed. */
  status: 'succeeded' | 'pending';
  clientSecret: string | null;
};

export type RemotePayment = { id: string; status: 'succeeded' | 'pending' | 'failed'; metadata: Record<string, string> };

/** A verified webhook event: its id, type and data.object. */
export type WebhookEvent = { id: string; type: string; object: Record<string, unknown> };

export interface PaymentProvider {
  readonly name: ProviderName;
  readonly publishableKey: string | null;
  /** Starts a weekly subscription to the plan (replacing `current` on the provider when given). */
  subscribe(req: { user: BillingUser; plan: PlanRow; currentRemoteId: string | null; now: number }): Promise<SubscribeResult>;
  /** Moves an active subscription to another plan. */
  changePlan(req: { remoteId: string; plan: PlanRow }): Promise<{ priceId: string | null; subscription: RemoteSubscription }>;
  /** Cancels a subscription at the end of its period (cancel true) or undoes that before it ends (false). */
  setCancelAtPeriodEnd(req: { remoteId: string; cancel: boolean }): Promise<RemoteSubscription>;
  /** A one-time payment (session credits). */
  charge(req: { user: BillingUser; amountCents: number; currency: string; description: string; metadata: Record<string, string> }): Promise<ChargeResult>;
  /** Server-side check of a subscription with the provider; null when unknown. */
  fetchSubscription(remoteId: string): Promise<RemoteSubscription | null>;
  fetchPayment(paymentId: string): Promise<RemotePayment | null>;
  /** Verifies the signature of a webhook's raw body; throws when it does not verify. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): WebhookEvent;
}

/** The provider could not be reached or refused a request: answered 503 with this message. */
/** A correctly signed webhook whose body is not a Stripe event. */
export class MalformedWebhookEvent extends Error {
  constructor() {
    super('Malformed event');
  }
}

export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly reason: 'unreachable' | 'refused',
  ) {
    super(message);
  }
}
