import { Alert, Anchor, Group, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCurrentUser } from '../auth/useCurrentUser';
import { ResendConfirmationButton, UNCONFIRMED_LIMITS } from './EmailAddressSection';

/** HQ's reminder (issue #45): an unconfirmed game master is told what waits for the confirmation. */
export function UnconfirmedEmailBanner() {
  const { user } = useCurrentUser();
  if (user?.role !== 'gamemaster' || user.emailVerified) return null;
  return (
    <Alert color="amber" icon={<IconMailExclamation size={18} />} title="Confirm your email address" mb="sm" data-testid="unconfirmed-email" style={{ overflowWrap: 'anywhere' }}>
      <Group justify="space-between" gap="xs">
        <Text size="sm">
          We mailed a link to {user.email}. {UNCONFIRMED_LIMITS}{' '}
          <Anchor component={Link} to="/account" size="sm">
            Change the address
          </Anchor>
        </Text>
        <ResendConfirmationButton />
      </Group>
    </Alert>
  );
}
