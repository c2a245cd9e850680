import { DataProviders } from '../DataProviders';
import { AccountActions } from './AccountActions';

/** AccountActions with its own data providers, for the landing page (which renders without them). */
export function AccountActionsWithData({ onDark = false }: { onDark?: boolean }) {
  return (
    <DataProviders>
      <AccountActions onDark={onDark} />
    </DataProviders>
  );
}
