// Map: the tactical map on the hunter (own position, accuracy circle, heading),
// framing the hunter and the hunt's target on open, and the deployed dinosaurs
// while the hunt runs: the ones this hunter observed ticked and faded, the target
// ringed. Tapping a dinosaur makes it the target and opens its species card;
// tapping the map deploys nothing (no onMapClick).
import { Badge, Group, Paper, Text } from '@mantine/core';
import { useMemo } from 'react';
import type { Gps } from '../../gps';
import { LazyTacticalMap } from '../../map/LazyTacticalMap';
import type { MapDinosaur, MapHunter, MapPlayArea, MarkerState } from '../../map/types';
import type { HuntTarget } from '../../scanner';
import type { SpeciesLite } from '../../species/types';
import { useDirectionHint } from '../../challenges/directionHint';

type Props = {
  dinosaurs: MapDinosaur[];
  species: SpeciesLite[];
  gps: Gps;
  visible: boolean;
  status: string | null;
  hunt: HuntTarget;
  onDinosaurClick: (d: MapDinosaur) => void;
  /** The hunter's teammates (issue 42): dots in the team's colour with their handles, never dinosaurs' badges. */
  teammates?: MapHunter[];
  /** The play area's boundary and no-go zones. */
  playArea?: MapPlayArea | null;
};

function hiddenReason(status: string | null): string {
  if (status === 'paused') return 'Hunt paused: dinosaurs reappear when it resumes.';
  if (status === 'completed') return 'This hunt has ended.';
  return 'Dinosaurs appear when the game master starts the hunt.';
}

export function MapTab({ dinosaurs, species, gps, visible, status, hunt, onDinosaurClick, playArea, teammates = [] }: Props) {
  const self = gps.position
    ? { lat: gps.position.lat, lng: gps.position.lng, accuracy: gps.position.accuracy, heading: gps.heading }
    : null;
  // A direction hint (issue #44) rings and frames its dinosaur for 30 s.
  const { hint, secondsLeft } = useDirectionHint();
  const targetId = hint?.dinosaurId ?? hunt.target?.dinosaur.id ?? null;
  const markerStates = useMemo(() => {
    const states = new Map<number, MarkerState>();
    for (const d of dinosaurs) states.set(d.id, { observed: hunt.observed.has(d.id), target: d.id === targetId });
    return states;
  }, [dinosaurs, hunt.observed, targetId]);
  const target = dinosaurs.find((d) => d.id === targetId);
  const focus = hint ? { lat: hint.latitude, lng: hint.longitude } : target ? { lat: target.latitude, lng: target.longitude } : null;
  const { progress } = hunt;
  return (
    <LazyTacticalMap
      mode="hunter"
      dinosaurs={dinosaurs}
      species={species}
      hunters={teammates}
      self={self}
      onDinosaurClick={onDinosaurClick}
      markerStates={markerStates}
      focus={focus}
      height="100%"
      showLayers
      playArea={playArea}
      ariaLabel="Tactical map"
    >
      <Paper p={6} radius="md" shadow="sm" bg="dark.8" c="white" maw={240}>
        <Group gap={6} wrap="wrap">
          <Badge color="amber.4" c="dark.9" size="lg" radius="sm" data-testid="map-target-count">
            {dinosaurs.length} {dinosaurs.length === 1 ? 'target' : 'targets'}
          </Badge>
          {teammates.length > 0 && (
            <Badge color="gray.0" c="dark.9" size="lg" radius="sm" data-testid="map-teammate-count">
              {teammates.length} {teammates.length === 1 ? 'teammate' : 'teammates'}
            </Badge>
          )}
        </Group>
        {visible && progress.total > 0 && (
          <Text size="xs" mt={4} fw={700} data-testid="map-observed-count">
            ✓ {progress.observed} of {progress.total} observed
          </Text>
        )}
        {!visible && (
          <Text size="xs" mt={4} fw={600}>
            {hiddenReason(status)}
          </Text>
        )}
        {hint && (
          <Text size="xs" mt={4} fw={700} c="yellow.3" data-testid="map-direction-hint">
            Hint: nearest unobserved dinosaur {hint.distanceM} m {hint.compass} ({secondsLeft} s)
          </Text>
        )}
        {visible && !self && (
          <Text size="xs" mt={4} fw={600}>
            Waiting for your GPS position…
          </Text>
        )}
      </Paper>
    </LazyTacticalMap>
  );
}
