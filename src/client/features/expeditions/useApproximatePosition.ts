// One position for sorting the public expedition list (decision 837): asked once, without
// the GPS cascade of a hunt (no watch, no reporting). Null while unknown or refused: the
// list is then sorted by start time.
import { useEffect, useState } from 'react';
import { EXPEDITION_POSITION_MAX_AGE_MS, EXPEDITION_POSITION_TIMEOUT_MS } from '../../../domain/rules';

export type ApproximatePosition = { lat: number; lng: number } | null;

export function useApproximatePosition(): { position: ApproximatePosition; settled: boolean } {
  const [position, setPosition] = useState<ApproximatePosition>(null);
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (!('geolocation' in navigator)) {
      setSettled(true);
      return;
    }
    let live = true;
    navigator.geolocation.getCurrentPosition(
      (p) => {
        if (!live) return;
        setPosition({ lat: p.coords.latitude, lng: p.coords.longitude });
        setSettled(true);
      },
      () => live && setSettled(true),
      { enableHighAccuracy: false, maximumAge: EXPEDITION_POSITION_MAX_AGE_MS, timeout: EXPEDITION_POSITION_TIMEOUT_MS },
    );
    return () => {
      live = false;
    };
  }, []);
  return { position, settled };
}
