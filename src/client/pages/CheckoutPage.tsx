import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PageShell } from '../components/PageShell';
import { BuyCreditsCard } from '../features/billing/BuyCreditsCard';
import { CheckoutPanel } from '../features/billing/CheckoutPanel';
import { GameMasterGate } from '../features/billing/GameMasterGate';
import { InvalidPaymentSession } from '../features/billing/InvalidPaymentSession';

/**
 * /checkout?client_secret=... (subscription), ?mode=credits[&client_secret=...] (session credits).
 * Credits sell to subscribed game masters only, so the credits card sits behind
 * the game master screen's guard: nobody is shown a Buy button that can only fail.
 */
export function CheckoutPage() {
  const [params] = useSearchParams();
  const clientSecret = params.get('client_secret');
  const mode = params.get('mode') === 'credits' ? 'credits' : 'subscription';
  let content: ReactNode;
  if (clientSecret) content = <CheckoutPanel clientSecret={clientSecret} mode={mode} />;
  else if (mode === 'credits')
    content = (
      <GameMasterGate>
        <BuyCreditsCard />
      </GameMasterGate>
    );
  else content = <InvalidPaymentSession />;
  return <PageShell>{content}</PageShell>;
}
