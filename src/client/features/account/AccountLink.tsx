// The way to the account page from a screen's header (accounts only: guests have none).
import { ActionIcon } from '@mantine/core';
import { IconUserShield } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LazyTooltip } from '../../components/LazyTooltip';
import { ACCOUNT_PATH, AccountButton } from './AccountButton';

export { ACCOUNT_PATH };

export function AccountLink({ compact = false, onDark = false }: { compact?: boolean; onDark?: boolean }) {
  if (compact) {
    return (
      <LazyTooltip label="Account">
        <ActionIcon component={Link} to={ACCOUNT_PATH} size={44} variant="subtle" color={onDark ? 'gray.0' : undefined} aria-label="Account">
          <IconUserShield size={24} />
        </ActionIcon>
      </LazyTooltip>
    );
  }
  return <AccountButton />;
}
