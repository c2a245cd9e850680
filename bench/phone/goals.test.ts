import { describe, expect, it } from 'vitest';
import { PHONE_GOALS, type PhoneMetrics, phoneVerdict } from './goals';

const fast: PhoneMetrics = { performance: 95, accessibility: 100, lcpMs: 1_800, tbtMs: 120, cls: 0, totalBytes: 90_000 };

describe('phoneVerdict', () => {
  it('passes a page that meets every goal, at the limits too', () => {
    expect(phoneVerdict(fast, PHONE_GOALS.landing)).toEqual({ pass: true, misses: [] });
    expect(phoneVerdict({ ...fast, performance: 80, lcpMs: 3_000, tbtMs: 300, accessibility: 95 }, PHONE_GOALS.terminal).pass).toBe(true);
  });

  it('names each goal a page misses', () => {
    expect(phoneVerdict({ ...fast, performance: 89, lcpMs: 2_501 }, PHONE_GOALS.landing).misses).toEqual(['perf < 90', 'LCP > 2.5 s']);
    expect(phoneVerdict({ ...fast, tbtMs: 301, accessibility: 94 }, PHONE_GOALS.terminal).misses).toEqual(['TBT > 300 ms', 'a11y < 95']);
  });

  it('checks only accessibility on other pages, and fails a missing figure', () => {
    expect(phoneVerdict({ ...fast, performance: 10, lcpMs: 9_000 }, PHONE_GOALS.any).pass).toBe(true);
    expect(phoneVerdict({ ...fast, lcpMs: Number.NaN }, PHONE_GOALS.landing).misses).toEqual(['LCP > 2.5 s']);
  });
});
