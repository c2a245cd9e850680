// The session's play area, no-go zones and hunters' zone states (one small read, refreshed by the
// play_area_updated and hunter_zone events; polled only while the live stream is down).
import { useMemo } from 'react';
import { POLL_GM_HUNTER_STATS_MS } from '../../../domain/rules';
import { trpc } from '../../trpc';
import { usePollWhileOffline } from '../live/useLiveConnection';
import type { MapPlayArea } from '../map/types';

export function usePlayArea(sessionId: number | null) {
  const refetchInterval = usePollWhileOffline(POLL_GM_HUNTER_STATS_MS);
  const query = trpc.playArea.get.useQuery({ id: sessionId ?? 0 }, { enabled: sessionId !== null, refetchInterval });
  const data = sessionId === null ? undefined : query.data;
  const shape = useMemo<MapPlayArea | null>(
    () => (data && (data.playArea || data.noGoZones.length > 0) ? { area: data.playArea, zones: data.noGoZones } : null),
    [data],
  );
  return { data, shape, isLoading: query.isLoading };
}
