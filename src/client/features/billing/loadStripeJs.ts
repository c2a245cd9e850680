// Stripe.js is loaded only here, on /checkout, and only when Stripe is the
// configured provider. A failed or slow load becomes a clear error instead of a
// page that waits forever, and 'Try again' really tries again.
//
// @stripe/stripe-js injects the <script> once and keeps its promise while the
// load is in flight, so after a timeout it would hand back the same hung
// promise. A retry therefore replaces the old <script> tag with a fresh one (same
// address) and builds the client from window.Stripe once it has loaded.
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { STRIPE_JS_LOAD_TIMEOUT_MS } from '../../../domain/rules';

export class PaymentProviderUnreachable extends Error {}

const STRIPE_ORIGIN = 'https://js.stripe.com';
/** Only used if no earlier tag tells us the address @stripe/stripe-js chose. */
const FALLBACK_SCRIPT_URL = `${STRIPE_ORIGIN}/v3/`;

function stripeScripts(): HTMLScriptElement[] {
  return [...document.querySelectorAll<HTMLScriptElement>(`script[src^="${STRIPE_ORIGIN}/"]`)];
}

/** Removes the tags of earlier attempts and loads Stripe.js from a fresh one. */
function reinjectScript(): Promise<void> {
  const old = stripeScripts();
  const src = old[0]?.src ?? FALLBACK_SCRIPT_URL;
  for (const tag of old) tag.remove();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => resolve(), { once: true });
    script.addEventListener('error', () => reject(new PaymentProviderUnreachable('Failed to load Stripe.js')), {
      once: true,
    });
    document.head.appendChild(script);
  });
}

/** Stripe.js's global once its script has run (read afresh on each call). */
const stripeGlobal = () => window.Stripe;

async function attempt(publishableKey: string, fresh: boolean): Promise<Stripe | null> {
  const loaded = stripeGlobal();
  if (loaded) return loaded(publishableKey);
  if (!fresh) return loadStripe(publishableKey);
  await reinjectScript();
  return stripeGlobal()?.(publishableKey) ?? null;
}

export type LoadStripeOptions = {
  /** True for 'Try again': load Stripe.js from a fresh <script> tag. */
  fresh?: boolean;
  timeoutMs?: number;
};

export async function loadStripeJs(
  publishableKey: string,
  { fresh = false, timeoutMs = STRIPE_JS_LOAD_TIMEOUT_MS }: LoadStripeOptions = {},
): Promise<Stripe> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PaymentProviderUnreachable('Timed out loading Stripe.js')), timeoutMs);
  });
  try {
    const stripe = await Promise.race([attempt(publishableKey, fresh), timeout]);
    if (!stripe) throw new PaymentProviderUnreachable('Stripe.js is not available');
    return stripe;
  } catch (err) {
    throw err instanceof PaymentProviderUnreachable ? err : new PaymentProviderUnreachable(String(err));
  } finally {
    clearTimeout(timer);
  }
}
