import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  classifyFix,
  createGpsFusion,
  createSpecWatchFilter,
  DEFAULT_LOCATION,
  type Fix,
  isAccuracyOutlier,
  isOutlier,
  isSpeedOutlier,
  normalizeFix,
  positionOrDefault,
  weightedAverage,
} from './gps';
import { distanceMeters, EARTH_RADIUS_M } from './scanner';

const M_PER_DEG = (EARTH_RADIUS_M * Math.PI) / 180;
const BASE = { lat: 45.5017, lng: -73.5673 };
const T0 = 1_700_000_000_000;
/** A fix `north` metres north and `east` metres east of BASE. */
function fix(north: number, east: number, accuracy: number, tS: number): Fix {
  return {
    lat: BASE.lat + north / M_PER_DEG,
    lng: BASE.lng + east / (M_PER_DEG * Math.cos((BASE.lat * Math.PI) / 180)),
    accuracy,
    timestamp: T0 + tS * 1000,
  };
}
const metresFromBase = (p: { lat: number; lng: number }) => distanceMeters(BASE, p);

describe('DEFAULT_LOCATION and positionOrDefault', () => {
  it('is Montreal at 1000 m', () => {
    expect(DEFAULT_LOCATION).toEqual({ lat: 45.5017, lng: -73.5673, accuracy: 1000 });
  });
  it('is used while no fix exists', () => {
    expect(positionOrDefault(null)).toEqual({ lat: 45.5017, lng: -73.5673, accuracy: 1000, isDefault: true });
    const p = createGpsFusion().push(fix(0, 0, 4, 0))!;
    expect(positionOrDefault(p)).toEqual({ lat: p.lat, lng: p.lng, accuracy: p.accuracy, isDefault: false });
  });
});

describe('normalizeFix', () => {
  it('defaults a missing (or NaN, zero, negative) accuracy to 5 m, and caps a huge one', () => {
    for (const accuracy of [undefined, null, Number.NaN, 0, -3]) {
      expect(normalizeFix({ lat: 1, lng: 2, accuracy, timestamp: 0 })!.accuracy).toBe(5);
    }
    // The worst accuracy there is stays the worst, not a 5 m 'high' fix.
    for (const accuracy of [Number.POSITIVE_INFINITY, 1e155]) {
      expect(normalizeFix({ lat: 1, lng: 2, accuracy, timestamp: 0 })!.accuracy).toBe(100_000);
    }
    expect(normalizeFix({ lat: 1, lng: 2, accuracy: 12.5, timestamp: 0 })!.accuracy).toBe(12.5);
  });
  it('rejects invalid coordinates and timestamps', () => {
    expect(normalizeFix({ lat: 91, lng: 0, timestamp: 0 })).toBeNull();
    expect(normalizeFix({ lat: 0, lng: -180.1, timestamp: 0 })).toBeNull();
    expect(normalizeFix({ lat: Number.NaN, lng: 0, timestamp: 0 })).toBeNull();
    expect(normalizeFix({ lat: 0, lng: 0, timestamp: Number.NaN })).toBeNull();
    expect(normalizeFix({ lat: 90, lng: 180, timestamp: 0 })).not.toBeNull();
  });
});

