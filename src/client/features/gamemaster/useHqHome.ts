// Where HQ's map opens without dinosaurs (decision 817): where the game master last played
// (the server's /places/last-played), else their position if the browser gives it, else
// the map's default view.
import { useEffect, useState } from 'react';
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
  if (place) return { lat: place.lat, lng: place.lng, zoom: place.zoom };
  return position;
}
