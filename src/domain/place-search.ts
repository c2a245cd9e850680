// Place search on HQ's map (decision 815): the query's rules, "lat, lng" typed or pasted
// into the box, and the Nominatim-compatible answer read into places. Imports only zod
// and our rules, so the search box and the server's proxy decide alike.
import { z } from 'zod';
import { PLACE_QUERY_MAX_CHARS, PLACE_QUERY_MIN_CHARS, PLACE_RESULTS_MAX } from './rules';

export const PLACE_MESSAGES = {
  queryShort: `Type a place (at least ${PLACE_QUERY_MIN_CHARS} characters), or coordinates as "lat, lng"`,
  queryLong: `A place search is at most ${PLACE_QUERY_MAX_CHARS} characters`,
  unavailable: 'Place search is unavailable: paste coordinates as "lat, lng" or use your location.',
  busy: 'Too many place searches. Please wait a moment and try again.',
  notFound: 'No place found. Try another name, or paste coordinates as "lat, lng".',
} as const;

export const PlaceSearchInput = z.object({
  q: z
    .string({ error: PLACE_MESSAGES.queryShort })
    .trim()
    .min(PLACE_QUERY_MIN_CHARS, PLACE_MESSAGES.queryShort)
    .max(PLACE_QUERY_MAX_CHARS, PLACE_MESSAGES.queryLong),
});
export type PlaceSearchInput = z.infer<typeof PlaceSearchInput>;

export const PlaceBounds = z.object({ south: z.number(), west: z.number(), north: z.number(), east: z.number() });
export type PlaceBounds = z.infer<typeof PlaceBounds>;

export const PlaceResult = z.object({
  name: z.string().describe('What the geocoder calls the place (or the coordinates typed)'),
  lat: z.number(),
  lng: z.number(),
  bounds: PlaceBounds.nullable().describe('The place\'s extent when the geocoder gives one'),
  source: z.enum(['coordinates', 'geocoder']),
});
export type PlaceResult = z.infer<typeof PlaceResult>;

const NUMBER = String.raw`[+-]?(?:\d{1,3}(?:\.\d+)?|\.\d+)`;
const COORDINATES = new RegExp(String.raw`^\s*(${NUMBER})\s*(?:[,;]\s*|\s+)(${NUMBER})\s*$`);

/**
 * "48.8584, 2.2945" (or separated by a semicolon or spaces) as a point; null when the
 * text is not two numbers or they are out of range (latitude first, as maps show them).
 */
export function parseCoordinates(text: string): { lat: number; lng: number } | null {
  const m = COORDINATES.exec(text);
  if (!m) return null;
  const lat = Number(m[1]);
  const lng = Number(m[2]);
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

/** The place a pair of coordinates names. */
export function coordinatesPlace(point: { lat: number; lng: number }): PlaceResult {
  return { name: `${point.lat}, ${point.lng}`, lat: point.lat, lng: point.lng, bounds: null, source: 'coordinates' };
}

/** One cache entry for queries that differ only in case and spacing. */
export function normalisePlaceQuery(q: string): string {
  return q.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}

const numberish = z.union([z.number(), z.string().regex(/^[+-]?\d+(?:\.\d+)?$/).transform(Number)]);
const NominatimPlace = z.object({
  display_name: z.string().max(1000),
  lat: numberish,
  lon: numberish,
  /** [south, north, west, east], as strings. */
  boundingbox: z.tuple([numberish, numberish, numberish, numberish]).optional(),
});

/**
 * A Nominatim-compatible `/search?format=jsonv2` answer as places: entries that do not read
 * as a place in range are left out, and at most PLACE_RESULTS_MAX are kept.
 */
export function toPlaceResults(raw: unknown): PlaceResult[] {
  if (!Array.isArray(raw)) return [];
  const out: PlaceResult[] = [];
  for (const entry of raw) {
    const parsed = NominatimPlace.safeParse(entry);
    if (!parsed.success) continue;
    const { display_name, lat, lon, boundingbox } = parsed.data;
    if (Math.abs(lat) > 90 || Math.abs(lon) > 180) continue;
    const bounds = boundingbox ? { south: boundingbox[0], north: boundingbox[1], west: boundingbox[2], east: boundingbox[3] } : null;
    const boundsOk = bounds && bounds.south <= bounds.north && bounds.west <= bounds.east && Math.abs(bounds.south) <= 90 && Math.abs(bounds.north) <= 90;
    out.push({ name: display_name, lat, lng: lon, bounds: boundsOk ? bounds : null, source: 'geocoder' });
    if (out.length >= PLACE_RESULTS_MAX) break;
  }
  return out;
}

/** The middle of the box around some points (where a game master last played); null without any. */
export function centreOf(points: ReadonlyArray<{ lat: number; lng: number }>): { lat: number; lng: number } | null {
  const valid = points.filter((p) => Number.isFinite(p.lat) && Number.isFinite(p.lng) && Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180);
  if (valid.length === 0) return null;
  const lats = valid.map((p) => p.lat);
  const lngs = valid.map((p) => p.lng);
  return { lat: (Math.min(...lats) + Math.max(...lats)) / 2, lng: (Math.min(...lngs) + Math.max(...lngs)) / 2 };
}
