import { Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AccountLink } from '../features/account/AccountLink';
import { homeForUser } from '../features/auth/destinations';
import { useCurrentUser } from '../features/auth/useCurrentUser';
import { useLogout } from '../features/auth/useLogout';
import { SignedOutActions } from './SignedOutActions';

/** The header's right side: the signed-in user and Logout, or Sign In and Get Started. */
export function AccountActions({ onDark = false }: { onDark?: boolean }) {
  const { user } = useCurrentUser();
  const logout = useLogout();
  if (user) {
    const name = user.isGuest ? user.firstName : (user.username ?? 'Account');
    return (
      <Group gap="xs" wrap="nowrap">
        <Button
          component={Link}
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
        {!user.isGuest && !onDark && <AccountLink />}
        <Button onClick={() => void logout()} variant={onDark ? 'outline' : 'subtle'} color={onDark ? 'gray.0' : undefined} size="xs">
          Logout
        </Button>
      </Group>
    );
  }
  return <SignedOutActions onDark={onDark} />;
}
