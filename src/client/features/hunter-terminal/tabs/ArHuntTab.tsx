// AR Hunt: the target (the nearest dinosaur not yet observed, or the hunter's
// pick, with "Next target"), the AR view of it (ar/LazyArView: distance,
// direction, the range note and Observe, 'Session Preparing' when not playable),
// the server's verdict, darts left and the observation rate, the species card,
// and the whole session's progress.
import { Button, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { LazyArView } from '../../ar/LazyArView';
import type { FusedPosition } from '../../gps';
import { HuntProgressList, type HunterStats, type UseObserve } from '../../hunt';
import type { MapDinosaur } from '../../map/types';
import { type HuntTarget, HuntTargetBar } from '../../scanner';
import type { SpeciesLite } from '../../species/types';
import { ObservationReadout } from './ObservationReadout';
import { ObservedFact } from '../../challenges/ObservedFact';

/** The AR picture: most of what a 740 px phone leaves between header, target bar, Observe and the tab bar. */
const AR_VIEW_HEIGHT = 'clamp(180px, 36dvh, 420px)';

type Props = {
  hunt: HuntTarget;
  /** The session's status: a paused or ended hunt says so. */
  status: string | null;
  observe: UseObserve;
  position: FusedPosition | null;
  /** Direction of travel from GPS, for the 3D viewer's walking arrow. */
  heading: number | null;
  stats: HunterStats | null;
  dinosaurs: readonly MapDinosaur[];
  speciesById: ReadonlyMap<number, SpeciesLite>;
  onShowSpecies: (speciesId: number) => void;
  sessionId: number;
};

export function ArHuntTab({ hunt, status, observe, position, heading, stats, dinosaurs, speciesById, onShowSpecies, sessionId }: Props) {
  const target = hunt.target;
  const species = target?.species ?? null;
  // The species just observed (issue #44): its fact and quiz show under the verdict.
  const observedSpecies = observe.last?.success ? (speciesById.get(observe.last.speciesId) ?? null) : null;
  const detectedIds = useMemo(() => new Set(hunt.detected.map((d) => d.dinosaur.id)), [hunt.detected]);
  return (
    <Stack gap="xs">
      {hunt.playable && hunt.progress.total > 0 && <HuntTargetBar hunt={hunt} />}
      <LazyArView
        target={target}
        species={species}
        position={position}
        playable={hunt.playable}
        sessionStatus={status}
        observe={observe}
        height={AR_VIEW_HEIGHT}
        stickyObserve
        targetObserved={hunt.targetObserved}
        moreLeft={hunt.progress.left > 0}
        heading={heading}
      />
      {hunt.playable && <ObservationReadout last={observe.last} stats={stats} captureRate={species?.captureRate} />}
      {observedSpecies && <ObservedFact sessionId={sessionId} species={observedSpecies} onShowSpecies={onShowSpecies} />}
      {hunt.playable && target && species && (
        <Button
          h="auto"
          mih={44}
          py={6}
          variant="default"
          // A long species name wraps rather than being cut at 320 px.
          styles={{ label: { whiteSpace: 'normal', overflowWrap: 'anywhere', textAlign: 'left' } }}
          leftSection={<IconInfoCircle size={20} aria-hidden />}
          onClick={() => onShowSpecies(target.dinosaur.speciesId)}
        >
          {species.name}: species card
        </Button>
      )}
      {hunt.playable && hunt.progress.total > 0 && (
        <HuntProgressList
          dinosaurs={dinosaurs}
          speciesById={speciesById}
          observed={hunt.observed}
          progress={hunt.progress}
          position={position}
          targetId={target?.dinosaur.id ?? null}
          detectedIds={detectedIds}
          onPick={hunt.pick}
        />
      )}
    </Stack>
  );
}
