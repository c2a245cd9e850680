import { dataIsland } from './dataIsland';
import { SignedOutActions } from './SignedOutActions';

/**
 * The header's account buttons without holding up the page: Sign In shows at once, and a signed-in
 * visitor's name and Logout replace it when the sign-in status arrives (as before).
 */
export const AccountActionsIsland = dataIsland(
  () => import('./AccountActions'),
  'AccountActions',
  ({ onDark }: { onDark?: boolean }) => <SignedOutActions onDark={onDark} />,
);
