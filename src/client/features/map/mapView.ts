// Pure view rules of the tactical map (no Leaflet here, so they are unit tested):
// which points the map shows, where it opens, and the compass rotation.
import { DEFAULT_LOCATION, GAMEMASTER_ZOOM, HUNTER_ZOOM } from '../../../domain/rules';
import type { LatLngPoint, MapDinosaur, MapHome, MapHunter, MapSelf } from './types';

export type Bounds = { south: number; west: number; north: number; east: number };

export function isValidPoint(p: { lat: number; lng: number } | null | undefined): p is LatLngPoint {
  return (
    p !== null &&
    p !== undefined &&
    Number.isFinite(p.lat) &&
    Number.isFinite(p.lng) &&
    Math.abs(p.lat) <= 90 &&
    Math.abs(p.lng) <= 180
  );
}

/** Every point of content on the map: dinosaurs, hunters and the own position. */
export function contentPoints(dinosaurs: MapDinosaur[], hunters: MapHunter[] = [], self?: MapSelf | null): LatLngPoint[] {
  const points: LatLngPoint[] = [
    ...dinosaurs.map((d) => ({ lat: d.latitude, lng: d.longitude })),
    ...hunters.map((h) => ({ lat: h.lat, lng: h.lng })),
    ...(self ? [{ lat: self.lat, lng: self.lng }] : []),
  ];
  return points.filter(isValidPoint);
}

/** The smallest box holding every point, or null when there are none. */
export function boundsOf(points: LatLngPoint[]): Bounds | null {
  if (points.length === 0) return null;
  let south = 90;
  let north = -90;
  let west = 180;
  let east = -180;
  for (const p of points) {
    south = Math.min(south, p.lat);
    north = Math.max(north, p.lat);
    west = Math.min(west, p.lng);
    east = Math.max(east, p.lng);
  }
  return { south, west, north, east };
}

export function modeZoom(mode: 'hunter' | 'gamemaster'): number {
  return mode === 'hunter' ? HUNTER_ZOOM : GAMEMASTER_ZOOM;
}

/**
 * Where the map opens: a hunter on their own position; otherwise the centre of
 * the content; otherwise the game master's home (where they last played, or their
 * position: decision 817) at its playing zoom; otherwise the spec's default location (Montreal).
 */
export function initialView(
  mode: 'hunter' | 'gamemaster',
  content: { dinosaurs: MapDinosaur[]; hunters?: MapHunter[]; self?: MapSelf | null; home?: MapHome | null },
): { center: LatLngPoint; zoom: number } {
  const zoom = modeZoom(mode);
  if (mode === 'hunter' && isValidPoint(content.self)) return { center: { lat: content.self.lat, lng: content.self.lng }, zoom };
  const box = boundsOf(contentPoints(content.dinosaurs, content.hunters, content.self));
  if (box) return { center: { lat: (box.south + box.north) / 2, lng: (box.west + box.east) / 2 }, zoom };
  if (mode === 'gamemaster' && isValidPoint(content.home ?? null)) {
    const home = content.home as MapHome;
    return { center: { lat: home.lat, lng: home.lng }, zoom: home.zoom };
  }
  return { center: { lat: DEFAULT_LOCATION.lat, lng: DEFAULT_LOCATION.lng }, zoom };
}

/**
 * Where a map about a session opens when it has nothing of its own to show (HQ's meeting-point picker,
 * issue #46): the middle of the session's dinosaurs at `zoom`; null without any.
 */
export function areaHome(dinosaurs: MapDinosaur[], zoom: number): MapHome | null {
  const box = boundsOf(contentPoints(dinosaurs));
  return box ? { lat: (box.south + box.north) / 2, lng: (box.west + box.east) / 2, zoom } : null;
}

/** The compass needle's rotation in degrees: 360 minus the device heading (accounts spec, section 9); 0 without one. */
export function compassRotation(heading: number | null | undefined): number {
  if (typeof heading !== 'number' || !Number.isFinite(heading)) return 0;
  const r = (360 - (((heading % 360) + 360) % 360)) % 360;
  return r;
}

/**
 * What a hunter's map frames when it opens: their position and the hunt's target
 * (or, without one, every dinosaur), so the next dinosaur is on screen at once.
 * Empty without a valid own position.
 */
export function hunterFramePoints(self: MapSelf | null | undefined, dinosaurs: MapDinosaur[], focus?: LatLngPoint | null): LatLngPoint[] {
  if (!isValidPoint(self)) return [];
  const others = isValidPoint(focus) ? [focus] : contentPoints(dinosaurs);
  return [{ lat: self.lat, lng: self.lng }, ...others];
}
