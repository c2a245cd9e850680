// AR Hunt: the nearest target (name, distance, direction) with the Observe action,
// the server's verdict, darts left and the observation rate. 'Session Preparing'
// while the hunt is not playable. The 3D model stands in until ar/ ships LazyArView.
import { Alert, Paper, Stack, Text } from '@mantine/core';
import { IconHourglass, IconRadar } from '@tabler/icons-react';
import { DETECTION_RADIUS_M } from '../../../../domain/rules';
import type { FusedPosition } from '../../gps';
import { type HunterStats, ObserveButton, type UseObserve } from '../../hunt';
import { LazyModelViewer } from '../../models/LazyModelViewer';
import type { useNearestTarget } from '../../scanner';
import { ObservationReadout } from './ObservationReadout';
import { TargetReadout } from './TargetReadout';

type Props = {
  nearest: ReturnType<typeof useNearestTarget>;
  observe: UseObserve;
  position: FusedPosition | null;
  stats: HunterStats | null;
  onShowSpecies: (speciesId: number) => void;
};

export function ArHuntTab({ nearest, observe, position, stats, onShowSpecies }: Props) {
  if (!nearest.playable) {
    return (
      <Alert color="dark" variant="light" radius="md" icon={<IconHourglass aria-hidden />} title="Session Preparing">
        <Text size="md">The hunt has not started yet. The AR view opens when the game master starts the session.</Text>
      </Alert>
    );
  }
  const target = nearest.target;
  const modelUrl = target?.species?.modelUrl ?? null;
  return (
    <Stack gap="sm">
      {target ? (
        <TargetReadout target={target} onShowSpecies={() => onShowSpecies(target.dinosaur.speciesId)} />
      ) : (
        <Paper p="md" radius="md" withBorder data-testid="no-target">
          <Stack align="center" gap={4}>
            <IconRadar size={32} aria-hidden />
            <Text fw={700}>{position ? 'No dinosaur within range' : 'Waiting for your GPS position…'}</Text>
            <Text size="sm" c="dimmed" ta="center">
              {position ? `Walk on and check the Scan tab for targets within ${DETECTION_RADIUS_M} m.` : 'The nearest target appears once GPS has a fix.'}
            </Text>
          </Stack>
        </Paper>
      )}
      {target && modelUrl && (
        <LazyModelViewer url={modelUrl} height={240} autoRotate label={target.species?.name ?? 'Dinosaur model'} />
      )}
      <ObserveButton observe={observe} disabled={!target} />
      <ObservationReadout last={observe.last} stats={stats} captureRate={target?.species?.captureRate} />
    </Stack>
  );
}
