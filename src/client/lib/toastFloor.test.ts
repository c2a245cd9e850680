import { describe, expect, it } from 'vitest';
import { toastFloorOffset } from './toastFloor';

describe('where notices sit: above the highest bottom bar', () => {
  it('clears the highest floor (the GPS notice above the tab bar)', () => {
    // 740 px screen: tab bar from 675, GPS notice from 590.
    expect(toastFloorOffset(740, [675, 590])).toBe(150);
    expect(toastFloorOffset(740, [675])).toBe(65);
  });

  it('is 0 without floors, and never below the bottom edge (a floor scrolled off screen)', () => {
    expect(toastFloorOffset(740, [])).toBe(0);
    expect(toastFloorOffset(740, [800])).toBe(0);
  });

  it('rounds up, so a notice never overlaps a fraction of a pixel', () => {
    expect(toastFloorOffset(740, [675.4])).toBe(65);
  });
});
