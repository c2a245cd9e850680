// The scan's hits, nearest first: species, distance (with the GPS accuracy when
// it is larger than the distance), 8-point direction and bearing, signal bar,
// and 'IMMEDIATE THREAT' at 25 m or less. Rows are buttons when selectable.
import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconTarget } from '@tabler/icons-react';
import { formatDistance, gpsUncertainty, type ScannerDinosaur } from '../../../domain/scan-readout';
import classes from './scanner.module.css';
import type { NearestTarget } from './useNearestTarget';

type Props<D extends ScannerDinosaur> = {
  hits: readonly NearestTarget<D>[];
  accuracy: number | null;
  onSelect?: (target: NearestTarget<D>) => void;
  /** Dinosaurs this hunter has observed: marked 'Observed'. */
  observedIds?: ReadonlySet<number>;
  /** The hunt's current target: marked 'Target'. */
  targetId?: number | null;
};

export function DetectionList<D extends ScannerDinosaur>({ hits, accuracy, onSelect, observedIds, targetId = null }: Props<D>) {
  return (
    <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Detected creatures">
      {hits.map((hit) => (
        <li key={hit.dinosaur.id}>
          <DetectionRow
            hit={hit}
            accuracy={accuracy}
            onSelect={onSelect}
            observed={observedIds?.has(hit.dinosaur.id) ?? false}
            target={hit.dinosaur.id === targetId}
          />
        </li>
      ))}
    </Stack>
  );
}

function speciesName(hit: NearestTarget<ScannerDinosaur>): string {
  const fromWire = (hit.dinosaur as { speciesName?: unknown }).speciesName;
  return hit.species?.name ?? (typeof fromWire === 'string' ? fromWire : 'Unknown species');
}

function DetectionRow<D extends ScannerDinosaur>({
  hit,
  accuracy,
  onSelect,
  observed,
  target,
}: {
  hit: NearestTarget<D>;
  accuracy: number | null;
  onSelect?: (target: NearestTarget<D>) => void;
  observed: boolean;
  target: boolean;
}) {
  const name = speciesName(hit);
  const distance = formatDistance(hit.distance);
  const uncertainty = gpsUncertainty(hit.distance, accuracy);
  const bearing = `${Math.round(hit.bearing) % 360}°`;
  const signal = Math.round(hit.signal);
  const body = (
    <Stack gap={6}>
      {hit.immediateThreat && (
        <Badge
          color="red.8"
          c="white"
          variant="filled"
          size="lg"
          leftSection={<IconAlertTriangle size={14} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
        >
          Immediate threat
        </Badge>
      )}
      <Group gap={6} wrap="nowrap" justify="space-between">
        <Text fw={800} size="lg" lineClamp={2}>
          {name}
        </Text>
        {(observed || target) && (
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            {target && (
              <Badge color="red.8" variant="filled" size="md" leftSection={<IconTarget size={12} aria-hidden />} data-testid="hit-target">
                Target
              </Badge>
            )}
            {observed && (
              <Badge color="jungle.9" variant="filled" size="md" leftSection={<IconCheck size={12} aria-hidden />} data-testid="hit-observed">
                Observed
              </Badge>
            )}
          </Group>
        )}
      </Group>
      <Group gap="md" wrap="wrap" className={classes.figure}>
        <Text fw={700} size="lg" data-testid="hit-distance">
          {distance}
        </Text>
        {uncertainty && (
          <Text size="sm" fw={600} c="orange.9" data-testid="hit-uncertainty">
            {uncertainty}
          </Text>
        )}
        <Text fw={700} size="lg">
          {hit.direction} <Text span fw={500}>{bearing}</Text>
        </Text>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" fw={600} w={56}>
          Signal
        </Text>
        <Progress
          value={signal}
          color={hit.immediateThreat ? 'red.8' : 'jungle.9'}
          size="lg"
          radius="sm"
          style={{ flex: 1 }}
          // The figure beside it says the same in words ("Signal ... 80%").
          aria-hidden
        />
        <Text size="sm" fw={700} w={44} ta="right" className={classes.figure}>
          {signal}%
        </Text>
      </Group>
    </Stack>
  );
  const className = `${classes.row} ${hit.immediateThreat ? classes.rowThreat : ''} ${observed ? classes.rowObserved : ''}`;
  if (!onSelect) {
    return (
      <div className={className} data-testid="scan-hit">
        {body}
      </div>
    );
  }
  return (
    <button
      type="button"
      className={className}
      onClick={() => onSelect(hit)}
      aria-pressed={target}
      data-testid="scan-hit"
      data-observed={String(observed)}
    >
      {/* Named by its visible text (name, distance, direction, signal, its Observed/Target mark), so voice control finds it by what it shows. */}
      {body}
    </button>
  );
}
