// Tactical Overview: the deployed dinosaurs and every hunter's live position
// (pushed by hunter_location events into the comms.hunterLocations cache). A
// click deploys the selected species there. Each dinosaur observed by anyone
// carries a bubble with how many hunters observed it (from the hunter progress
// the tracking panel reads too, refetched on hunter_progress events).
import { Badge, Group } from '@mantine/core';
import { IconMap2 } from '@tabler/icons-react';
import { memo, type ReactNode, useMemo } from 'react';
import { deployCounter } from '../../../domain/deploy-selection';
import { observationCounts } from '../../../domain/hunt-target';
import { POLL_GM_HUNTER_STATS_MS } from '../../../domain/rules';
import { trpc } from '../../trpc';
import { usePollWhileOffline } from '../live';
import { LazyTacticalMap } from '../map/LazyTacticalMap';
import type { LatLngPoint, MapDinosaur, MapHunter, MapPlayArea, MarkerState } from '../map/types';
import type { SpeciesLite } from '../species/types';
import { Panel } from './Panel';

type Props = {
  /** A new session opens a fresh map, framed on its own content. */
  sessionId: number | null;
  dinosaurs: MapDinosaur[];
  hunters: MapHunter[];
  species: SpeciesLite[];
  selecting: boolean;
  onMapClick: (p: LatLngPoint) => void;
  height: number | string;
  /** The play area and no-go zones (issue 26), and the drawing tools inside the map. */
  playArea?: MapPlayArea | null;
  mapLayers?: ReactNode;
};

export const TacticalOverview = memo(function TacticalOverview({
  sessionId,
  dinosaurs,
  hunters,
  species,
  selecting,
  onMapClick,
  height,
  playArea,
  mapLayers,
}: Props) {
  const refetchInterval = usePollWhileOffline(POLL_GM_HUNTER_STATS_MS);
  const progress = trpc.stats.sessionHunterStats.useQuery({ id: sessionId ?? 0 }, { enabled: sessionId !== null, refetchInterval });
  const counts = useMemo(() => observationCounts(progress.data ?? []), [progress.data]);
  const markerStates = useMemo(() => {
    const states = new Map<number, MarkerState>();
    for (const d of dinosaurs) states.set(d.id, { observations: counts.get(d.id) ?? 0 });
    return states;
  }, [dinosaurs, counts]);
  const observedByAnyone = dinosaurs.filter((d) => (counts.get(d.id) ?? 0) > 0).length;
  return (
    <Panel title="Tactical Overview" icon={<IconMap2 size={20} aria-hidden />} testId="tactical-overview">
      <LazyTacticalMap
        key={sessionId ?? 'none'}
        mode="gamemaster"
        dinosaurs={dinosaurs}
        hunters={hunters}
        species={species}
        markerStates={markerStates}
        onMapClick={onMapClick}
        selecting={selecting}
        height={height}
        showLayers
        playArea={playArea}
        mapLayers={mapLayers}
        ariaLabel="Tactical Overview map: click to deploy the selected species"
      >
        <Group gap={6}>
          <Badge size="lg" variant="white" c="dark.9" style={{ boxShadow: '0 1px 4px rgba(0,0,0,0.3)' }} data-testid="map-dino-count">
            Dinosaurs {deployCounter(dinosaurs.length)}
          </Badge>
          <Badge size="lg" variant="white" c="dark.9" style={{ boxShadow: '0 1px 4px rgba(0,0,0,0.3)' }} data-testid="map-hunter-count">
            Hunters {hunters.length}
          </Badge>
          {dinosaurs.length > 0 && (
            <Badge size="lg" variant="white" c="dark.9" style={{ boxShadow: '0 1px 4px rgba(0,0,0,0.3)' }} data-testid="map-observed-count">
              Observed {observedByAnyone}/{dinosaurs.length}
            </Badge>
          )}
        </Group>
      </LazyTacticalMap>
    </Panel>
  );
});
