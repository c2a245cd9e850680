// Performance (spec, section 2): accuracy %, distance in km with its bar full at
// 5 km, reports submitted and unique species found, from the hunter's stats.
import { Alert, Loader, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { DISTANCE_BAR_FULL_KM } from '../../../domain/rules';
import { errorMessage } from '../../lib/errors';
import type { HunterStats } from '../hunt/types';
import { Panel } from './Panel';

const METRES_PER_KM = 1000;

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fw={800} size="xl" data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

export function PerformancePanel({ stats, isLoading, error }: { stats: HunterStats | undefined; isLoading: boolean; error: unknown }) {
  const km = (stats?.distanceTraveled ?? 0) / METRES_PER_KM;
  const barPercent = Math.min(100, (km / DISTANCE_BAR_FULL_KM) * 100);
  return (
    <Panel title="Performance" area="perf" testId="performance">
      {isLoading ? (
        <Loader size="sm" role="status" aria-label="Loading your statistics" />
      ) : error && !stats ? (
        <Alert color="red" title="Statistics unavailable">
          {errorMessage(error, 'Could not load your statistics')}
        </Alert>
      ) : (
        <Stack gap="sm">
          <SimpleGrid cols={2} spacing="xs">
            <Figure label="Accuracy" value={`${Math.round(stats?.accuracy ?? 0)}%`} testId="perf-accuracy" />
            <Figure label="Distance" value={`${km.toFixed(2)} km`} testId="perf-distance" />
            <Figure label="Reports submitted" value={String(stats?.reportsSubmitted ?? 0)} testId="perf-reports" />
            <Figure label="Unique species" value={String(stats?.uniqueSpeciesFound ?? 0)} testId="perf-species" />
          </SimpleGrid>
          <Progress
            value={barPercent}
            size="lg"
            color="jungle.9"
            aria-label={`Distance: ${km.toFixed(2)} of ${DISTANCE_BAR_FULL_KM} km`}
          />
        </Stack>
      )}
    </Panel>
  );
}
