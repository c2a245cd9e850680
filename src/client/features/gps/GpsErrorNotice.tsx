// The spec's GPS errors as an in-page panel (the toast goes away; this stays
// until GPS works): title, what to do, and Retry. After a signal or timeout
// failure a watch keeps listening, so the panel says so and clears itself.
// Docked (the Hunter Terminal, above its tab bar) it is a compact strip: the
// title and Retry on one row, the instruction in one short sentence, so the
// content above keeps the room (decision 913); the toast of the same error
// carries the full sentence.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconMapPinOff, IconRefresh } from '@tabler/icons-react';
import type { Gps } from './useGps';

type Props = { gps: Pick<Gps, 'status' | 'error' | 'retry'>; docked?: boolean };

const STILL_LISTENING = 'Still listening for a signal: this clears itself when one arrives.';

function RetryButton({ gps, size }: { gps: Props['gps']; size: 'md' | 'lg' }) {
  return (
    <Button
      onClick={gps.retry}
      size={size}
      mih={48}
      color="red.8"
      leftSection={<IconRefresh size={20} aria-hidden />}
      style={{ alignSelf: 'flex-start', flexShrink: 0 }}
    >
      Retry
    </Button>
  );
}

export function GpsErrorNotice({ gps, docked = false }: Props) {
  const { error, status } = gps;
  if (error === null) return null;
  const canRetry = error.kind !== 'unsupported';
  if (docked) {
    // No side icon: on a 360 px phone the title and Retry then share one row, the sentence the full width.
    return (
      <Alert
        color="red"
        variant="light"
        radius="md"
        py="xs"
        role="alert"
        data-testid="gps-error"
        styles={{ message: { color: 'var(--mantine-color-dark-9)' } }}
      >
        <Group justify="space-between" align="center" wrap="nowrap" gap="xs">
          <Group gap={6} wrap="nowrap">
            <IconMapPinOff size={20} aria-hidden color="var(--mantine-color-red-8)" style={{ flexShrink: 0 }} />
            <Text fw={700} size="md" c="red.9" lh={1.25}>
              {error.title}
            </Text>
          </Group>
          {canRetry && <RetryButton gps={gps} size="md" />}
        </Group>
        <Text size="sm" mt={4}>
          {error.short}
        </Text>
        {status === 'error' && <Text size="xs">{STILL_LISTENING}</Text>}
      </Alert>
    );
  }
  return (
    <Alert
      color="red"
      variant="light"
      radius="md"
      title={error.title}
      icon={<IconMapPinOff aria-hidden />}
      role="alert"
      data-testid="gps-error"
      styles={{ title: { fontSize: 'var(--mantine-font-size-lg)' }, message: { color: 'var(--mantine-color-dark-9)' } }}
    >
      <Stack gap="sm">
        <Text size="md">{error.message}</Text>
        {status === 'error' && <Text size="sm">{STILL_LISTENING}</Text>}
        {canRetry && <RetryButton gps={gps} size="lg" />}
      </Stack>
    </Alert>
  );
}
