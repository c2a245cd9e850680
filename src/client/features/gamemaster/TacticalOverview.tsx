// Tactical Overview: the deployed dinosaurs and every hunter's live position
// (pushed by hunter_location events into the comms.hunterLocations cache). A
// click deploys the selected species there. Each dinosaur observed by anyone
// carries a bubble with how many hunters observed it (from the hunter progress
// the tracking panel reads too, refetched on hunter_progress events).
import { Badge, Group } from '@mantine/core';
import { IconMap2 } from '@tabler/icons-react';
import { memo, type ReactNode, useCallback, useMemo, useState } from 'react';
import type { PlaceResult } from '../../../domain/place-search';
import { deployCounter } from '../../../domain/deploy-selection';
import { observationCounts } from '../../../domain/hunt-target';
import { HQ_PLAY_ZOOM, POLL_GM_HUNTER_STATS_MS } from '../../../domain/rules';
import { trpc } from '../../trpc';
import { usePollWhileOffline } from '../live';
import { LazyTacticalMap } from '../map/LazyTacticalMap';
import type { LatLngPoint, MapDinosaur, MapHome, MapHunter, MapPlayArea, MapViewRequest, MarkerState } from '../map/types';
import { hqMapView, rememberHqMapView } from './hqMapView';
import type { SpeciesLite } from '../species/types';
import { Panel } from './Panel';
import { PlaceSearch } from './PlaceSearch';
import { useHqHome } from './useHqHome';

type Props = {
  /** A new session opens a fresh map, framed on its own content. */
  sessionId: number | null;
  dinosaurs: MapDinosaur[];
  hunters: MapHunter[];
  species: SpeciesLite[];
  selecting: boolean;
  onMapClick: (p: LatLngPoint) => void;
  /** Drag and remove one dinosaur (decision 816); undefined once the session has ended. */
  onDinosaurMove?: (d: MapDinosaur, p: LatLngPoint) => Promise<unknown>;
  onDinosaurRemove?: (d: MapDinosaur) => void;
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
  onDinosaurMove,
  onDinosaurRemove,
  height,
  playArea,
  mapLayers,
}: Props) {
  const lastPlayed = useHqHome();
  // A new session's map opens where the game master was looking (a place just searched for), not back at
  // the last-played place (issue #46, point 3); a session with dinosaurs still opens framed on them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per session's map, when it opens
  const lookingAt = useMemo(() => hqMapView(), [sessionId]);
  const home: MapHome | null = lookingAt ?? lastPlayed;
  const [view, setView] = useState<MapViewRequest | null>(null);
  const showPlace = useCallback(
    (place: PlaceResult) => setView((v) => ({ seq: (v?.seq ?? 0) + 1, lat: place.lat, lng: place.lng, zoom: HQ_PLAY_ZOOM, bounds: place.bounds })),
    [],
  );
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
        onDinosaurMove={onDinosaurMove}
        onDinosaurRemove={onDinosaurRemove}
        home={home}
        view={view}
        onViewChange={rememberHqMapView}
        selecting={selecting}
        height={height}
        showLayers
        playArea={playArea}
        mapLayers={mapLayers}
        ariaLabel="Tactical Overview map: click to deploy the selected species"
      >
        <PlaceSearch onPick={showPlace} />
        <Group gap={6} mt={6}>
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
