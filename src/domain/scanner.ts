/**
 * The scanner: distance, bearing, compass point, signal strength and the list
 * of targetable creatures around a hunter (live-play spec, sections 4 and 9).
 *
 * Pure functions only: no I/O, no clock, no randomness.
 */
import { COMPASS_POINTS, type CompassPoint, isValidLatLng, type LatLng } from './geo-types';
import {
  DETECTION_RADIUS_M,
  EARTH_RADIUS_M,
  IMMEDIATE_THREAT_M,
  SIGNAL_MAX,
  SIGNAL_MAX_LOSS,
  SIGNAL_MIN,
  TARGETABLE_DINOSAUR_STATUSES,
} from './rules';

export { EARTH_RADIUS_M } from './rules';
export type { CompassPoint, LatLng } from './geo-types';

const FULL_TURN_DEG = 360;
const HALF_TURN_DEG = 180;
const DEG_TO_RAD = Math.PI / HALF_TURN_DEG;
const RAD_TO_DEG = HALF_TURN_DEG / Math.PI;
const NORTH_POLE_LAT = 90;
const SECTOR_DEG = FULL_TURN_DEG / COMPASS_POINTS.length;

/**
 * Great-circle distance in metres between two points (haversine formula,
 * sphere of radius {@link EARTH_RADIUS_M}). Symmetric, never negative; NaN
 * when a coordinate is not a finite number.
 */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const phi1 = a.lat * DEG_TO_RAD;
  const phi2 = b.lat * DEG_TO_RAD;
  const dPhi = phi2 - phi1;
  const dLambda = (b.lng - a.lng) * DEG_TO_RAD;
  const sinHalfPhi = Math.sin(dPhi / 2);
  const sinHalfLambda = Math.sin(dLambda / 2);
  const h = sinHalfPhi * sinHalfPhi + Math.cos(phi1) * Math.cos(phi2) * sinHalfLambda * sinHalfLambda;
  // Rounding can push h a hair outside [0, 1] for antipodal points.
  const clamped = Math.min(1, Math.max(0, h));
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(clamped));
}

/** Normalises any angle in degrees to 0 <= angle < 360 (never -0, never 360). */
export function normalizeDegrees(deg: number): number {
  const r = deg % FULL_TURN_DEG;
  const n = r < 0 ? r + FULL_TURN_DEG : r;
  // A tiny negative remainder plus 360 can round to exactly 360; -0 becomes 0.
  return n >= FULL_TURN_DEG || n === 0 ? 0 : n;
}

/**
 * Initial great-circle bearing from `from` to `to`, in degrees clockwise from
 * true north, 0 <= bearing < 360.
 *
 * Degenerate cases, where the formula has no single answer, are decided so:
 * the same point gives 0; standing on the north pole every direction is south
 * (180); standing on the south pole every direction is north (0); heading to
 * the north pole is 0 and to the south pole 180 from anywhere else.
 * Longitudes are compared modulo 360, so the antimeridian is crossed the short
 * way. NaN when a coordinate is not a finite number (there is no bearing).
 */
export function bearingDegrees(from: LatLng, to: LatLng): number {
  if (from.lat >= NORTH_POLE_LAT) return HALF_TURN_DEG;
  if (from.lat <= -NORTH_POLE_LAT) return 0;
  if (to.lat >= NORTH_POLE_LAT) return 0;
  if (to.lat <= -NORTH_POLE_LAT) return HALF_TURN_DEG;
  const phi1 = from.lat * DEG_TO_RAD;
  const phi2 = to.lat * DEG_TO_RAD;
  const dLambda = (to.lng - from.lng) * DEG_TO_RAD;
  const y = Math.sin(dLambda) * Math.cos(phi2);
  const x = Math.cos(phi1) * Math.sin(phi2) - Math.sin(phi1) * Math.cos(phi2) * Math.cos(dLambda);
  if (y === 0 && x === 0) return 0;
  return normalizeDegrees(Math.atan2(y, x) * RAD_TO_DEG);
}

/**
 * The compass point of a bearing. Each of the eight sectors is 45 degrees wide
 * and centred on its point; a bearing exactly on a boundary belongs to the
 * next sector clockwise (22.5 is NE, 337.5 is N). Any finite angle is
 * accepted and normalised first; a non-finite one gives 'N'.
 */
export function compassPoint(bearing: number): CompassPoint {
  if (!Number.isFinite(bearing)) return 'N';
  const index = Math.floor(normalizeDegrees(bearing) / SECTOR_DEG + 0.5) % COMPASS_POINTS.length;
  return COMPASS_POINTS[index] ?? 'N';
}

