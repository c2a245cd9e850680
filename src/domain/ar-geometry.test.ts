import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bearingIsReliable,
  displayPlacement,
  edgeArrow,
  enuOffset,
  needsReplacement,
  xrOffsetFromEnu,
  yawFromQuaternion,
} from './ar-geometry';
import { AR_DISPLAY_DISTANCE_CAP_M, AR_DISPLAY_DISTANCE_MIN_M, AR_MIN_DISPLAY_SCALE } from './rules';

const close = (a: number, b: number, digits = 9) => expect(a).toBeCloseTo(b, digits);

/** The quaternion of a yaw (counter-clockwise about +Y), then a pitch (about the camera's X). */
function yawPitch(yawDeg: number, pitchDeg = 0): [number, number, number, number] {
  const h = (yawDeg * Math.PI) / 360;
  const p = (pitchDeg * Math.PI) / 360;
  // q = qYaw * qPitch, qYaw = (0, sin h, 0, cos h), qPitch = (sin p, 0, 0, cos p)
  return [Math.cos(h) * Math.sin(p), Math.sin(h) * Math.cos(p), -Math.sin(h) * Math.sin(p), Math.cos(h) * Math.cos(p)];
}

describe('enuOffset', () => {
  it.each([
    { d: 10, bearing: 0, east: 0, north: 10 },
    { d: 10, bearing: 90, east: 10, north: 0 },
    { d: 10, bearing: 180, east: 0, north: -10 },
    { d: 10, bearing: 270, east: -10, north: 0 },
    { d: 10, bearing: 359, east: -0.174524064, north: 9.998476952 },
    { d: 10, bearing: 1, east: 0.174524064, north: 9.998476952 },
    { d: Math.SQRT2, bearing: 45, east: 1, north: 1 },
    { d: 0.4, bearing: 200, east: -0.136808057, north: -0.375877048 },
    { d: 0, bearing: 123, east: 0, north: 0 },
    { d: -5, bearing: 90, east: 0, north: 0 },
  ])('$d m at $bearing deg -> E $east, N $north', ({ d, bearing, east, north }) => {
    const o = enuOffset(d, bearing);
    close(o.east, east, 6);
    close(o.north, north, 6);
  });

  it('keeps the distance for every bearing', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 5000, noNaN: true }), fc.double({ min: -720, max: 720, noNaN: true }), (d, b) => {
        const o = enuOffset(d, b);
        expect(Math.hypot(o.east, o.north)).toBeCloseTo(d, 6);
      }),
    );
  });
});

describe('displayPlacement', () => {
  it.each([
    { d: 0, distanceM: AR_DISPLAY_DISTANCE_MIN_M, scale: 1, why: 'target under the feet' },
    { d: 0.5, distanceM: AR_DISPLAY_DISTANCE_MIN_M, scale: 1, why: 'closer than 1 m' },
    { d: AR_DISPLAY_DISTANCE_MIN_M, distanceM: AR_DISPLAY_DISTANCE_MIN_M, scale: 1, why: 'at the minimum' },
    { d: 12, distanceM: 12, scale: 1, why: 'within the cap: where it is' },
    { d: AR_DISPLAY_DISTANCE_CAP_M, distanceM: AR_DISPLAY_DISTANCE_CAP_M, scale: 1, why: 'at the cap' },
    { d: 40, distanceM: AR_DISPLAY_DISTANCE_CAP_M, scale: 0.5, why: 'twice the cap: half size' },
    { d: 80, distanceM: AR_DISPLAY_DISTANCE_CAP_M, scale: AR_MIN_DISPLAY_SCALE, why: 'four times: the floor' },
    { d: 1000, distanceM: AR_DISPLAY_DISTANCE_CAP_M, scale: AR_MIN_DISPLAY_SCALE, why: 'far: never below the floor' },
    { d: Number.NaN, distanceM: AR_DISPLAY_DISTANCE_MIN_M, scale: 1, why: 'NaN as 0' },
    { d: -3, distanceM: AR_DISPLAY_DISTANCE_MIN_M, scale: 1, why: 'negative as 0' },
  ])('$d m: $why', ({ d, distanceM, scale }) => {
    expect(displayPlacement(d)).toEqual({ distanceM, scale });
  });

  it('takes its limits as options, the minimum never above the cap', () => {
    expect(displayPlacement(50, { capM: 10, minScale: 0.1 })).toEqual({ distanceM: 10, scale: 0.2 });
    expect(displayPlacement(1, { capM: 2, minM: 5 })).toEqual({ distanceM: 2, scale: 1 });
  });

  it('never draws beyond the cap nor grows a model', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e6, noNaN: true }), (d) => {
        const p = displayPlacement(d);
        expect(p.distanceM).toBeLessThanOrEqual(AR_DISPLAY_DISTANCE_CAP_M);
        expect(p.scale).toBeLessThanOrEqual(1);
        expect(p.scale).toBeGreaterThanOrEqual(AR_MIN_DISPLAY_SCALE);
      }),
    );
  });
});

describe('bearingIsReliable', () => {
  it.each([
    [0, false],
    [0.99, false],
    [1, true],
    [250, true],
    [Number.NaN, false],
  ])('%s m -> %s', (d, reliable) => expect(bearingIsReliable(d)).toBe(reliable));
});

