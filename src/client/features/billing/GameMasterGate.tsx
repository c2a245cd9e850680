// Wrap the game master screen in this: it runs the spec's guard and renders the
// screen only for signed-in admins and game masters with an active subscription.
import { Center, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { type GuardState, useGameMasterGuard } from './useGameMasterGuard';

const WAITING_TEXT: Record<Exclude<GuardState, 'allowed'>, string> = {
  checking: 'Checking your access…',
  'confirming-payment': 'Confirming your payment…',
  denied: 'Redirecting…',
  'wrong-role': 'Taking you to the hunter dashboard…',
};

export function GameMasterGate({ children }: { children: ReactNode }) {
  const state = useGameMasterGuard();
  if (state === 'allowed') return <>{children}</>;
  return (
    <Center mih="60dvh" px="md">
      <Stack align="center" gap="xs">
        <Loader />
        <Text c="dimmed" size="sm">
          {WAITING_TEXT[state]}
        </Text>
      </Stack>
    </Center>
  );
}
