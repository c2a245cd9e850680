import type { MapDinosaur } from './types';

type DinosaurRow = {
  id: number;
  speciesId: number;
  latitude: string | number;
  longitude: string | number;
  status?: string | null;
};

/** The dinosaur list as the map takes it: coordinates come as strings (REST contract), rows without a position are left out. */
export function toMapDinosaurs(rows: readonly DinosaurRow[] | undefined): MapDinosaur[] {
  if (!rows) return [];
  const out: MapDinosaur[] = [];
  for (const r of rows) {
    const latitude = Number(r.latitude);
    const longitude = Number(r.longitude);
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) continue;
    out.push({ id: r.id, speciesId: r.speciesId, latitude, longitude, status: r.status ?? null });
  }
  return out;
}
