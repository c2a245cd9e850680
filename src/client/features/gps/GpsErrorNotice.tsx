// The spec's GPS errors as an in-page panel (the toast goes away; this stays
// until GPS works): title, what to do, and Retry. After a signal or timeout
// failure a watch keeps listening, so the panel says so and clears itself.
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconMapPinOff, IconRefresh } from '@tabler/icons-react';
import type { Gps } from './useGps';

type Props = { gps: Pick<Gps, 'status' | 'error' | 'retry'> };

export function GpsErrorNotice({ gps }: Props) {
  const { error, status } = gps;
  if (error === null) return null;
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
        {status === 'error' && <Text size="sm">Still listening for a signal: this clears itself when one arrives.</Text>}
        {error.kind !== 'unsupported' && (
          <Button
            onClick={gps.retry}
            size="lg"
            mih={48}
            color="red.8"
            leftSection={<IconRefresh size={20} aria-hidden />}
            style={{ alignSelf: 'flex-start' }}
          >
            Retry
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
