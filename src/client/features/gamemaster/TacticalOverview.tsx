// Tactical Overview: the deployed dinosaurs and every hunter's live position
// (pushed by hunter_location events into the comms.hunterLocations cache). A
// click deploys the selected species there.
import { Badge, Group } from '@mantine/core';
import { IconMap2 } from '@tabler/icons-react';
import { deployCounter } from '../../../domain/deploy-selection';
import { LazyTacticalMap } from '../map/LazyTacticalMap';
import type { LatLngPoint, MapDinosaur, MapHunter } from '../map/types';
import type { SpeciesLite } from '../species/types';
import { Panel } from './Panel';
import { memo } from 'react';

type Props = {
  /** A new session opens a fresh map, framed on its own content. */
  sessionId: number | null;
  dinosaurs: MapDinosaur[];
  hunters: MapHunter[];
  species: SpeciesLite[];
  selecting: boolean;
  onMapClick: (p: LatLngPoint) => void;
  height: number | string;
};

export const TacticalOverview = memo(function TacticalOverview({ sessionId, dinosaurs, hunters, species, selecting, onMapClick, height }: Props) {
  return (
    <Panel title="Tactical Overview" icon={<IconMap2 size={20} aria-hidden />} testId="tactical-overview">
      <LazyTacticalMap
        key={sessionId ?? 'none'}
        mode="gamemaster"
        dinosaurs={dinosaurs}
        hunters={hunters}
        species={species}
        onMapClick={onMapClick}
        selecting={selecting}
        height={height}
        showLayers
        ariaLabel="Tactical Overview map: click to deploy the selected species"
      >
        <Group gap={6}>
          <Badge size="lg" variant="white" c="dark.9" style={{ boxShadow: '0 1px 4px rgba(0,0,0,0.3)' }} data-testid="map-dino-count">
            Dinosaurs {deployCounter(dinosaurs.length)}
          </Badge>
          <Badge size="lg" variant="white" c="dark.9" style={{ boxShadow: '0 1px 4px rgba(0,0,0,0.3)' }} data-testid="map-hunter-count">
            Hunters {hunters.length}
          </Badge>
        </Group>
      </LazyTacticalMap>
    </Panel>
  );
});
