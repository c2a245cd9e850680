import { describe, expect, it } from 'vitest';
import { TIER_LABEL, tierColours } from './gpsDisplay';

describe('tierColours', () => {
  it.each([
    ['ultra_high', 1.5, 'jungle.9'],
    ['high_smoothed', 4, 'teal.9'],
    ['high', 5, 'teal.9'],
    // A phone's ordinary fix (better than 15 m) is good to hunt with: not a warning.
    ['standard', 8, 'teal.9'],
    ['standard', 15, 'teal.9'],
    ['standard', 15.5, 'yellow.4'],
    ['standard', 50, 'yellow.4'],
    ['standard', 50.1, 'red.8'],
  ] as const)('%s at %d m is %s', (tier, accuracy, bg) => {
    expect(tierColours(tier, accuracy).bg).toBe(bg);
  });

  it('every tier has a short label', () => {
    expect(Object.values(TIER_LABEL)).toEqual(['Ultra', 'High+', 'High', 'Standard']);
  });
});
