import { describe, expect, it } from 'vitest';
import { hasLapsed, weeklyPeriodEnd } from './billing-period';

const WEEK = 7 * 24 * 60 * 60 * 1000;

describe('weeklyPeriodEnd', () => {
  it('ends a week after the start during the first week', () => {
    expect(weeklyPeriodEnd(1000, 1000)).toBe(1000 + WEEK);
    expect(weeklyPeriodEnd(1000, 1000 + WEEK - 1)).toBe(1000 + WEEK);
  });
  it('moves on whole weeks: exactly at a boundary the next week has begun', () => {
    expect(weeklyPeriodEnd(1000, 1000 + WEEK)).toBe(1000 + 2 * WEEK);
    expect(weeklyPeriodEnd(0, 3 * WEEK + 5)).toBe(4 * WEEK);
  });
  it('treats a start in the future as the first week', () => {
    expect(weeklyPeriodEnd(5000, 10)).toBe(5000 + WEEK);
  });
});

describe('hasLapsed', () => {
  it('only a cancelled plan whose period has ended', () => {
    expect(hasLapsed({ cancelAtPeriodEnd: true, currentPeriodEnd: 100 }, 100)).toBe(true);
    expect(hasLapsed({ cancelAtPeriodEnd: true, currentPeriodEnd: 100 }, 99)).toBe(false);
    expect(hasLapsed({ cancelAtPeriodEnd: false, currentPeriodEnd: 100 }, 200)).toBe(false);
    expect(hasLapsed({ cancelAtPeriodEnd: true, currentPeriodEnd: null }, 200)).toBe(false);
  });
});
