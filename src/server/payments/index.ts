import { type Config, paymentsConfigured } from '../config';
import { createNoPaymentProvider } from './none';
import type { PaymentProvider } from './provider';
import { createStripeProvider } from './stripe';

export type { PaymentProvider } from './provider';

/** Stripe when STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET are all set; otherwise no payment. */
export function createPaymentProvider(config: Config, log?: { warn(msg: string): void }): PaymentProvider {
  if (!paymentsConfigured(config)) return createNoPaymentProvider();
  return createStripeProvider({
    secretKey: config.STRIPE_SECRET_KEY!,
    publishableKey: config.STRIPE_PUBLISHABLE_KEY!,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
    apiBase: config.STRIPE_API_BASE,
  }, log);
}
