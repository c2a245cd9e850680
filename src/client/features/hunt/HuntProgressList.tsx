// The whole session's progress for the hunter: every deployed dinosaur, observed
// or not, with its distance; the current target marked. Tapping a row makes it
// the target (when the scanner detects it).
import { Badge, Box, Group, Paper, Progress, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCircleCheckFilled, IconCircleDashed, IconTarget } from '@tabler/icons-react';
import type { HuntProgress } from '../../../domain/hunt-target';
import { formatDistance } from '../../../domain/scan-readout';
import { distanceMeters, isTargetable } from '../../../domain/scanner';
import type { LatLng } from '../../../domain/geo-types';
import type { MapDinosaur } from '../map/types';
import type { SpeciesLite } from '../species/types';

type Props = {
  dinosaurs: readonly MapDinosaur[];
  speciesById: ReadonlyMap<number, SpeciesLite>;
  observed: ReadonlySet<number>;
  progress: HuntProgress;
  position: LatLng | null;
  targetId: number | null;
  /** Ids the scanner detects (within 1000 m): only those can be picked. */
  detectedIds: ReadonlySet<number>;
  onPick: (dinosaurId: number) => void;
};

const PERCENT = 100;

export function HuntProgressList({ dinosaurs, speciesById, observed, progress, position, targetId, detectedIds, onPick }: Props) {
  const rows = dinosaurs
    .filter((d) => isTargetable(d.status))
    .map((d) => ({
      d,
      name: speciesById.get(d.speciesId)?.name ?? 'Unknown species',
      distance: position ? distanceMeters(position, { lat: d.latitude, lng: d.longitude }) : null,
      done: observed.has(d.id),
    }))
    // Still to observe first, nearest first; the observed ones after.
    .sort((a, b) => Number(a.done) - Number(b.done) || (a.distance ?? 0) - (b.distance ?? 0));
  return (
    <Paper withBorder radius="md" p="sm" data-testid="hunt-progress">
      <Group justify="space-between" mb={6}>
        <Text fw={800}>Session progress</Text>
        <Text size="sm" fw={700} data-testid="hunt-progress-count">
          {progress.observed} of {progress.total} observed
        </Text>
      </Group>
      <Progress
        value={progress.total === 0 ? 0 : (progress.observed / progress.total) * PERCENT}
        color="jungle.9"
        size="md"
        radius="sm"
        mb="xs"
        aria-label={`${progress.observed} of ${progress.total} dinosaurs observed`}
      />
      <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {rows.map(({ d, name, distance, done }) => {
          const current = d.id === targetId;
          const Icon = done ? IconCircleCheckFilled : current ? IconTarget : IconCircleDashed;
          const row = (
            <Group gap={8} wrap="nowrap">
              <Icon size={20} aria-hidden color={done ? 'var(--mantine-color-jungle-9)' : 'var(--mantine-color-dark-4)'} style={{ flexShrink: 0 }} />
              {/* A long species name wraps rather than being cut at 320 px (labels-fit). */}
              <Text size="sm" fw={current ? 800 : 600} miw={0} style={{ flex: 1, overflowWrap: 'anywhere' }}>
                {name}
              </Text>
              {done && (
                <Badge size="sm" color="jungle.9">
                  Observed
                </Badge>
              )}
              {current && !done && (
                <Badge size="sm" color="red.8">
                  Target
                </Badge>
              )}
              <Text size="sm" fw={700} style={{ flexShrink: 0 }}>
                {distance === null ? '—' : formatDistance(distance)}
              </Text>
            </Group>
          );
          return (
            <li key={d.id}>
              {done ? (
                // Observed: nothing left to do with it, so not a button.
                <Box px={6} py={6} data-testid="hunt-progress-row" data-observed="true" data-current={current ? 'true' : undefined}>
                  {row}
                </Box>
              ) : (
                <UnstyledButton
                  onClick={() => onPick(d.id)}
                  disabled={!detectedIds.has(d.id)}
                  w="100%"
                  px={6}
                  py={6}
                  bg={current ? 'jungle.0' : undefined}
                  style={{ borderRadius: 6 }}
                  aria-pressed={current}
                  data-testid="hunt-progress-row"
                  data-observed="false"
                  data-current={current ? 'true' : undefined}
                >
                  {row}
                </UnstyledButton>
              )}
            </li>
          );
        })}
      </Stack>
    </Paper>
  );
}
