import { lazy, Suspense } from 'react';
import { SignedOutActions } from './SignedOutActions';

const AccountActionsWithData = lazy(() =>
  import('./AccountActionsWithData').then((m) => ({ default: m.AccountActionsWithData })),
);

/**
 * The landing page's account buttons. The page is drawn without the tRPC and Query clients; they
 * load right after it, and a signed-in visitor's name and Logout replace Sign In, as they did
 * before once the sign-in status arrived.
 */
export function LandingAccountActions() {
  return (
    <Suspense fallback={<SignedOutActions onDark />}>
      <AccountActionsWithData onDark />
    </Suspense>
  );
}
