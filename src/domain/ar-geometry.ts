/**
 * Where the AR view draws the nearest dinosaur: the scanner's distance and
 * bearing turned into metres in a local frame, capped to a display distance,
 * and rotated into a WebXR session's frame; the edge arrow of the camera
 * overlay. Heading maths (compass, calibration) is in ./ar-heading.
 *
 * Frames used here:
 * - ENU: east and north in metres on the local tangent plane (not Web
 *   Mercator units, which are stretched by 1/cos(latitude)).
 * - WebXR / three.js: right-handed, +Y up, a camera looks along -Z; a yaw is a
 *   counter-clockwise turn about +Y seen from above, in degrees.
 *
 * Pure functions only: no I/O, no clock, no randomness.
 */
import {
  AR_BEARING_RELIABLE_M,
  AR_DISPLAY_DISTANCE_CAP_M,
  AR_DISPLAY_DISTANCE_MIN_M,
  AR_FRAME_FILL_FAR,
  AR_FRAME_FILL_FAR_M,
  AR_FRAME_FILL_NEAR,
  AR_FRAME_FILL_NEAR_M,
  AR_MIN_DISPLAY_SCALE,
  AR_REPLACE_AFTER_MOVE_M,
} from './rules';
import { normalizeDegrees } from './scanner';

const DEG = Math.PI / 180;

export interface EnuOffset {
  /** Metres east (negative: west). */
  readonly east: number;
  /** Metres north (negative: south). */
  readonly north: number;
}

/** The offset of a point `distanceM` away along `bearingDeg` (clockwise from north). */
export function enuOffset(distanceM: number, bearingDeg: number): EnuOffset {
  const d = Math.max(0, distanceM);
  return { east: d * Math.sin(bearingDeg * DEG), north: d * Math.cos(bearingDeg * DEG) };
}

export interface DisplayPlacement {
  /** How far from the user the model is drawn, metres. */
  readonly distanceM: number;
  /** Multiplier of the model's life size (1 = life size). */
  readonly scale: number;
}

export interface DisplayOptions {
  readonly capM?: number;
  readonly minM?: number;
  readonly minScale?: number;
}

/**
 * The display distance and size of a target `distanceM` away. Within
 * [minM, capM] it is drawn where it is, at life size. Farther, it is drawn at
 * capM and shrunk by capM / distance (so it covers the same angle as the real
 * one would) but never below minScale. Nearer than minM (including a target
 * under the user's feet) it is drawn at minM, life size. A non-finite or
 * negative distance is treated as 0.
 */
export function displayPlacement(distanceM: number, options: DisplayOptions = {}): DisplayPlacement {
  const capM = options.capM ?? AR_DISPLAY_DISTANCE_CAP_M;
  const minM = Math.min(options.minM ?? AR_DISPLAY_DISTANCE_MIN_M, capM);
  const minScale = options.minScale ?? AR_MIN_DISPLAY_SCALE;
  const d = Number.isFinite(distanceM) && distanceM > 0 ? distanceM : 0;
  if (d <= minM) return { distanceM: minM, scale: 1 };
  if (d <= capM) return { distanceM: d, scale: 1 };
  return { distanceM: capM, scale: Math.max(minScale, capM / d) };
}

/** True when the GPS bearing to a target this close means something (see AR_BEARING_RELIABLE_M). */
export function bearingIsReliable(distanceM: number): boolean {
  return Number.isFinite(distanceM) && distanceM >= AR_BEARING_RELIABLE_M;
}

export interface XrGroundOffset {
  /** Metres along the session's +X. */
  readonly x: number;
  /** Metres along the session's +Z. */
  readonly z: number;
}

/**
 * An ENU offset in a WebXR session's horizontal plane, given `northYawDeg`:
 * the session yaw (counter-clockwise about +Y) of a camera facing true north
 * (see calibrateNorthYaw in ./ar-heading). Bearing b then has yaw northYaw - b,
 * and a yaw psi looks along (-sin psi, -cos psi) in (x, z).
 */
export function xrOffsetFromEnu(offset: EnuOffset, northYawDeg: number): XrGroundOffset {
  const c = Math.cos(northYawDeg * DEG);
  const s = Math.sin(northYawDeg * DEG);
  // North is the unit vector (-s, -c), east is north turned 90 degrees clockwise: (c, -s).
  return {
    x: offset.east * c - offset.north * s,
    z: -offset.east * s - offset.north * c,
  };
}

