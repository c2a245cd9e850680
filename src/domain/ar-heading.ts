/**
 * Compass maths for the AR view: the heading of the phone's rear camera from
 * DeviceOrientation angles (W3C formula), circular means, the one-off
 * calibration that ties a WebXR session's arbitrary yaw to true north, and
 * smoothing. Angles are degrees; headings and bearings run clockwise from
 * north, 0 <= h < 360.
 *
 * Pure functions only: no I/O, no clock, no randomness.
 */
import { AR_CALIBRATION_MAX_SPREAD_DEG, AR_CALIBRATION_SAMPLES } from './rules';
import type { CompassPoint } from './geo-types';
import { normalizeDegrees } from './scanner';

const DEG = Math.PI / 180;
/** Below this horizontal length the camera looks (nearly) straight up or down: no heading. */
const MIN_HORIZONTAL = 1e-6;

/**
 * The compass heading of the direction the rear camera looks along, from the
 * absolute (earth-referenced) DeviceOrientation angles alpha, beta, gamma in
 * degrees, following the DeviceOrientation Event specification's worked example
 * ("Calculating compass heading"). Null when an angle is missing or not finite,
 * or when the camera looks straight down or up (a phone lying flat).
 */
export function headingFromOrientation(
  alpha: number | null | undefined,
  beta: number | null | undefined,
  gamma: number | null | undefined,
): number | null {
  if (![alpha, beta, gamma].every((a) => typeof a === 'number' && Number.isFinite(a))) return null;
  const x = (beta as number) * DEG;
  const y = (gamma as number) * DEG;
  const z = (alpha as number) * DEG;
  const vx = -Math.cos(z) * Math.sin(y) - Math.sin(z) * Math.sin(x) * Math.cos(y);
  const vy = -Math.sin(z) * Math.sin(y) + Math.cos(z) * Math.sin(x) * Math.cos(y);
  if (Math.hypot(vx, vy) < MIN_HORIZONTAL) return null;
  return normalizeDegrees(Math.atan2(vx, vy) / DEG);
}

/**
 * The absolute alpha for a relative DeviceOrientation reading whose true
 * heading is known from elsewhere (iOS: `webkitCompassHeading`). Turning the
 * phone counter-clockwise by d degrees raises alpha by d and lowers the
 * heading by d, so alpha is shifted by (heading from the angles - known heading).
 * Null when the angles give no heading.
 */
export function absoluteAlpha(alpha: number, beta: number, gamma: number, compassHeading: number): number | null {
  const relative = headingFromOrientation(alpha, beta, gamma);
  if (relative === null || !Number.isFinite(compassHeading)) return null;
  return normalizeDegrees(alpha + signedAngle(relative - compassHeading));
}

/** An angle folded into (-180, 180]: the signed turn from one direction to another. */
export function signedAngle(deg: number): number {
  const n = normalizeDegrees(deg);
  return n > 180 ? n - 360 : n;
}

/** How far to turn (degrees, positive clockwise) from `heading` to face `bearing`. */
export function relativeBearing(bearing: number, heading: number): number {
  return signedAngle(bearing - heading);
}

export interface CircularStats {
  /** The mean direction, 0 <= mean < 360. */
  readonly mean: number;
  /** Circular standard deviation, degrees (0 when all agree). */
  readonly spread: number;
}

/**
 * The circular mean and spread of angles (so 359 and 1 average to 0, not 180).
 * Null for no angles or when they cancel out (e.g. 0 and 180): there is no
 * mean direction. Non-finite values are ignored.
 */
export function circularStats(angles: readonly number[]): CircularStats | null {
  let s = 0;
  let c = 0;
  let n = 0;
  for (const a of angles) {
    if (!Number.isFinite(a)) continue;
    s += Math.sin(a * DEG);
    c += Math.cos(a * DEG);
    n += 1;
  }
  if (n === 0) return null;
  const r = Math.hypot(s, c) / n;
  if (r < 1e-9) return null;
  // Circular standard deviation sqrt(-2 ln R); R can round a hair above 1.
  const spread = Math.sqrt(Math.max(0, -2 * Math.log(Math.min(1, r)))) / DEG;
  return { mean: normalizeDegrees(Math.atan2(s, c) / DEG), spread };
}

/** The circular mean of angles, or null (see circularStats). */
export function circularMean(angles: readonly number[]): number | null {
  return circularStats(angles)?.mean ?? null;
}

export interface HeadingSample {
  /** Compass heading of the camera, clockwise from north. */
  readonly heading: number;
  /** The WebXR viewer's yaw at the same moment, counter-clockwise about +Y. */
  readonly viewerYaw: number;
}

export type Calibration =
  | { readonly status: 'ready'; readonly northYaw: number; readonly spread: number }
  | { readonly status: 'collecting'; readonly count: number }
  | { readonly status: 'unsteady'; readonly spread: number };

/**
 * Ties the session's frame to true north. For each sample, the session yaw
 * that faces north is viewerYaw + heading (heading h clockwise of north is
 * north turned by -h in the session's counter-clockwise yaw). Their circular
 * mean is the calibration; more than `maxSpreadDeg` of spread means the phone
 * moved or the compass is unsettled: hold still and try again.
 */
export function calibrateNorthYaw(
  samples: readonly HeadingSample[],
  minSamples = AR_CALIBRATION_SAMPLES,
  maxSpreadDeg = AR_CALIBRATION_MAX_SPREAD_DEG,
): Calibration {
  const valid = samples.filter((s) => Number.isFinite(s.heading) && Number.isFinite(s.viewerYaw));
  if (valid.length < minSamples) return { status: 'collecting', count: valid.length };
  const stats = circularStats(valid.map((s) => s.viewerYaw + s.heading));
  if (stats === null || stats.spread > maxSpreadDeg) return { status: 'unsteady', spread: stats?.spread ?? 180 };
  return { status: 'ready', northYaw: stats.mean, spread: stats.spread };
}

/**
 * Moves `previous` a fraction `factor` (0..1) of the short way towards `next`
 * (exponential smoothing on the circle: 350 -> 10 passes through 0).
 * Null previous takes next as it is.
 */
export function smoothAngle(previous: number | null, next: number, factor: number): number {
  if (previous === null || !Number.isFinite(previous)) return normalizeDegrees(next);
  const k = Math.min(1, Math.max(0, factor));
  return normalizeDegrees(previous + signedAngle(next - previous) * k);
}

/** Within this many degrees of the direction of travel a target is "straight ahead" (and "behind" beyond 180 minus it). */
const AHEAD_DEG = 20;

/**
 * The walking direction in words when no compass turns the view (3D viewer): relative to the
 * hunter's direction of travel from GPS when there is one ('Turn right 104°: S (194° from
 * north)', 'Straight ahead: ...', 'Turn around: ...'), else 'Walk NE (42° from north)'.
 */
export function walkingDirection(target: { readonly bearing: number; readonly direction: CompassPoint }, travel: number | null | undefined): string {
  const base = `${target.direction} (${Math.round(normalizeDegrees(target.bearing))}° from north)`;
  if (typeof travel !== 'number' || !Number.isFinite(travel)) return `Walk ${base}`;
  const turn = relativeBearing(target.bearing, travel);
  if (Math.abs(turn) <= AHEAD_DEG) return `Straight ahead: ${base}`;
  if (Math.abs(turn) >= 180 - AHEAD_DEG) return `Turn around: ${base}`;
  return `${turn < 0 ? 'Turn left' : 'Turn right'} ${Math.round(Math.abs(turn))}°: ${base}`;
}
