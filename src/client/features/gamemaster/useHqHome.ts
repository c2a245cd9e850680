// Where HQ's map opens without dinosaurs (decision 817): where the game master last played
// (the server's /places/last-played), else their position if the browser gives it, else
// the map's default view.
import { useEffect, useMemo, useState } from 'react';
import { HQ_PLAY_ZOOM } from '../../../domain/rules';
import { trpc } from '../../trpc';
import type { MapHome } from '../map/types';

const LAST_PLAYED_STALE_MS = 60_000;

export function useHqHome(): MapHome | null {
  const lastPlayed = trpc.places.lastPlayed.useQuery(undefined, { staleTime: LAST_PLAYED_STALE_MS, retry: false });
  const [position, setPosition] = useState<MapHome | null>(null);
  const noPlace = lastPlayed.isSuccess ? lastPlayed.data.place === null : lastPlayed.isError;
  useEffect(() => {
    if (!noPlace || !('geolocation' in navigator)) return;
    let live = true;
    navigator.geolocation.getCurrentPosition(
      (p) => {
        if (live) setPosition({ lat: p.coords.latitude, lng: p.coords.longitude, zoom: HQ_PLAY_ZOOM });
      },
      () => {},
      { timeout: 8000, maximumAge: 5 * 60_000 },
    );
    return () => {
      live = false;
    };
  }, [noPlace]);
  const place = lastPlayed.data?.place;
  const lat = place?.lat;
  const lng = place?.lng;
  const zoom = place?.zoom;
  // One object per place, so the memoised map sees a change only when the place changes.
  const fromPlace = useMemo(
    () => (lat !== undefined && lng !== undefined && zoom !== undefined ? { lat, lng, zoom } : null),
    [lat, lng, zoom],
  );
  return fromPlace ?? position;
}
