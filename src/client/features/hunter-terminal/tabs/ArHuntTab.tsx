// AR Hunt: the AR view of the nearest dinosaur (ar/LazyArView: name, distance,
// direction, the Observe action, 'Session Preparing' when not playable), then the
// server's verdict, darts left and the observation rate, and the species card.
import { Button, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { LazyArView } from '../../ar/LazyArView';
import type { FusedPosition } from '../../gps';
import type { HunterStats, UseObserve } from '../../hunt';
import type { useNearestTarget } from '../../scanner';
import { ObservationReadout } from './ObservationReadout';

/** Leaves the Observe button on screen at 360 x 740 below the header and above the tab bar. */
const AR_VIEW_HEIGHT = 190;

type Props = {
  nearest: ReturnType<typeof useNearestTarget>;
  /** The session's status: a paused or ended hunt says so. */
  status: string | null;
  observe: UseObserve;
  position: FusedPosition | null;
  stats: HunterStats | null;
  onShowSpecies: (speciesId: number) => void;
};

export function ArHuntTab({ nearest, status, observe, position, stats, onShowSpecies }: Props) {
  const target = nearest.target;
  const species = target?.species ?? null;
  return (
    <Stack gap="sm">
      <LazyArView
        target={target}
        species={species}
        position={position}
        playable={nearest.playable}
        sessionStatus={status}
        observe={observe}
        height={AR_VIEW_HEIGHT}
      />
      {nearest.playable && (
        <ObservationReadout last={observe.last} stats={stats} captureRate={species?.captureRate} />
      )}
      {nearest.playable && target && species && (
        <Button
          h={48}
          variant="default"
          leftSection={<IconInfoCircle size={20} aria-hidden />}
          onClick={() => onShowSpecies(target.dinosaur.speciesId)}
        >
          {species.name}: species card
        </Button>
      )}
    </Stack>
  );
}
