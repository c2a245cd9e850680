import { Button, Group } from '@mantine/core';
import { AppLink } from './AppLink';

/** Sign In and Get Started: the header's right side for a visitor. */
export function SignedOutActions({ onDark = false }: { onDark?: boolean }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button component={AppLink} to="/login" variant={onDark ? 'white' : 'subtle'} color={onDark ? 'dark' : undefined} size="xs">
        Sign In
      </Button>
      {!onDark && (
        <Button component={AppLink} to="/register" size="xs">
          Get Started
        </Button>
      )}
    </Group>
  );
}
