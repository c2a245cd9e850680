// The play area and its no-go zones (issue 26; decisions 811, 812): what a valid drawing is, where a
// dinosaur may be placed, and where a hunter is. Server and client call the same functions, so the
// map refuses what the server would refuse. Geometry in degrees through turf (point in polygon,
// self-intersection); distances in metres on a local flat projection, plenty for areas a group walks.
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import { polygon } from '@turf/helpers';
import kinks from '@turf/kinks';
import type { LatLng } from './geo-types';
import { PLAY_AREA_MESSAGES, type ZoneState } from './play-area-schemas';
import {
  MAX_NO_GO_ZONES,
  MAX_PLAY_AREA_TOTAL_VERTICES,
  MAX_PLAY_AREA_VERTICES,
  MIN_PLAY_AREA_SQ_M,
  ZONE_HYSTERESIS_M,
} from './rules';

export type Ring = readonly LatLng[];
/** The area (null: play anywhere) and its no-go zones, as stored on the session. */
export type PlayAreaShape = { area: Ring | null; zones: readonly Ring[] };

const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;

/** The ring without a closing corner equal to the first, nor corners repeated in a row (a double click). */
export function normaliseRing(ring: Ring): LatLng[] {
  const out: LatLng[] = [];
  for (const p of ring) {
    const last = out[out.length - 1];
    if (last && last.lat === p.lat && last.lng === p.lng) continue;
    out.push({ lat: p.lat, lng: p.lng });
  }
  const first = out[0];
  const last = out[out.length - 1];
  if (out.length > 1 && first && last && first.lat === last.lat && first.lng === last.lng) out.pop();
  return out;
}

// Built once per ring: every hunter's fix is judged against the same stored rings.
const turfRings = new WeakMap<Ring, ReturnType<typeof polygon>>();

/** GeoJSON's closed [lng, lat] ring. */
function toTurf(ring: Ring) {
  let feature = turfRings.get(ring);
  if (!feature) {
    feature = polygon([[...ring.map((p) => [p.lng, p.lat]), [ring[0]!.lng, ring[0]!.lat]]]);
    turfRings.set(ring, feature);
  }
  return feature;
}

/** Metres east and north of `origin` (equirectangular: exact enough over a few kilometres). */
function project(origin: LatLng, p: LatLng): [number, number] {
  return [(p.lng - origin.lng) * RAD * EARTH_RADIUS_M * Math.cos(origin.lat * RAD), (p.lat - origin.lat) * RAD * EARTH_RADIUS_M];
}

/** The ring's area in square metres (shoelace on the local projection). */
export function ringAreaSqM(ring: Ring): number {
  if (ring.length < 3) return 0;
  const pts = ring.map((p) => project(ring[0]!, p));
  let sum = 0;
  for (let i = 0; i < pts.length; i++) {
    const [x1, y1] = pts[i]!;
    const [x2, y2] = pts[(i + 1) % pts.length]!;
    sum += x1 * y2 - x2 * y1;
  }
  return Math.abs(sum) / 2;
}

/** True when the ring's edges cross one another (a figure of eight). */
export function selfIntersects(ring: Ring): boolean {
  return kinks(toTurf(ring)).features.length > 0;
}

/** True when `p` is inside the ring or on its edge. */
export function isInside(p: LatLng, ring: Ring): boolean {
  return ring.length >= 3 && booleanPointInPolygon([p.lng, p.lat], toTurf(ring));
}

/** Metres from `p` to the nearest edge of the ring (0 on the edge), whichever side it is. */
export function distanceToEdgeM(p: LatLng, ring: Ring): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < ring.length; i++) {
    const [ax, ay] = project(p, ring[i]!);
    const [bx, by] = project(p, ring[(i + 1) % ring.length]!);
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2));
    best = Math.min(best, Math.hypot(ax + t * dx, ay + t * dy));
  }
  return best;
}

/** Whether segments ab and cd cross properly (touching ends do not count), in degrees. */
function segmentsCross(a: LatLng, b: LatLng, c: LatLng, d: LatLng): boolean {
  const orient = (p: LatLng, q: LatLng, r: LatLng) => Math.sign((q.lng - p.lng) * (r.lat - p.lat) - (q.lat - p.lat) * (r.lng - p.lng));
  const o1 = orient(a, b, c);
  const o2 = orient(a, b, d);
  const o3 = orient(c, d, a);
  const o4 = orient(c, d, b);
  return o1 !== 0 && o2 !== 0 && o3 !== 0 && o4 !== 0 && o1 !== o2 && o3 !== o4;
}

/** True when every corner of `inner` is in `outer` and no edge of one crosses an edge of the other. */
export function ringWithin(inner: Ring, outer: Ring): boolean {
  if (!inner.every((p) => isInside(p, outer))) return false;
  for (let i = 0; i < inner.length; i++) {
    const a = inner[i]!;
    const b = inner[(i + 1) % inner.length]!;
    for (let j = 0; j < outer.length; j++) {
      if (segmentsCross(a, b, outer[j]!, outer[(j + 1) % outer.length]!)) return false;
    }
  }
  return true;
}