describe('isOutlier', () => {
  it('nothing is an outlier without a previous fix', () => {
    expect(isOutlier(null, fix(1e6, 0, 500, 0))).toBe(false);
  });
  it('speed rule: over 100 m/s is an outlier, 100 m/s exactly is not', () => {
    const prev = fix(0, 0, 5, 0);
    expect(isSpeedOutlier(prev, fix(99.9, 0, 5, 1))).toBe(false);
    expect(isSpeedOutlier(prev, fix(100.1, 0, 5, 1))).toBe(true);
    expect(isOutlier(prev, fix(1000, 0, 5, 9.9))).toBe(true);
    expect(isOutlier(prev, fix(1000, 0, 5, 10.1))).toBe(false);
    expect(isOutlier(prev, fix(0, 300, 5, 2))).toBe(true);
  });
  it('speed rule: with no time elapsed any movement is too fast, none is fine', () => {
    const prev = fix(0, 0, 5, 0);
    expect(isSpeedOutlier(prev, fix(0.5, 0, 5, 0))).toBe(true);
    expect(isSpeedOutlier(prev, fix(0, 0, 5, 0))).toBe(false);
    expect(isSpeedOutlier(prev, fix(0.5, 0, 5, -1))).toBe(true);
  });
  it('accuracy rule: worse than 3x the last AND above 50 m', () => {
    const prev = fix(0, 0, 10, 0);
    expect(isAccuracyOutlier(prev, fix(0, 0, 51, 1))).toBe(true);
    expect(isAccuracyOutlier(prev, fix(0, 0, 50, 1))).toBe(false); // not above 50
    expect(isAccuracyOutlier(fix(0, 0, 20, 0), fix(0, 0, 60, 1))).toBe(false); // exactly 3x
    expect(isAccuracyOutlier(fix(0, 0, 20, 0), fix(0, 0, 60.1, 1))).toBe(true);
    expect(isAccuracyOutlier(fix(0, 0, 1, 0), fix(0, 0, 40, 1))).toBe(false); // 40x but under 50 m
    expect(isAccuracyOutlier(fix(0, 0, 100, 0), fix(0, 0, 250, 1))).toBe(false); // above 50 but only 2.5x
  });
  it('property: a slow move with similar accuracy is never an outlier', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 99, noNaN: true }),
        fc.double({ min: 1, max: 1000, noNaN: true }),
        fc.double({ min: 1, max: 3, noNaN: true }),
        (speed, acc, factor) => {
          const prev = fix(0, 0, acc, 0);
          expect(isOutlier(prev, fix(speed * 10, 0, acc * factor, 10))).toBe(false);
        },
      ),
    );
  });
});

describe('classifyFix (the tiers)', () => {
  it.each([
    [0.5, 0, 'ultra_high'],
    [2, 0, 'ultra_high'],
    [2.01, 0, 'high'],
    [5, 2, 'high'],
    [5, 3, 'high_smoothed'],
    [3, 10, 'high_smoothed'],
    [5.01, 10, 'standard'],
    [500, 10, 'standard'],
  ] as const)('%d m with %d good recent fixes is %s', (acc, good, tier) => {
    expect(classifyFix(acc, good)).toBe(tier);
  });
  it('the legacy generation smooths from 2 samples', () => {
    expect(classifyFix(4, 2, 2)).toBe('high_smoothed');
    expect(classifyFix(4, 1, 2)).toBe('high');
  });
});

describe('weightedAverage', () => {
  it('weights by 1/accuracy', () => {
    const avg = weightedAverage([fix(0, 0, 1, 0), fix(30, 0, 2, 1)])!;
    expect(metresFromBase(avg)).toBeCloseTo(10, 3);
    expect(avg.accuracy).toBeCloseTo(4 / 3, 9);
    expect(avg.timestamp).toBe(T0 + 1000);
    expect(weightedAverage([])).toBeNull();
  });
  it('is safe across the antimeridian', () => {
    const a = { lat: 0, lng: 179.9, accuracy: 1, timestamp: 0 };
    const b = { lat: 0, lng: -179.9, accuracy: 1, timestamp: 0 };
    expect(Math.abs(weightedAverage([a, b])!.lng)).toBeCloseTo(180, 6);
  });
});

