// How GPS quality reads on a phone in the sun: a short tier name and a strong
// colour (filled badges with auto contrast), from the fused accuracy.
import type { PrecisionTier } from '../../../domain/gps';
import { FUSION_GOOD_ACCURACY_M } from '../../../domain/rules';

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

/** Colours of a reading, at AA contrast: green for 2 m, teal for 5 m, yellow beyond, red when worse than 50 m. */
export function tierColours(tier: PrecisionTier, accuracyM: number): BadgeColours {
  if (accuracyM > FUSION_GOOD_ACCURACY_M) return { bg: 'red.8', c: 'white' };
  switch (tier) {
    case 'ultra_high':
      return { bg: 'jungle.9', c: 'white' };
    case 'high_smoothed':
    case 'high':
      return { bg: 'teal.9', c: 'white' };
    case 'standard':
      return { bg: 'yellow.4', c: 'dark.9' };
  }
}

/** No reading: searching (neutral) or failed (red). */
export const SEARCHING_COLOURS: BadgeColours = { bg: 'dark.6', c: 'white' };
export const FAILED_COLOURS: BadgeColours = { bg: 'red.8', c: 'white' };