/** The problem with one ring (already normalised), worded for the area or zone `zone` (1-based). */
function ringProblem(ring: Ring, zone: number | null): string | null {
  const m = PLAY_AREA_MESSAGES;
  if (ring.length < 3) return zone === null ? m.tooFewVertices : m.zoneTooFewVertices(zone);
  if (ring.length > MAX_PLAY_AREA_VERTICES) return zone === null ? m.tooManyVertices : m.zoneTooManyVertices(zone);
  if (selfIntersects(ring)) return zone === null ? m.selfIntersecting : m.zoneSelfIntersecting(zone);
  if (ringAreaSqM(ring) < MIN_PLAY_AREA_SQ_M) return zone === null ? m.tooSmall : m.zoneTooSmall(zone);
  return null;
}

/**
 * The first problem with a drawing, as the message to show (null: valid). Rings are normalised
 * first (normaliseRing); the caller stores the normalised rings.
 */
export function playAreaProblem(area: Ring | null, zones: readonly Ring[]): string | null {
  const m = PLAY_AREA_MESSAGES;
  if (area === null) return zones.length > 0 ? m.zonesNeedArea : null;
  const areaProblem = ringProblem(area, null);
  if (areaProblem) return areaProblem;
  if (zones.length > MAX_NO_GO_ZONES) return m.tooManyZones;
  const total = zones.reduce((n, z) => n + z.length, area.length);
  if (total > MAX_PLAY_AREA_TOTAL_VERTICES) return m.tooManyInAll;
  for (let i = 0; i < zones.length; i++) {
    const zone = zones[i]!;
    const problem = ringProblem(zone, i + 1);
    if (problem) return problem;
    if (!ringWithin(zone, area)) return m.zoneOutside(i + 1);
  }
  return null;
}

/**
 * Why a dinosaur may not be placed at `point` (deploy, move), or null when it may. Without an area
 * every place is allowed; the edge of the area counts as inside, the edge of a zone as in the zone.
 */
export function placementProblem(point: LatLng, area: Ring | null, zones: readonly Ring[]): string | null {
  if (area !== null && !isInside(point, area)) return PLAY_AREA_MESSAGES.outsideArea;
  if (zones.some((z) => isInside(point, z))) return PLAY_AREA_MESSAGES.inNoGoZone;
  return null;
}

/**
 * Where a hunter at `point` is (decision 811): outside the area, in a no-go zone, or inside; null when
 * the session has no area. A first fix is judged as it is. After that a change needs the fix
 * `marginM` past the line: leaving the area or entering a zone from inside, and coming back in from
 * outside or out of a zone. Jitter along a line thus keeps the last state instead of flickering
 * alerts; a real crossing shows a few metres later. The fix's accuracy is deliberately not an
 * excuse: a poor fix would otherwise hide a child walking out.
 */
export function zoneStateOf(
  point: LatLng,
  shape: PlayAreaShape,
  previous: ZoneState | null,
  marginM: number = ZONE_HYSTERESIS_M,
): ZoneState | null {
  const { area, zones } = shape;
  if (area === null) return null;
  const inArea = isInside(point, area);
  const clearOfAreaEdge = distanceToEdgeM(point, area) >= marginM;
  const outside =
    previous === null ? !inArea : previous === 'outside_area' ? !(inArea && clearOfAreaEdge) : !inArea && clearOfAreaEdge;
  if (outside) return 'outside_area';
  const inZone = zones.some((zone) => {
    const within = isInside(point, zone);
    if (previous === 'in_no_go') return within || distanceToEdgeM(point, zone) < marginM;
    if (previous === 'inside') return within && distanceToEdgeM(point, zone) >= marginM;
    return within;
  });
  return inZone ? 'in_no_go' : 'inside';
}

/** A stored ring list as it comes from the database (JSON text, or already parsed), tolerant of junk. */
export function readRings(value: unknown): LatLng[][] {
  const parsed = typeof value === 'string' ? safeJson(value) : value;
  if (!Array.isArray(parsed)) return [];
  return parsed.filter(Array.isArray).map((ring: unknown[]) => ring.filter(isPoint).map((p) => ({ lat: p.lat, lng: p.lng })));
}

/** A stored area (JSON text, parsed, or null). */
export function readRing(value: unknown): LatLng[] | null {
  const parsed = typeof value === 'string' ? safeJson(value) : value;
  if (!Array.isArray(parsed)) return null;
  const ring = parsed.filter(isPoint).map((p) => ({ lat: p.lat, lng: p.lng }));
  return ring.length >= 3 ? ring : null;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function isPoint(p: unknown): p is LatLng {
  return (
    typeof p === 'object' &&
    p !== null &&
    Number.isFinite((p as LatLng).lat) &&
    Number.isFinite((p as LatLng).lng)
  );
}

/** What a start should ask about first (decision 813): no dinosaurs, or some outside the area. Empty: start at once. */
export function startWarnings(deployed: number, misplaced: number): string[] {
  const warnings: string[] = [];
  if (deployed === 0) warnings.push(PLAY_AREA_MESSAGES.startNoDinosaurs);
  if (misplaced > 0) warnings.push(PLAY_AREA_MESSAGES.startMisplaced(misplaced));
  return warnings;
}
