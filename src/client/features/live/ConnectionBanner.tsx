// Tells a player when live updates are interrupted: the screen then polls at the
// spec's intervals, so it stays usable, but slower.
import { Group, Loader, Paper, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useLiveConnection } from './useLiveConnection';

export function ConnectionBanner() {
  const connection = useLiveConnection();
  if (connection !== 'reconnecting') return null;
  return (
    <Paper role="status" aria-live="polite" data-testid="connection-banner" radius={0} px="md" py={6} bg="yellow.3" c="dark.9">
      <Group gap="xs" justify="center" wrap="nowrap">
        <IconWifiOff size={18} aria-hidden />
        <Text size="sm" fw={700}>
          Connection lost. Reconnecting…
        </Text>
        <Text size="sm" visibleFrom="xs">
          Updates may be a few seconds late.
        </Text>
        <Loader size={14} color="dark" />
      </Group>
    </Paper>
  );
}
