// Where the meeting-point picker opens (issue #46, point 2): at the session's dinosaurs, else where HQ's
// map is looking (a place just searched for), else HQ's home (decision 817). Never the app's default
// location, where a click saved a meeting point thousands of kilometres from the hunt.
import { useMemo } from 'react';
import { HQ_PLAY_ZOOM } from '../../../domain/rules';
import { trpc } from '../../trpc';
import { areaHome } from '../map/mapView';
import { toMapDinosaurs } from '../map/toMapDinosaurs';
import type { MapHome } from '../map/types';
import { hqMapView } from './hqMapView';
import { useHqHome } from './useHqHome';

export function useMeetingPointHome(sessionId: number | null): MapHome | null {
  const home = useHqHome();
  const dinosaurs = trpc.deploy.list.useQuery({ id: sessionId ?? 0 }, { enabled: sessionId !== null });
  return useMemo(
    () => areaHome(sessionId === null ? [] : toMapDinosaurs(dinosaurs.data), HQ_PLAY_ZOOM) ?? hqMapView() ?? home,
    [sessionId, dinosaurs.data, home],
  );
}
