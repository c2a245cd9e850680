import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  absoluteAlpha,
  calibrateNorthYaw,
  circularMean,
  circularStats,
  headingFromOrientation,
  relativeBearing,
  signedAngle,
  smoothAngle,
} from './ar-heading';

const close = (a: number | null, b: number, digits = 6) => {
  expect(a).not.toBeNull();
  expect(a as number).toBeCloseTo(b, digits);
};
/** Headings compared on the circle (359.9999 is 0). */
const sameDirection = (a: number | null, b: number) => {
  expect(a).not.toBeNull();
  expect(Math.abs(signedAngle((a as number) - b))).toBeLessThan(1e-6);
};

describe('headingFromOrientation (W3C worked example)', () => {
  it.each([
    // Upright phone (beta 90): the camera looks horizontally; alpha turns it counter-clockwise.
    { alpha: 0, beta: 90, gamma: 0, heading: 0, why: 'upright facing north' },
    { alpha: 90, beta: 90, gamma: 0, heading: 270, why: 'turned 90 ccw: west' },
    { alpha: 270, beta: 90, gamma: 0, heading: 90, why: 'east' },
    { alpha: 180, beta: 90, gamma: 0, heading: 180, why: 'south' },
    { alpha: 1, beta: 90, gamma: 0, heading: 359, why: 'wrap: just west of north' },
    { alpha: 359, beta: 90, gamma: 0, heading: 1, why: 'wrap: just east of north' },
    { alpha: 30, beta: 60, gamma: 0, heading: 330, why: 'tilted back keeps the heading' },
    { alpha: 0, beta: 90, gamma: 30, heading: 330, why: 'upright, gamma turns about the vertical: 30 to the left' },
    { alpha: 0, beta: 120, gamma: 0, heading: 0, why: 'tilted past vertical (looking up) still north' },
    { alpha: 0, beta: 0, gamma: 90, heading: 270, why: 'flat, rolled on its side: camera looks west' },
  ])('$why', ({ alpha, beta, gamma, heading }) => {
    sameDirection(headingFromOrientation(alpha, beta, gamma), heading);
  });

  it.each([
    { alpha: 0, beta: 0, gamma: 0, why: 'lying flat: camera looks down' },
    { alpha: 120, beta: 180, gamma: 0, why: 'face down: camera looks up' },
    { alpha: null, beta: 90, gamma: 0, why: 'no alpha (no compass)' },
    { alpha: 10, beta: undefined, gamma: 0, why: 'no beta' },
    { alpha: Number.NaN, beta: 90, gamma: 0, why: 'NaN' },
  ])('no heading when $why', ({ alpha, beta, gamma }) => {
    expect(headingFromOrientation(alpha, beta, gamma)).toBeNull();
  });

  it('is 360 - alpha for every upright phone', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 360, noNaN: true }), fc.double({ min: 10, max: 170, noNaN: true }), (alpha, beta) => {
        sameDirection(headingFromOrientation(alpha, beta, 0), 360 - alpha);
      }),
    );
  });
});

describe('absoluteAlpha', () => {
  it.each([
    { alpha: 0, beta: 90, gamma: 0, compass: 0, expected: 0, why: 'already absolute' },
    { alpha: 0, beta: 90, gamma: 0, compass: 90, expected: 270, why: 'iOS frame starts where the phone pointed' },
    { alpha: 10, beta: 90, gamma: 0, compass: 355, expected: 5, why: 'across north' },
    { alpha: 200, beta: 70, gamma: 5, compass: 123, expected: null, why: 'general' },
  ])('$why', ({ alpha, beta, gamma, compass, expected }) => {
    const abs = absoluteAlpha(alpha, beta, gamma, compass);
    if (expected !== null) sameDirection(abs, expected);
    // Whatever the reading, the corrected angles give the compass heading.
    sameDirection(headingFromOrientation(abs, beta, gamma), compass);
  });

  it('is null without a heading from the angles', () => {
    expect(absoluteAlpha(0, 0, 0, 10)).toBeNull();
    expect(absoluteAlpha(0, 90, 0, Number.NaN)).toBeNull();
  });
});

describe('signedAngle and relativeBearing', () => {
  it.each([
    [0, 0],
    [180, 180],
    [-180, 180],
    [181, -179],
    [359, -1],
    [-1, -1],
    [720, 0],
  ])('signedAngle(%s) = %s', (a, expected) => close(signedAngle(a), expected, 9));

  it.each([
    { bearing: 1, heading: 359, turn: 2, why: 'north wrap: turn right 2' },
    { bearing: 359, heading: 1, turn: -2, why: 'north wrap: turn left 2' },
    { bearing: 180, heading: 0, turn: 180, why: 'target behind' },
    { bearing: 90, heading: 100, turn: -10, why: 'slightly left' },
  ])('$why', ({ bearing, heading, turn }) => close(relativeBearing(bearing, heading), turn, 9));
});