describe('xrOffsetFromEnu', () => {
  it.each([
    // Session forward (-Z) is north: east is +X, north is -Z.
    { northYaw: 0, east: 1, north: 0, x: 1, z: 0 },
    { northYaw: 0, east: 0, north: 1, x: 0, z: -1 },
    { northYaw: 0, east: 0, north: -1, x: 0, z: 1, why: 'target behind the user' },
    // North is the session's -X (forward turned 90 ccw): east is then -Z.
    { northYaw: 90, east: 0, north: 1, x: -1, z: 0 },
    { northYaw: 90, east: 1, north: 0, x: 0, z: -1 },
    // North is +Z: everything mirrors.
    { northYaw: 180, east: 1, north: 2, x: -1, z: 2 },
    { northYaw: 270, east: 0, north: 1, x: 1, z: 0 },
    { northYaw: 359, east: 0, north: 1, x: 0.017452406, z: -0.999847695, why: 'just west of the wrap' },
    { northYaw: 1, east: 0, north: 1, x: -0.017452406, z: -0.999847695, why: 'just east of the wrap' },
  ])('north yaw $northYaw: E $east N $north -> x $x z $z', ({ northYaw, east, north, x, z }) => {
    const o = xrOffsetFromEnu({ east, north }, northYaw);
    close(o.x, x, 6);
    close(o.z, z, 6);
  });

  it('puts a bearing where a camera turned to it looks', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 360, noNaN: true }),
        fc.double({ min: 0, max: 360, noNaN: true }),
        (northYaw, bearing) => {
          const o = xrOffsetFromEnu(enuOffset(1, bearing), northYaw);
          const [qx, qy, qz, qw] = yawPitch(northYaw - bearing);
          const yaw = yawFromQuaternion(qx, qy, qz, qw);
          // The camera with yaw northYaw - bearing looks along (-sin, -cos).
          close(o.x, -Math.sin((yaw * Math.PI) / 180), 6);
          close(o.z, -Math.cos((yaw * Math.PI) / 180), 6);
        },
      ),
    );
  });
});

describe('yawFromQuaternion', () => {
  it.each([
    { yaw: 0, pitch: 0, expected: 0 },
    { yaw: 90, pitch: 0, expected: 90 },
    { yaw: 180, pitch: 0, expected: 180 },
    { yaw: -90, pitch: 0, expected: 270 },
    { yaw: 359, pitch: 0, expected: 359 },
    { yaw: 1, pitch: 0, expected: 1 },
    { yaw: 30, pitch: 40, expected: 30, why: 'looking up keeps the yaw' },
    { yaw: 200, pitch: -60, expected: 200, why: 'looking down keeps the yaw' },
  ])('yaw $yaw pitch $pitch -> $expected', ({ yaw, pitch, expected }) => {
    const [x, y, z, w] = yawPitch(yaw, pitch);
    close(yawFromQuaternion(x, y, z, w), expected, 6);
  });

  it('has no yaw looking straight down', () => {
    const [x, y, z, w] = yawPitch(45, -90);
    expect(yawFromQuaternion(x, y, z, w)).toBeNaN();
  });
});

describe('needsReplacement', () => {
  it.each([
    { same: true, moved: 0, expected: false },
    { same: true, moved: 9.9, expected: false },
    { same: true, moved: 10, expected: true },
    { same: true, moved: 500, expected: true },
    { same: false, moved: 0, expected: true },
    { same: true, moved: Number.NaN, expected: true },
  ])('same target $same, moved $moved m -> $expected', ({ same, moved, expected }) => {
    expect(needsReplacement(same, moved)).toBe(expected);
  });
});

describe('edgeArrow', () => {
  it.each([
    { x: 0, y: 0, behind: false, onScreen: true, rot: 0, why: 'straight ahead' },
    { x: 0.9, y: -0.5, behind: false, onScreen: true, rot: null, why: 'inside the picture' },
    { x: 2, y: 0, behind: false, onScreen: false, rot: 90, ax: 0.85, ay: 0, why: 'off to the right' },
    { x: -3, y: 0, behind: false, onScreen: false, rot: 270, ax: -0.85, ay: 0, why: 'off to the left' },
    { x: 0, y: 4, behind: false, onScreen: false, rot: 0, ax: 0, ay: 0.85, why: 'above' },
    { x: 2, y: -2, behind: false, onScreen: false, rot: 135, ax: 0.85, ay: -0.85, why: 'down and right' },
    { x: 0.3, y: 0, behind: true, onScreen: false, rot: 270, ax: -0.85, ay: 0, why: 'behind, projected right (the divide by a negative w mirrors it): turn left' },
    { x: 0, y: 0, behind: true, onScreen: false, rot: 180, ax: 0, ay: -0.85, why: 'straight behind: down' },
  ])('$why', ({ x, y, behind, onScreen, rot, ax, ay }) => {
    const a = edgeArrow(x, y, behind);
    expect(a.onScreen).toBe(onScreen);
    if (rot !== null) close(a.rotationDeg, rot, 6);
    if (ax !== undefined) close(a.x, ax, 6);
    if (ay !== undefined) close(a.y, ay, 6);
  });

  it('keeps an off-screen arrow on the border', () => {
    fc.assert(
      fc.property(fc.double({ min: -50, max: 50, noNaN: true }), fc.double({ min: -50, max: 50, noNaN: true }), fc.boolean(), (x, y, behind) => {
        const a = edgeArrow(x, y, behind);
        if (!a.onScreen) expect(Math.max(Math.abs(a.x), Math.abs(a.y))).toBeCloseTo(0.85, 6);
      }),
    );
  });
});
