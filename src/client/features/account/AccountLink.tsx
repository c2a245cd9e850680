// The way to the account page from a screen's header (accounts only: guests have none).
import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconUserShield } from '@tabler/icons-react';
import { Link } from 'react-router';

export const ACCOUNT_PATH = '/account';

export function AccountLink({ compact = false, onDark = false }: { compact?: boolean; onDark?: boolean }) {
  if (compact) {
    return (
      <Tooltip label="Account">
        <ActionIcon component={Link} to={ACCOUNT_PATH} size={44} variant="subtle" color={onDark ? 'gray.0' : undefined} aria-label="Account">
          <IconUserShield size={24} />
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Button component={Link} to={ACCOUNT_PATH} variant="default" size="xs" leftSection={<IconUserShield size={14} aria-hidden />}>
      Account
    </Button>
  );
}
