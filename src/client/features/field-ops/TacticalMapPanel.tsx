// Tactical Map (spec, section 2): the hunter's map with team and target counts,
// Layers and Center (in the map), and the Enable GPS / GPS Active button. Tapping a
// dinosaur opens its species card; tapping the map deploys nothing for hunters.
import { Badge, Group } from '@mantine/core';
import { IconMap } from '@tabler/icons-react';
import type { Gps } from '../gps';
import { LazyTacticalMap } from '../map/LazyTacticalMap';
import type { MapDinosaur, MapHunter, MapPlayArea } from '../map/types';
import type { SpeciesLite } from '../species/types';
import { GpsButton } from './GpsButton';
import { Panel } from './Panel';

const MAP_HEIGHT = 420;

export function TacticalMapPanel({
  gps,
  dinosaurs,
  species,
  teamCount,
  onDinosaurClick,
  playArea,
  teammates = [],
}: {
  gps: Gps;
  dinosaurs: MapDinosaur[];
  species: SpeciesLite[];
  teamCount: number;
  onDinosaurClick: (d: MapDinosaur) => void;
  /** The play area's boundary and no-go zones. */
  playArea?: MapPlayArea | null;
  /** The hunter's teammates (issue 42), in the team's colour with their handles. */
  teammates?: MapHunter[];
}) {
  const self = gps.position
    ? { lat: gps.position.lat, lng: gps.position.lng, accuracy: gps.position.accuracy, heading: gps.heading }
    : null;
  return (
    <Panel title="Tactical Map" icon={<IconMap size={20} aria-hidden />} area="map" actions={<GpsButton gps={gps} />} testId="tactical-map">
      <LazyTacticalMap
        mode="hunter"
        dinosaurs={dinosaurs}
        species={species}
        hunters={teammates}
        self={self}
        onDinosaurClick={onDinosaurClick}
        height={MAP_HEIGHT}
        showLayers
        playArea={playArea}
        ariaLabel="Tactical map"
      >
        <Group gap={6}>
          <Badge size="lg" color="dark.7" data-testid="team-count">
            Team: {teamCount}
          </Badge>
          <Badge size="lg" color="red.8" data-testid="target-count">
            Targets: {dinosaurs.length}
          </Badge>
        </Group>
      </LazyTacticalMap>
    </Panel>
  );
}
