import { Button, Group, Text } from '@mantine/core';
import { useContext } from 'react';
import { AppLink } from './AppLink';
import { AccountButton } from '../features/account/AccountButton';
import { AppNavigate } from './AppLink';
import { homeForUser } from '../features/auth/destinations';
import { logOutAndLeave, useSignInStatus } from '../features/auth/signInStatus';
import { SignedOutActions } from './SignedOutActions';

/**
 * The header's right side: the signed-in user and Logout, or Sign In and Get Started. Sign In shows
 * at once (and in the prerendered HTML); a signed-in visitor's name and Logout replace it when the
 * sign-in status arrives. A plain GET, so no page needs the API clients for its header (decision 803).
 */
export function AccountActions({ onDark = false }: { onDark?: boolean }) {
  const user = useSignInStatus();
  const goHome = useContext(AppNavigate);
  if (user) {
    const name = user.isGuest ? user.firstName : (user.username ?? 'Account');
    return (
      <Group gap="xs" wrap="nowrap">
        <Button
          component={AppLink}
          to={homeForUser(user)}
          variant={onDark ? 'white' : 'light'}
          color={onDark ? 'dark' : undefined}
          size="xs"
          maw={{ base: 120, sm: 240 }}
          aria-label={name}
        >
          <Text span inherit truncate="end">
            {name}
          </Text>
        </Button>
        {!user.isGuest && !onDark && <AccountButton />}
        <Button onClick={() => void logOutAndLeave(goHome)} variant={onDark ? 'outline' : 'subtle'} color={onDark ? 'gray.0' : undefined} size="xs">
          Logout
        </Button>
      </Group>
    );
  }
  return <SignedOutActions onDark={onDark} />;
}
