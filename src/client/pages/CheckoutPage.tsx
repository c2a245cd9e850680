import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PageShell } from '../components/PageShell';
import { BuyCreditsCard } from '../features/billing/BuyCreditsCard';
import { CheckoutPanel } from '../features/billing/CheckoutPanel';
import { InvalidPaymentSession } from '../features/billing/InvalidPaymentSession';

/** /checkout?client_secret=... (subscription), ?mode=credits[&client_secret=...] (session credits). */
export function CheckoutPage() {
  const [params] = useSearchParams();
  const clientSecret = params.get('client_secret');
  const mode = params.get('mode') === 'credits' ? 'credits' : 'subscription';
  let content: ReactNode;
  if (clientSecret) content = <CheckoutPanel clientSecret={clientSecret} mode={mode} />;
  else if (mode === 'credits') content = <BuyCreditsCard />;
  else content = <InvalidPaymentSession />;
  return <PageShell>{content}</PageShell>;
}
