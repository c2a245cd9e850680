/** A point on the earth in decimal degrees (WGS 84). */
export interface LatLng {
  readonly lat: number;
  readonly lng: number;
}

/** The eight compass points, clockwise from north. */
export const COMPASS_POINTS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
export type CompassPoint = (typeof COMPASS_POINTS)[number];

/** The precision tiers of the live-play spec's watch code, best first. */
export const PRECISION_TIERS = ['ultra_high', 'high_smoothed', 'high', 'standard'] as const;
export type PrecisionTier = (typeof PRECISION_TIERS)[number];

/** True when both coordinates are finite and within the WGS 84 ranges. */
export function isValidLatLng(p: { lat: unknown; lng: unknown }): boolean {
  return (
    typeof p.lat === 'number' &&
    typeof p.lng === 'number' &&
    Number.isFinite(p.lat) &&
    Number.isFinite(p.lng) &&
    Math.abs(p.lat) <= 90 &&
    Math.abs(p.lng) <= 180
  );
}
