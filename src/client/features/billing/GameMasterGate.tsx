// Wrap the game master screen in this: it runs the spec's guard and renders the
// screen only for signed-in admins and game masters with an active subscription.
import { Center, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useGameMasterGuard } from './useGameMasterGuard';

export function GameMasterGate({ children }: { children: ReactNode }) {
  const state = useGameMasterGuard();
  if (state === 'allowed') return <>{children}</>;
  return (
    <Center mih="60dvh" px="md">
      <Stack align="center" gap="xs">
        <Loader />
        <Text c="dimmed" size="sm">
          {state === 'confirming-payment' ? 'Confirming your payment…' : 'Checking your access…'}
        </Text>
      </Stack>
    </Center>
  );
}
