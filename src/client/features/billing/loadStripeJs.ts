// Stripe.js is loaded only here, on /checkout, and only when Stripe is the
// configured provider. A failed or slow load becomes a clear error instead of a
// page that waits forever.
import type { Stripe } from '@stripe/stripe-js';
import { STRIPE_JS_LOAD_TIMEOUT_MS } from '../../../domain/rules';

export class PaymentProviderUnreachable extends Error {}

export async function loadStripeJs(publishableKey: string, timeoutMs = STRIPE_JS_LOAD_TIMEOUT_MS): Promise<Stripe> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PaymentProviderUnreachable('Timed out loading Stripe.js')), timeoutMs);
  });
  try {
    const { loadStripe } = await import('@stripe/stripe-js/pure');
    const stripe = await Promise.race([loadStripe(publishableKey), timeout]);
    if (!stripe) throw new PaymentProviderUnreachable('Stripe.js is not available');
    return stripe;
  } catch (err) {
    throw err instanceof PaymentProviderUnreachable ? err : new PaymentProviderUnreachable(String(err));
  } finally {
    clearTimeout(timer);
  }
}