describe('createSpecWatchFilter (the spec baseline)', () => {
  it('live-play: ultra_high raw, high until 3 good fixes, then the weighted average', () => {
    const f = createSpecWatchFilter();
    expect(f.current()).toBeNull();
    expect(f.push(fix(0, 0, 1.5, 0))).toMatchObject({ precision: 'ultra_high', accuracy: 1.5 });
    expect(f.push(fix(2, 0, 4, 1))!.precision).toBe('high');
    const third = f.push(fix(4, 0, 4, 2))!;
    expect(third.precision).toBe('high_smoothed');
    // (0*1/1.5 + 2/4 + 4/4) / (1/1.5 + 1/4 + 1/4)
    expect(metresFromBase(third)).toBeCloseTo((2 / 4 + 4 / 4) / (1 / 1.5 + 1 / 2), 3);
  });
  it('live-play: ignores worse fixes once a 5 m position is held (the freeze)', () => {
    const f = createSpecWatchFilter();
    f.push(fix(0, 0, 4, 0));
    for (let t = 1; t < 30; t++) expect(f.push(fix(t * 1.4, 0, 8, t))).toBeNull();
    expect(metresFromBase(f.current()!)).toBeLessThan(1e-6);
  });
  it('live-play: without a good position, worse fixes are standard, fused once 3 are within 50 m', () => {
    const f = createSpecWatchFilter();
    expect(f.push(fix(0, 0, 20, 0))).toMatchObject({ precision: 'standard' });
    expect(metresFromBase(f.push(fix(10, 0, 20, 1))!)).toBeCloseTo(10, 3);
    const fused = f.push(fix(20, 0, 20, 2))!;
    expect(fused.precision).toBe('standard');
    expect(metresFromBase(fused)).toBeCloseTo(10, 3);
  });
  it('live-play: drops outliers by both rules', () => {
    const f = createSpecWatchFilter();
    f.push(fix(0, 0, 10, 0));
    expect(f.push(fix(500, 0, 10, 1))).toBeNull();
    expect(f.push(fix(0, 0, 60, 2))).toBeNull();
  });
  it('legacy: smooths from 2 samples, keeps 15, no outlier rejection', () => {
    const f = createSpecWatchFilter({ generation: 'legacy' });
    f.push(fix(0, 0, 4, 0));
    expect(f.push(fix(4, 0, 4, 1))!.precision).toBe('high_smoothed');
    expect(f.push(fix(5000, 0, 2, 2))!.precision).toBe('ultra_high');
    expect(f.push(fix(0, 0, 60, 3))).toBeNull(); // ignored (worse than 5 m), not an outlier
  });
  it('reset forgets everything', () => {
    const f = createSpecWatchFilter();
    f.push(fix(0, 0, 4, 0));
    f.reset();
    expect(f.current()).toBeNull();
    expect(f.push(fix(0, 0, 30, 0))!.precision).toBe('standard');
  });
});