describe('circularStats / circularMean', () => {
  it.each([
    { angles: [359, 1], mean: 0, why: 'north wrap' },
    { angles: [350, 10, 0], mean: 0, why: 'around north' },
    { angles: [90, 90, 90], mean: 90, spread: 0, why: 'all equal' },
    { angles: [170, 190], mean: 180, why: 'around south' },
    { angles: [10, 20], mean: 15, why: 'plain' },
    { angles: [-10, 370], mean: 0, why: 'unnormalised inputs' },
    { angles: [5, Number.NaN, 15], mean: 10, why: 'NaN ignored' },
  ])('$why', ({ angles, mean, spread }) => {
    const s = circularStats(angles);
    sameDirection(s?.mean ?? null, mean);
    if (spread !== undefined) close(s?.spread ?? null, spread, 4);
  });

  it.each([
    { angles: [], why: 'nothing' },
    { angles: [0, 180], why: 'opposites cancel' },
    { angles: [0, 120, 240], why: 'evenly spread' },
  ])('no mean for $why', ({ angles }) => {
    expect(circularMean(angles)).toBeNull();
  });

  it('spreads grow with the scatter', () => {
    const tight = circularStats([358, 0, 2])!.spread;
    const loose = circularStats([340, 0, 20])!.spread;
    expect(tight).toBeGreaterThan(1);
    expect(tight).toBeLessThan(2);
    expect(loose).toBeGreaterThan(tight);
  });
});

describe('calibrateNorthYaw', () => {
  const samples = (n: number, heading: (i: number) => number, yaw: (i: number) => number) =>
    Array.from({ length: n }, (_, i) => ({ heading: heading(i), viewerYaw: yaw(i) }));

  it.each([
    { heading: 0, yaw: 0, northYaw: 0, why: 'session forward is north' },
    { heading: 90, yaw: 0, northYaw: 90, why: 'facing east: north is 90 ccw' },
    { heading: 270, yaw: 30, northYaw: 300, why: 'facing west, turned' },
    { heading: 359, yaw: 2, northYaw: 1, why: 'wraps' },
  ])('$why', ({ heading, yaw, northYaw }) => {
    const c = calibrateNorthYaw(samples(5, () => heading, () => yaw), 5);
    expect(c.status).toBe('ready');
    if (c.status === 'ready') sameDirection(c.northYaw, northYaw);
  });

  it('averages across the north wrap (compass jitter around 0)', () => {
    const c = calibrateNorthYaw(samples(6, (i) => (i % 2 ? 359 : 1), () => 0), 6);
    expect(c).toMatchObject({ status: 'ready' });
    if (c.status === 'ready') sameDirection(c.northYaw, 0);
  });

  it('cancels the user turning while the compass follows', () => {
    // Turning clockwise raises the heading and lowers the ccw yaw by the same angle.
    const c = calibrateNorthYaw(samples(8, (i) => 40 + i * 5, (i) => 10 - i * 5), 8);
    expect(c).toMatchObject({ status: 'ready' });
    if (c.status === 'ready') sameDirection(c.northYaw, 50);
  });

  it('waits for enough samples and refuses a phone that moved', () => {
    expect(calibrateNorthYaw(samples(3, () => 0, () => 0), 5)).toEqual({ status: 'collecting', count: 3 });
    const c = calibrateNorthYaw(samples(10, (i) => i * 20, () => 0), 5, 8);
    expect(c.status).toBe('unsteady');
  });

  it('ignores samples without a heading', () => {
    expect(calibrateNorthYaw([{ heading: Number.NaN, viewerYaw: 0 }], 1)).toEqual({ status: 'collecting', count: 0 });
  });
});

describe('smoothAngle', () => {
  it.each([
    { prev: null, next: 370, k: 0.2, expected: 10, why: 'first reading taken as is' },
    { prev: 0, next: 100, k: 0.5, expected: 50, why: 'half way' },
    { prev: 350, next: 10, k: 0.5, expected: 0, why: 'through north, not through south' },
    { prev: 10, next: 350, k: 0.25, expected: 5, why: 'through north backwards' },
    { prev: 40, next: 80, k: 0, expected: 40, why: 'factor 0 keeps' },
    { prev: 40, next: 80, k: 3, expected: 80, why: 'factor clamped to 1' },
  ])('$why', ({ prev, next, k, expected }) => sameDirection(smoothAngle(prev, next, k), expected));
});
