// How GPS quality reads on a phone in the sun: a short tier name and a strong
// colour (filled badges with auto contrast), from the fused accuracy.
import type { PrecisionTier } from '../../../domain/gps';
import { FUSION_GOOD_ACCURACY_M, GPS_GOOD_FIX_M } from '../../../domain/rules';

export { formatAccuracy } from '../../../domain/gps-acquisition';

export const TIER_LABEL: Record<PrecisionTier, string> = {
  ultra_high: 'Ultra',
  high_smoothed: 'High+',
  high: 'High',
  standard: 'Standard',
};

/** Spoken form of the tier (screen readers). */
export const TIER_DESCRIPTION: Record<PrecisionTier, string> = {
  ultra_high: 'ultra-high precision',
  high_smoothed: 'high precision, smoothed',
  high: 'high precision',
  standard: 'standard precision',
};

export type BadgeColours = { bg: string; c: string };

/**
 * Colours of a reading, at AA contrast. The tier (the spec's 2 m / 5 m) names the reading; the
 * colour says whether it is good enough to hunt with: green for ultra-high precision, teal for
 * 5 m, and also teal for any fix within GPS_GOOD_FIX_M (15 m: a phone's ordinary +-8 m is good
 * for a 100 m observation range); yellow up to 50 m (usable, fusion's limit); red beyond.
 */
export function tierColours(tier: PrecisionTier, accuracyM: number): BadgeColours {
  if (accuracyM > FUSION_GOOD_ACCURACY_M) return { bg: 'red.8', c: 'white' };
  switch (tier) {
    case 'ultra_high':
      return { bg: 'jungle.9', c: 'white' };
    case 'high_smoothed':
    case 'high':
      return { bg: 'teal.9', c: 'white' };
    case 'standard':
      return accuracyM <= GPS_GOOD_FIX_M ? { bg: 'teal.9', c: 'white' } : { bg: 'yellow.4', c: 'dark.9' };
  }
}

/** No reading: searching (neutral) or failed (red). */
export const SEARCHING_COLOURS: BadgeColours = { bg: 'dark.6', c: 'white' };
export const FAILED_COLOURS: BadgeColours = { bg: 'red.8', c: 'white' };