describe('createGpsFusion', () => {
  it('returns the first fix as is', () => {
    const f = createGpsFusion();
    expect(f.current()).toBeNull();
    const p = f.push({ lat: 45.5, lng: -73.6, accuracy: 4, timestamp: T0 })!;
    expect(p.lat).toBe(45.5);
    expect(p.lng).toBe(-73.6);
    expect(p.accuracy).toBeCloseTo(4, 9);
    expect(p.precision).toBe('high');
    expect(p.timestamp).toBe(T0);
    expect(f.current()).toEqual(p);
  });
  it('ignores one late fix, but never freezes when the device clock jumps ahead once', () => {
    const f = createGpsFusion();
    f.push(fix(0, 0, 5, 0));
    f.push(fix(1, 0, 5, 3600)); // one reading stamped an hour ahead
    expect(f.push(fix(1.4, 0, 5, 1))).toBeNull(); // a late fix says nothing new
    let p = f.current();
    for (let i = 2; i < 300; i++) p = f.push(fix(i * 1.4, 0, 5, i)) ?? p;
    // The hunter walked 417 m north; the map follows.
    expect(Math.abs(metresFromBase(p!) - 299 * 1.4)).toBeLessThan(15);
    expect(p!.timestamp).toBe(T0 + 299_000); // the reading's own time is shown
  });

  it('never freezes on a device that repeats the same timestamp', () => {
    const f = createGpsFusion();
    let accepted = 0;
    for (let i = 0; i < 60; i++) if (f.push(fix(i * 1.4, 0, 5, 0)) !== null) accepted += 1;
    expect(accepted).toBeGreaterThan(55);
    expect(Math.abs(metresFromBase(f.current()!) - 59 * 1.4)).toBeLessThan(10);
  });

  it('stays finite after an absurd accuracy', () => {
    const f = createGpsFusion();
    f.push(fix(0, 0, 1e155, 0));
    for (let i = 1; i <= 5; i++) {
      const p = f.push(fix(10, 0, 5, i))!;
      expect(Number.isFinite(p.lat) && Number.isFinite(p.lng) && Number.isFinite(p.accuracy)).toBe(true);
    }
    expect(metresFromBase(f.current()!)).toBeLessThan(15);
  });

  it('defaults the accuracy to 5 m and rejects invalid fixes', () => {
    const f = createGpsFusion();
    expect(f.push({ lat: 95, lng: 0, timestamp: T0 })).toBeNull();
    expect(f.push({ lat: 45, lng: 0, timestamp: T0 })!.accuracy).toBeCloseTo(5, 9);
  });
  it('labels tiers as the spec does', () => {
    const f = createGpsFusion();
    expect(f.push(fix(0, 0, 2, 0))!.precision).toBe('ultra_high');
    expect(f.push(fix(0, 0, 4, 1))!.precision).toBe('high');
    expect(f.push(fix(0, 0, 5, 2))!.precision).toBe('high_smoothed');
    expect(f.push(fix(0, 0, 12, 3))!.precision).toBe('standard');
  });
  it('weights fixes by accuracy', () => {
    const f = createGpsFusion();
    f.push(fix(0, 0, 2, 0));
    const p = f.push(fix(20, 0, 20, 1))!;
    // Much nearer the 2 m fix than the 20 m one (the midpoint would be 10 m).
    expect(metresFromBase(p)).toBeLessThan(5);
    expect(p.accuracy).toBeLessThan(4);
  });
  it('rejects the spec outliers: over 100 m/s, and accuracy > 3x and > 50 m', () => {
    const f = createGpsFusion();
    f.push(fix(0, 0, 10, 0));
    expect(f.push(fix(150, 0, 10, 1))).toBeNull();
    expect(f.push(fix(0, 0, 51, 2))).toBeNull();
    expect(f.push(fix(1, 0, 10, 3))).not.toBeNull();
  });
  it('applies the speed rule only after a fix within 50 m (a coarse first fix says nothing about speed)', () => {
    const f = createGpsFusion();
    f.push(fix(0, 0, 1000, 0));
    const p = f.push(fix(800, 0, 5, 1))!;
    expect(p).not.toBeNull();
    expect(distanceMeters(p, fix(800, 0, 5, 1))).toBeLessThan(5);
  });
  it('gates fixes that are statistically impossible', () => {
    const f = createGpsFusion();
    for (let t = 0; t < 10; t++) f.push(fix(0, 0, 3, t * 10));
    // 80 m in 10 s passes the speed rule but not the gate at 3 m accuracy.
    expect(f.push(fix(80, 0, 3, 100))).toBeNull();
  });
  it('rejects stale fixes and treats an exact repeat as a no-op', () => {
    const f = createGpsFusion();
    f.push(fix(0, 0, 5, 10));
    const p = f.push(fix(1, 0, 5, 11))!;
    expect(f.push(fix(1, 0, 5, 5))).toBeNull();
    expect(f.push(fix(1, 0, 5, 11))).toEqual(p);
  });
  it('recovers after 3 consistent rejections: a real jump is followed, never locked', () => {
    const f = createGpsFusion();
    for (let t = 0; t < 5; t++) f.push(fix(0, 0, 4, t));
    // The hunter is really 600 m away now (e.g. the first fixes were wrong).
    const results = [5, 6, 7, 8].map((t) => f.push(fix(600, 0, 4, t)));
    expect(results.slice(0, 3)).toEqual([null, null, null]);
    expect(results[3]).not.toBeNull();
    expect(distanceMeters(f.current()!, fix(600, 0, 4, 8))).toBeLessThan(5);
  });
  it('recovers from a long run of poor fixes (accuracy rule cannot lock the position)', () => {
    const f = createGpsFusion();
    f.push(fix(0, 0, 3, 0));
    const out = [1, 2, 3, 4, 5].map((t) => f.push(fix(t * 1.4, 0, 80, t)));
    expect(out.filter((p) => p !== null).length).toBeGreaterThan(0);
  });
  it('keeps following a hunter walking under trees (no freeze)', () => {
    const f = createGpsFusion();
    for (let t = 0; t < 20; t++) f.push(fix(t * 1.4, 0, 3, t));
    for (let t = 20; t < 80; t++) f.push(fix(t * 1.4, 0, 12, t));
    expect(Math.abs(metresFromBase(f.current()!) - 79 * 1.4)).toBeLessThan(10);
  });
  it('reset forgets everything', () => {
    const f = createGpsFusion();
    f.push(fix(0, 0, 3, 0));
    f.reset();
    expect(f.current()).toBeNull();
    expect(f.push(fix(5000, 0, 3, 1))).not.toBeNull();
  });
  it('property: noiseless fixes of a walk are tracked within a couple of metres', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 2, noNaN: true }), fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }), (v, h) => {
        const f = createGpsFusion();
        let last = fix(0, 0, 5, 0);
        for (let t = 0; t < 120; t++) {
          last = fix(v * t * Math.cos(h), v * t * Math.sin(h), 5, t);
          f.push(last);
        }
        // The motion models' mix (walking, turning, standing) trails a steady 2 m/s
        // walker by about 1.5 s at most: 3.03 m worst over a 0-2 m/s by 0-360 degree grid.
        expect(distanceMeters(f.current()!, last)).toBeLessThan(3.5);
      }),
      { numRuns: 50 },
    );
  });
  it('property: every accepted fix yields a valid position no older than the fix', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            n: fc.double({ min: -2000, max: 2000, noNaN: true }),
            e: fc.double({ min: -2000, max: 2000, noNaN: true }),
            acc: fc.double({ min: 0.5, max: 2000, noNaN: true }),
            dt: fc.double({ min: 0, max: 30, noNaN: true }),
          }),
          { minLength: 1, maxLength: 60 },
        ),
        (steps) => {
          const f = createGpsFusion();
          let t = 0;
          for (const s of steps) {
            t += s.dt;
            const p = f.push(fix(s.n, s.e, s.acc, t));
            if (p !== null) {
              expect(Number.isFinite(p.lat) && Number.isFinite(p.lng) && Number.isFinite(p.accuracy)).toBe(true);
              expect(p.accuracy).toBeGreaterThan(0);
              expect(p.timestamp).toBe(T0 + t * 1000);
            }
          }
          expect(f.current()).not.toBeNull();
        },
      ),
    );
  });
  it('property: the position never stays locked while consistent fixes keep arriving', () => {
    fc.assert(
      fc.property(fc.double({ min: 5, max: 60, noNaN: true }), fc.double({ min: 100, max: 5000, noNaN: true }), (acc, jump) => {
        const f = createGpsFusion();
        for (let t = 0; t < 10; t++) f.push(fix(0, 0, 3, t));
        for (let t = 10; t < 30; t++) f.push(fix(jump, 0, acc, t));
        expect(distanceMeters(f.current()!, fix(jump, 0, acc, 0))).toBeLessThan(acc * 2 + 5);
      }),
      { numRuns: 50 },
    );
  });
});
