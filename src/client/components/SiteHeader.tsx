import { Button, Container, Group } from '@mantine/core';
import { Link } from 'react-router';
import { homeForRole } from '../features/auth/destinations';
import { useCurrentUser } from '../features/auth/useCurrentUser';
import { useLogout } from '../features/auth/useLogout';
import { Brand } from './Brand';

export function SiteHeader() {
  const { user } = useCurrentUser();
  const logout = useLogout();
  return (
    <Container component="header" size="lg" py="sm" w="100%">
      <Group justify="space-between" wrap="nowrap" w="100%" gap="xs">
        <Brand compact />
        {user ? (
          <Group gap="xs" wrap="nowrap">
            <Button
              component={Link}
              to={homeForRole(user.role)}
              variant="light"
              size="xs"
              maw={{ base: 110, sm: 220 }}
              styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis', display: 'block' } }}
            >
              {user.isGuest ? user.firstName : (user.username ?? 'Account')}
            </Button>
            <Button onClick={() => void logout()} variant="subtle" size="xs">
              Logout
            </Button>
          </Group>
        ) : (
          <Group gap="xs" wrap="nowrap">
            <Button component={Link} to="/login" variant="subtle" size="xs">
              Sign In
            </Button>
            <Button component={Link} to="/register" size="xs">
              Get Started
            </Button>
          </Group>
        )}
      </Group>
    </Container>
  );
}