/**
 * The yaw (degrees, counter-clockwise about +Y, 0 <= yaw < 360) of the
 * direction a camera with quaternion (x, y, z, w) looks along, projected on the
 * ground. NaN when it looks straight up or down (no horizontal direction).
 */
export function yawFromQuaternion(x: number, y: number, z: number, w: number): number {
  // The camera's forward (0, 0, -1) rotated by the quaternion: only its x and z matter.
  const fx = -2 * (x * z + w * y);
  const fz = -(1 - 2 * (x * x + y * y));
  if (Math.hypot(fx, fz) < 1e-9) return Number.NaN;
  return normalizeDegrees(Math.atan2(-fx, -fz) / DEG);
}

/**
 * True when the placed dinosaur must be placed again: another target, or the
 * hunter's GPS position has moved `movedM` (>= AR_REPLACE_AFTER_MOVE_M) since
 * it was placed. Small GPS jitter never moves it.
 */
export function needsReplacement(sameTarget: boolean, movedM: number, thresholdM = AR_REPLACE_AFTER_MOVE_M): boolean {
  if (!sameTarget) return true;
  return !(movedM < thresholdM);
}

export interface EdgeArrow {
  /** True when the target is in front of the camera and inside the picture. */
  readonly onScreen: boolean;
  /** Where the arrow sits, in normalised device coordinates (-1..1, +y up), on the picture's border. */
  readonly x: number;
  readonly y: number;
  /** Clockwise rotation (CSS) of an arrow that points up at 0, so it points at the target. */
  readonly rotationDeg: number;
}

/**
 * The off-screen arrow for a target whose projection is (ndcX, ndcY)
 * (three's Vector3.project). `behind` when it is behind the camera: the
 * projection is then mirrored, so the arrow points the short way round. The
 * arrow sits on the border, `inset` inside the -1..1 square.
 */
export function edgeArrow(ndcX: number, ndcY: number, behind: boolean, inset = 0.85): EdgeArrow {
  const inside = !behind && Math.abs(ndcX) <= 1 && Math.abs(ndcY) <= 1;
  let dx = behind ? -ndcX : ndcX;
  let dy = behind ? -ndcY : ndcY;
  if (behind && Math.hypot(dx, dy) < 1e-6) {
    // Straight behind: turn either way; choose down (towards the user).
    dx = 0;
    dy = -1;
  }
  if (!Number.isFinite(dx) || !Number.isFinite(dy)) {
    dx = 0;
    dy = -1;
  }
  const k = inset / Math.max(Math.abs(dx), Math.abs(dy), 1e-9);
  // Screen y grows downwards; CSS rotate is clockwise from "up".
  const rotationDeg = normalizeDegrees(Math.atan2(dx, dy) / DEG);
  return { onScreen: inside, x: inside ? ndcX : dx * k, y: inside ? ndcY : dy * k, rotationDeg };
}

/**
 * The share of the picture's height the model fills in the camera overlay, by
 * the target's real distance: AR_FRAME_FILL_NEAR at AR_FRAME_FILL_NEAR_M or
 * nearer, AR_FRAME_FILL_FAR at AR_FRAME_FILL_FAR_M or farther, and in between
 * falling with the logarithm of the distance, so the dinosaur grows steadily as
 * the hunter walks up to it and is never a speck (a 5 m animal 30 m away would
 * be 14 % of a 60 degree picture). A non-finite or negative distance counts as 0.
 */
export function frameFill(distanceM: number): number {
  const d = Number.isFinite(distanceM) && distanceM > 0 ? distanceM : 0;
  if (d <= AR_FRAME_FILL_NEAR_M) return AR_FRAME_FILL_NEAR;
  if (d >= AR_FRAME_FILL_FAR_M) return AR_FRAME_FILL_FAR;
  const t = Math.log(d / AR_FRAME_FILL_NEAR_M) / Math.log(AR_FRAME_FILL_FAR_M / AR_FRAME_FILL_NEAR_M);
  return AR_FRAME_FILL_NEAR + (AR_FRAME_FILL_FAR - AR_FRAME_FILL_NEAR) * t;
}

/**
 * The height in metres a model drawn `displayDistanceM` away must have to fill
 * `fill` of a picture whose vertical field of view is `fovDeg`.
 */
export function heightForFill(displayDistanceM: number, fill: number, fovDeg: number): number {
  return 2 * Math.max(0, displayDistanceM) * Math.tan((fovDeg * DEG) / 2) * Math.max(0, fill);
}
