// Tells a player when the screen is not live, on every live screen (terminal, HQ,
// Field Operations): offline (the device has no network: what is shown is what
// the screen had, messages wait and go when the network is back, the timer may be
// out of date), reconnecting (the live stream dropped: the screen polls at the
// spec's intervals meanwhile), and 'Back online' for a few seconds after.
import { Group, Loader, Paper, Text } from '@mantine/core';
import { IconCloudCheck, IconWifiOff } from '@tabler/icons-react';
import { type ConnectionState, useConnectionState } from './useConnectionState';

const LOOK: Record<Exclude<ConnectionState, 'online'>, { bg: string; c: string }> = {
  offline: { bg: 'dark.7', c: 'white' },
  reconnecting: { bg: 'yellow.3', c: 'dark.9' },
  back: { bg: 'green.9', c: 'white' },
};

export function ConnectionBanner() {
  const state = useConnectionState();
  // One live region, always present, so screen readers announce each change (also 'Back online').
  return (
    <div role="status" aria-live="polite" data-testid="connection-status" data-state={state}>
      {state !== 'online' && (
        <Paper data-testid="connection-banner" radius={0} px="md" py={6} bg={LOOK[state].bg} c={LOOK[state].c}>
          <Group gap="xs" justify="center" wrap="nowrap">
            {state === 'back' ? (
              <IconCloudCheck size={18} aria-hidden style={{ flexShrink: 0 }} />
            ) : (
              <IconWifiOff size={18} aria-hidden style={{ flexShrink: 0 }} />
            )}
            {state === 'offline' && (
              <Text size="sm" fw={700} lh={1.3}>
                Offline — showing what you had. Messages send when you're back; time may be out of date.
              </Text>
            )}
            {state === 'reconnecting' && (
              <>
                <Text size="sm" fw={700}>
                  Connection lost. Reconnecting…
                </Text>
                <Text size="sm" visibleFrom="xs">
                  Updates may be a few seconds late.
                </Text>
                <Loader size={14} color="dark" />
              </>
            )}
            {state === 'back' && (
              <Text size="sm" fw={700}>
                Back online — up to date again.
              </Text>
            )}
          </Group>
        </Paper>
      )}
    </div>
  );
}
