// Map: the tactical map at zoom 18 on the hunter (own position, accuracy circle,
// heading), the deployed dinosaurs while the hunt runs. Tapping a dinosaur opens
// its species card; tapping the map deploys nothing (no onMapClick).
import { Badge, Group, Paper, Text } from '@mantine/core';
import type { Gps } from '../../gps';
import { LazyTacticalMap } from '../../map/LazyTacticalMap';
import type { MapDinosaur } from '../../map/types';
import type { SpeciesLite } from '../../species/types';

type Props = {
  dinosaurs: MapDinosaur[];
  species: SpeciesLite[];
  gps: Gps;
  visible: boolean;
  status: string | null;
  onDinosaurClick: (d: MapDinosaur) => void;
};

function hiddenReason(status: string | null): string {
  if (status === 'paused') return 'Hunt paused: dinosaurs reappear when it resumes.';
  if (status === 'completed') return 'This hunt has ended.';
  return 'Dinosaurs appear when the game master starts the hunt.';
}

export function MapTab({ dinosaurs, species, gps, visible, status, onDinosaurClick }: Props) {
  const self = gps.position
    ? { lat: gps.position.lat, lng: gps.position.lng, accuracy: gps.position.accuracy, heading: gps.heading }
    : null;
  return (
    <LazyTacticalMap
      mode="hunter"
      dinosaurs={dinosaurs}
      species={species}
      self={self}
      onDinosaurClick={onDinosaurClick}
      height="100%"
      showLayers
      ariaLabel="Tactical map"
    >
      <Paper p={6} radius="md" shadow="sm" bg="dark.8" c="white" maw={220}>
        <Group gap={6} wrap="nowrap">
          <Badge color="amber.4" c="dark.9" size="lg" radius="sm" data-testid="map-target-count">
            {dinosaurs.length} {dinosaurs.length === 1 ? 'target' : 'targets'}
          </Badge>
        </Group>
        {!visible && (
          <Text size="xs" mt={4} fw={600}>
            {hiddenReason(status)}
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
