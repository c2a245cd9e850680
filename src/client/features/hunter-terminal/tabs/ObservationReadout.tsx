// The server's verdict on the last dart, darts left and the observation rate:
// the figures a hunter checks after every shot.
import { Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { DEFAULT_DARTS } from '../../../../domain/rules';
import type { HunterStats, ObservationResult } from '../../hunt';
import { chanceNote } from '../../hunt/observeMessages';
import { observationRateLabel } from '../../species/observationRate';

type Props = { last: ObservationResult | null; stats: HunterStats | null; captureRate: number | null | undefined };

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    // A narrow inset: 'Observation' whole in a third of a 320 px phone (issue #46).
    <Paper withBorder py="xs" px={4} ta="center" radius="md">
      <Text fw={800} size="xl" data-testid={testId}>
        {value}
      </Text>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
    </Paper>
  );
}

export function ObservationReadout({ last, stats, captureRate }: Props) {
  // The verdict arrives before the stats refetch: darts only go down and observations only up, so the
  // more advanced of the two figures is the current one.
  const darts = Math.min(last?.dartsRemaining ?? DEFAULT_DARTS, stats?.dartsRemaining ?? DEFAULT_DARTS);
  const observed = Math.max(last?.dinosaursObserved ?? 0, stats?.dinosaursObserved ?? 0);
  const rate = captureRate !== undefined && captureRate !== null ? observationRateLabel(captureRate) : last ? `${last.observationRate}%` : '—';
  return (
    <div>
      {last && (
        <Paper
          p="sm"
          radius="md"
          mb="xs"
          bg={last.success ? 'jungle.9' : 'red.9'}
          c="white"
          role="status"
          data-testid="observation-verdict"
          data-outcome={last.outcome}
        >
          <Group justify="space-between" wrap="nowrap">
            <Text fw={800}>{last.message}</Text>
            <Text size="sm" fw={600} style={{ flexShrink: 0 }}>
              {Math.round(last.distance)} m
            </Text>
          </Group>
          {/* A miss in range is chance, not a mistake (issue #46). */}
          {last.outcome === 'missed' && (
            <Text size="sm" mt={4} data-testid="observation-chance">
              {chanceNote(last.observationRate)}
            </Text>
          )}
        </Paper>
      )}
      <SimpleGrid cols={3} spacing={6}>
        <Figure label={`Darts left of ${DEFAULT_DARTS}`} value={String(darts)} testId="darts-left" />
        <Figure label="Observation rate" value={rate} testId="observation-rate" />
        <Figure label="Observed" value={String(observed)} testId="ar-observed" />
      </SimpleGrid>
    </div>
  );
}
