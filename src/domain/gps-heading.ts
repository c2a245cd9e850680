/**
 * The hunter's heading (degrees clockwise from true north) for the map's own
 * marker and the AR view: the device's when it gives one while moving, else
 * the direction of the hunter's own movement between fused positions.
 *
 * Pure: state in, state out.
 */
import type { LatLng } from './geo-types';
import { HEADING_MIN_MOVE_M, HEADING_MIN_SPEED_MPS } from './rules';
import { bearingDegrees, distanceMeters, normalizeDegrees } from './scanner';

export interface HeadingState {
  readonly heading: number | null;
  /** The position the next movement is measured from. */
  readonly anchor: LatLng | null;
}

export const initialHeadingState: HeadingState = { heading: null, anchor: null };

export interface HeadingInput {
  /** The fused position after this fix. */
  readonly position: LatLng;
  /** GeolocationCoordinates.heading (null or NaN when the device has none). */
  readonly deviceHeading?: number | null;
  /** GeolocationCoordinates.speed, m/s (null when unknown). */
  readonly speed?: number | null;
}

/**
 * The device's heading wins when it is a number and the hunter moves at
 * HEADING_MIN_SPEED_MPS or more (or the speed is unknown). Otherwise, once the
 * position has moved HEADING_MIN_MOVE_M from the anchor, the heading is the
 * bearing of that move; smaller moves (GPS jitter) keep the last heading.
 */
export function nextHeading(state: HeadingState, input: HeadingInput): HeadingState {
  const { position, deviceHeading, speed } = input;
  const deviceUsable =
    typeof deviceHeading === 'number' &&
    Number.isFinite(deviceHeading) &&
    (speed === null || speed === undefined || !Number.isFinite(speed) || speed >= HEADING_MIN_SPEED_MPS);
  if (deviceUsable) return { heading: normalizeDegrees(deviceHeading), anchor: position };
  if (state.anchor === null) return { heading: state.heading, anchor: position };
  if (distanceMeters(state.anchor, position) < HEADING_MIN_MOVE_M) return state;
  return { heading: bearingDegrees(state.anchor, position), anchor: position };
}