/**
 * Signal strength of a creature at `distanceM` metres:
 * 100 - min(90, distance), so 100 on top of it and 10 from 90 m on.
 * Always within [10, 100]: a negative or non-finite distance is treated as
 * 0 m (negative) or out of range (NaN, infinity). Not rounded.
 */
export function signalStrength(distanceM: number): number {
  if (Number.isNaN(distanceM)) return SIGNAL_MIN;
  const d = Math.max(0, distanceM);
  return Math.max(SIGNAL_MIN, SIGNAL_MAX - Math.min(SIGNAL_MAX_LOSS, d));
}

const TARGETABLE = new Set<string>(TARGETABLE_DINOSAUR_STATUSES);

/**
 * True when a deployed dinosaur can be targeted: its status is missing
 * (undefined, null or the empty string) or exactly 'active', 'alive' or
 * 'deployed'. Any other value ('captured', 'removed', 'ACTIVE', ...) is not.
 */
export function isTargetable(status: string | null | undefined): boolean {
  if (status === undefined || status === null || status === '') return true;
  return TARGETABLE.has(status);
}

/**
 * A creature as the scanner reads it. Both wire shapes are accepted:
 * `{ lat, lng }` and the REST shape `{ latitude, longitude }`, whose values
 * may be numeric strings (accounts spec, section 3). `lat`/`lng` win when both
 * are present.
 */
export interface ScanCreature<Id = string | number> {
  readonly id: Id;
  readonly status?: string | null;
  readonly lat?: number;
  readonly lng?: number;
  readonly latitude?: number | string;
  readonly longitude?: number | string;
}

export interface ScanHit<Id = string | number> {
  readonly id: Id;
  /** Great-circle distance from the hunter, metres. */
  readonly distanceM: number;
  /** Initial bearing from the hunter, degrees, 0 <= bearing < 360. */
  readonly bearing: number;
  readonly direction: CompassPoint;
  /** {@link signalStrength} of the distance, 10..100. */
  readonly signal: number;
  /** True at {@link IMMEDIATE_THREAT_M} (25 m) or less. */
  readonly immediateThreat: boolean;
}

export interface ScanOptions {
  /** Detection radius in metres, inclusive. Default {@link DETECTION_RADIUS_M} (1000). */
  readonly radiusM?: number;
  /** Immediate-threat distance in metres, inclusive. Default {@link IMMEDIATE_THREAT_M} (25). */
  readonly threatM?: number;
}

function toCoordinate(primary: number | undefined, wire: number | string | undefined): number {
  if (typeof primary === 'number') return primary;
  if (typeof wire === 'number') return wire;
  if (typeof wire === 'string' && wire.trim() !== '') return Number(wire);
  return Number.NaN;
}

/** The position of a creature, or null when it has no valid coordinates. */
export function creaturePosition(creature: ScanCreature<unknown>): LatLng | null {
  const lat = toCoordinate(creature.lat, creature.latitude);
  const lng = toCoordinate(creature.lng, creature.longitude);
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
    return null;
  }
  return { lat, lng };
}

/**
 * Scans around the hunter: the targetable creatures (see {@link isTargetable})
 * within the detection radius (inclusive), nearest first. Equal distances keep
 * the input order. Creatures without valid coordinates are skipped, and a
 * hunter position that is not valid finds nothing.
 */
export function scan<Id>(
  hunter: LatLng,
  creatures: readonly ScanCreature<Id>[],
  options: ScanOptions = {},
): ScanHit<Id>[] {
  const radiusM = options.radiusM ?? DETECTION_RADIUS_M;
  const threatM = options.threatM ?? IMMEDIATE_THREAT_M;
  if (!isValidLatLng(hunter)) return [];
  const hits: ScanHit<Id>[] = [];
  for (const creature of creatures) {
    if (!isTargetable(creature.status)) continue;
    const position = creaturePosition(creature);
    if (position === null) continue;
    const distanceM = distanceMeters(hunter, position);
    if (!(distanceM <= radiusM)) continue;
    const bearing = bearingDegrees(hunter, position);
    hits.push({
      id: creature.id,
      distanceM,
      bearing,
      direction: compassPoint(bearing),
      signal: signalStrength(distanceM),
      immediateThreat: distanceM <= threatM,
    });
  }
  // Array.prototype.sort is stable, so ties keep the input order.
  return hits.sort((a, b) => a.distanceM - b.distanceM);
}

/** The nearest targetable creature within range, or null. */
export function nearest<Id>(
  hunter: LatLng,
  creatures: readonly ScanCreature<Id>[],
  options: ScanOptions = {},
): ScanHit<Id> | null {
  return scan(hunter, creatures, options)[0] ?? null;
}
