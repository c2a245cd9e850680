import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMPASS_POINTS } from './geo-types';
import {
  bearingDegrees,
  compassPoint,
  creaturePosition,
  distanceMeters,
  EARTH_RADIUS_M,
  isTargetable,
  nearest,
  normalizeDegrees,
  scan,
  signalStrength,
} from './scanner';

const PARIS = { lat: 48.8566, lng: 2.3522 };
const LONDON = { lat: 51.5074, lng: -0.1278 };
const ONE_DEGREE_M = (EARTH_RADIUS_M * Math.PI) / 180;

const lat = fc.double({ min: -89.9, max: 89.9, noNaN: true });
const lng = fc.double({ min: -180, max: 180, noNaN: true });
const point = fc.record({ lat, lng });

/** Moves `d` metres from `p` along `bearing` (destination formula). */
function offset(p: { lat: number; lng: number }, bearing: number, d: number) {
  const r = Math.PI / 180;
  const delta = d / EARTH_RADIUS_M;
  const phi1 = p.lat * r;
  const theta = bearing * r;
  const phi2 = Math.asin(Math.sin(phi1) * Math.cos(delta) + Math.cos(phi1) * Math.sin(delta) * Math.cos(theta));
  const lambda2 =
    p.lng * r +
    Math.atan2(Math.sin(theta) * Math.sin(delta) * Math.cos(phi1), Math.cos(delta) - Math.sin(phi1) * Math.sin(phi2));
  return { lat: phi2 / r, lng: lambda2 / r };
}

describe('distanceMeters', () => {
  it('uses the spec earth radius', () => {
    expect(EARTH_RADIUS_M).toBe(6_371_000);
  });
  it('Paris-London is about 343.5 km', () => {
    expect(distanceMeters(PARIS, LONDON) / 1000).toBeCloseTo(343.56, 1);
  });
  it('one degree of latitude is R x pi / 180', () => {
    expect(distanceMeters({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(ONE_DEGREE_M, 6);
    expect(distanceMeters({ lat: 45, lng: 10 }, { lat: 46, lng: 10 })).toBeCloseTo(ONE_DEGREE_M, 6);
  });
  it('one degree of longitude on the equator equals one of latitude, and shrinks with cos(lat)', () => {
    expect(distanceMeters({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })).toBeCloseTo(ONE_DEGREE_M, 6);
    expect(distanceMeters({ lat: 60, lng: 0 }, { lat: 60, lng: 0.001 })).toBeCloseTo((ONE_DEGREE_M / 1000) * 0.5, 3);
  });
  it('is zero for the same point and half the circumference for antipodes', () => {
    expect(distanceMeters(PARIS, PARIS)).toBe(0);
    expect(distanceMeters({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(Math.PI * EARTH_RADIUS_M, 3);
    expect(distanceMeters({ lat: 90, lng: 0 }, { lat: -90, lng: 0 })).toBeCloseTo(Math.PI * EARTH_RADIUS_M, 3);
  });
  it('crosses the antimeridian the short way', () => {
    expect(distanceMeters({ lat: 0, lng: 179.5 }, { lat: 0, lng: -179.5 })).toBeCloseTo(ONE_DEGREE_M, 3);
  });
  it('is NaN for non-finite input', () => {
    expect(distanceMeters({ lat: Number.NaN, lng: 0 }, PARIS)).toBeNaN();
  });
  it('property: symmetric, non-negative, bounded by half the circumference', () => {
    fc.assert(
      fc.property(point, point, (a, b) => {
        const d = distanceMeters(a, b);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(Math.PI * EARTH_RADIUS_M + 1e-6);
        expect(Math.abs(d - distanceMeters(b, a))).toBeLessThan(1e-6);
      }),
    );
  });
  it('property: triangle inequality', () => {
    fc.assert(
      fc.property(point, point, point, (a, b, c) => {
        // Haversine loses ~0.1 m of precision near antipodal points (asin close to 1).
        expect(distanceMeters(a, c)).toBeLessThanOrEqual(distanceMeters(a, b) + distanceMeters(b, c) + 1);
      }),
    );
  });
  it('property: a point moved d metres is d metres away', () => {
    fc.assert(
      fc.property(
        fc.record({ lat: fc.double({ min: -80, max: 80, noNaN: true }), lng }),
        fc.double({ min: 0, max: 360, noNaN: true }),
        fc.double({ min: 0, max: 5000, noNaN: true }),
        (p, b, d) => {
          expect(distanceMeters(p, offset(p, b, d))).toBeCloseTo(d, 4);
        },
      ),
    );
  });
});

describe('normalizeDegrees', () => {
  it.each([
    [0, 0],
    [360, 0],
    [-0, 0],
    [-90, 270],
    [720.5, 0.5],
    [-1e-15, 0],
  ])('%d -> %d', (input, expected) => {
    expect(Object.is(normalizeDegrees(input), -0)).toBe(false);
    expect(normalizeDegrees(input)).toBeCloseTo(expected, 9);
  });
  it('property: always in [0, 360)', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (x) => {
        const n = normalizeDegrees(x);
        expect(n).toBeGreaterThanOrEqual(0);
        expect(n).toBeLessThan(360);
      }),
    );
  });
});

describe('bearingDegrees', () => {
  const origin = { lat: 10, lng: 20 };
  it.each([
    [0, 'N'],
    [45, 'NE'],
    [90, 'E'],
    [135, 'SE'],
    [180, 'S'],
    [225, 'SW'],
    [270, 'W'],
    [315, 'NW'],
  ] as const)('bearing %d degrees is %s', (b, point) => {
    const target = offset(origin, b, 100);
    expect(bearingDegrees(origin, target)).toBeCloseTo(b === 0 ? 0 : b, 4);
    expect(compassPoint(bearingDegrees(origin, target))).toBe(point);
  });
  it('due north and due south along a meridian are exactly 0 and 180', () => {
    expect(bearingDegrees({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBe(0);
    expect(bearingDegrees({ lat: 1, lng: 0 }, { lat: 0, lng: 0 })).toBe(180);
  });
  it('east along the equator is 90, west is 270', () => {
    expect(bearingDegrees({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })).toBeCloseTo(90, 9);
    expect(bearingDegrees({ lat: 0, lng: 0 }, { lat: 0, lng: -1 })).toBeCloseTo(270, 9);
  });
  it('crosses the antimeridian the short way', () => {
    expect(bearingDegrees({ lat: 0, lng: 179.5 }, { lat: 0, lng: -179.5 })).toBeCloseTo(90, 6);
    expect(bearingDegrees({ lat: 0, lng: -179.5 }, { lat: 0, lng: 179.5 })).toBeCloseTo(270, 6);
    expect(bearingDegrees({ lat: 10, lng: 179.9 }, { lat: 10.1, lng: -179.9 })).toBeGreaterThan(0);
    expect(bearingDegrees({ lat: 10, lng: 179.9 }, { lat: 10.1, lng: -179.9 })).toBeLessThan(90);
  });
  it('from the north pole everything is south, from the south pole everything is north', () => {
    expect(bearingDegrees({ lat: 90, lng: 0 }, { lat: 0, lng: 123 })).toBe(180);
    expect(bearingDegrees({ lat: -90, lng: 0 }, { lat: 0, lng: -45 })).toBe(0);
  });
  it('towards the north pole is 0 and towards the south pole is 180', () => {
    expect(bearingDegrees(PARIS, { lat: 90, lng: 77 })).toBe(0);
    expect(bearingDegrees(PARIS, { lat: -90, lng: 0 })).toBe(180);
  });
  it('the same point gives 0', () => {
    expect(bearingDegrees(PARIS, PARIS)).toBe(0);
  });
  it('Paris to London is roughly north-west', () => {
    const b = bearingDegrees(PARIS, LONDON);
    expect(b).toBeCloseTo(330, -1);
    expect(compassPoint(b)).toBe('NW');
  });
  it('property: always 0 <= b < 360', () => {
    fc.assert(
      fc.property(point, point, (a, b) => {
        const x = bearingDegrees(a, b);
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThan(360);
      }),
    );
  });
  it('property: recovers the bearing a point was moved along', () => {
    fc.assert(
      fc.property(
        fc.record({ lat: fc.double({ min: -80, max: 80, noNaN: true }), lng }),
        fc.double({ min: 0, max: 359.999, noNaN: true }),
        (p, b) => {
          const got = bearingDegrees(p, offset(p, b, 50));
          const diff = Math.abs(((got - b + 540) % 360) - 180);
          expect(diff).toBeLessThan(1e-3);
        },
      ),
    );
  });
});

describe('compassPoint', () => {
  it('centres each 45 degree sector on its point', () => {
    COMPASS_POINTS.forEach((p, i) => {
      expect(compassPoint(i * 45)).toBe(p);
      expect(compassPoint(i * 45 + 22.4999)).toBe(p);
      expect(compassPoint(i * 45 - 22.4999)).toBe(p);
    });
  });
  it('a bearing exactly on a boundary belongs to the next sector clockwise', () => {
    expect(compassPoint(22.5)).toBe('NE');
    expect(compassPoint(67.5)).toBe('E');
    expect(compassPoint(112.5)).toBe('SE');
    expect(compassPoint(157.5)).toBe('S');
    expect(compassPoint(202.5)).toBe('SW');
    expect(compassPoint(247.5)).toBe('W');
    expect(compassPoint(292.5)).toBe('NW');
    expect(compassPoint(337.5)).toBe('N');
  });
  it('just below a boundary stays in the sector', () => {
    expect(compassPoint(22.49)).toBe('N');
    expect(compassPoint(337.49)).toBe('NW');
    expect(compassPoint(359.99)).toBe('N');
  });
  it('normalises angles outside [0, 360) and maps non-finite to N', () => {
    expect(compassPoint(360)).toBe('N');
    expect(compassPoint(-90)).toBe('W');
    expect(compassPoint(450)).toBe('E');
    expect(compassPoint(Number.NaN)).toBe('N');
  });
  it('property: the point is the nearest of the eight centres', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 359.999, noNaN: true }), (b) => {
        const i = COMPASS_POINTS.indexOf(compassPoint(b));
        const diff = Math.abs(((b - i * 45 + 540) % 360) - 180);
        expect(diff).toBeLessThanOrEqual(22.5);
      }),
    );
  });
});

describe('signalStrength', () => {
  it.each([
    [0, 100],
    [1, 99],
    [25, 75],
    [50.5, 49.5],
    [89, 11],
    [90, 10],
    [91, 10],
    [1000, 10],
    [Number.POSITIVE_INFINITY, 10],
  ])('%d m -> %d', (d, s) => {
    expect(signalStrength(d)).toBeCloseTo(s, 9);
  });
  it('clamps negative distances to 100 and NaN to the minimum', () => {
    expect(signalStrength(-5)).toBe(100);
    expect(signalStrength(Number.NaN)).toBe(10);
  });
  it('property: 10 <= signal <= 100 and non-increasing with distance', () => {
    fc.assert(
      fc.property(fc.double({ min: -100, max: 1e7, noNaN: true }), fc.double({ min: 0, max: 100, noNaN: true }), (d, extra) => {
        const s = signalStrength(d);
        expect(s).toBeGreaterThanOrEqual(10);
        expect(s).toBeLessThanOrEqual(100);
        expect(signalStrength(d + extra)).toBeLessThanOrEqual(s);
      }),
    );
  });
});

describe('isTargetable', () => {
  it.each([undefined, null, '', 'active', 'alive', 'deployed'])('%s is targetable', (s) => {
    expect(isTargetable(s)).toBe(true);
  });
  it.each(['captured', 'removed', 'dead', 'ACTIVE', ' active', 'inactive'])('%s is not', (s) => {
    expect(isTargetable(s)).toBe(false);
  });
});

describe('scan and nearest', () => {
  const hunter = { lat: 45.5017, lng: -73.5673 };
  const at = (b: number, d: number) => offset(hunter, b, d);
  it('lists targetable creatures within 1000 m, nearest first, with all fields', () => {
    const creatures = [
      { id: 'far', ...at(90, 999) },
      { id: 'near', ...at(0, 10), status: 'alive' },
      { id: 'mid', ...at(180, 200), status: null },
      { id: 'gone', ...at(0, 5), status: 'captured' },
      { id: 'out', ...at(0, 1001) },
    ];
    const hits = scan(hunter, creatures);
    expect(hits.map((h) => h.id)).toEqual(['near', 'mid', 'far']);
    const first = hits[0]!;
    expect(first.distanceM).toBeCloseTo(10, 3);
    expect(first.bearing).toBeCloseTo(0, 3);
    expect(first.direction).toBe('N');
    expect(first.signal).toBeCloseTo(90, 3);
    expect(first.immediateThreat).toBe(true);
    expect(hits[1]!.direction).toBe('S');
    expect(hits[1]!.immediateThreat).toBe(false);
    expect(hits[2]!.signal).toBe(10);
    expect(Object.keys(first).sort()).toEqual(['bearing', 'direction', 'distanceM', 'id', 'immediateThreat', 'signal']);
  });
  it('includes the radius and the threat distance themselves', () => {
    const creatures = [
      { id: 1, ...offset(hunter, 0, 25) },
      { id: 2, ...offset(hunter, 0, 1000) },
    ];
    const [a, b] = scan(hunter, creatures, { radiusM: 1000.001, threatM: 25.0001 });
    expect(a!.immediateThreat).toBe(true);
    expect(b!.id).toBe(2);
    expect(scan(hunter, [{ id: 3, lat: hunter.lat, lng: hunter.lng }])[0]!.immediateThreat).toBe(true);
  });
  it('threat boundary: 25 m is a threat, 25.1 m is not', () => {
    const same = { lat: 0, lng: 0 };
    const dLat = (m: number) => (m / ONE_DEGREE_M) * 1;
    const hits = scan(same, [
      { id: 'a', lat: dLat(25) * 0.999999, lng: 0 },
      { id: 'b', lat: dLat(25.1), lng: 0 },
    ]);
    expect(hits.map((h) => h.immediateThreat)).toEqual([true, false]);
  });
  it('accepts the REST shape with string coordinates and skips invalid ones', () => {
    const p = at(45, 100);
    const hits = scan(hunter, [
      { id: 7, latitude: String(p.lat), longitude: String(p.lng), status: 'deployed' },
      { id: 8, latitude: 'abc', longitude: '1' },
      { id: 9, latitude: '', longitude: '' },
      { id: 10 },
      { id: 11, lat: 91, lng: 0 },
    ]);
    expect(hits.map((h) => h.id)).toEqual([7]);
    expect(hits[0]!.direction).toBe('NE');
    expect(creaturePosition({ id: 1, lat: 1, lng: 2, latitude: 3, longitude: 4 })).toEqual({ lat: 1, lng: 2 });
  });
  it('options override the radius and threat distance', () => {
    const creatures = [{ id: 'x', ...at(270, 300) }];
    expect(scan(hunter, creatures, { radiusM: 200 })).toEqual([]);
    expect(scan(hunter, creatures, { threatM: 400 })[0]!.immediateThreat).toBe(true);
  });
  it('keeps the input order for equal distances', () => {
    const p = at(10, 50);
    expect(scan(hunter, [{ id: 'b', ...p }, { id: 'a', ...p }]).map((h) => h.id)).toEqual(['b', 'a']);
  });
  it('finds nothing from an invalid hunter position', () => {
    expect(scan({ lat: Number.NaN, lng: 0 }, [{ id: 1, ...at(0, 10) }])).toEqual([]);
    // Out of range counts as invalid too, even next to a creature.
    expect(scan({ lat: 90.001, lng: 0 }, [{ id: 1, lat: 89.9995, lng: 0 }])).toEqual([]);
    expect(scan({ lat: 0, lng: 180.5 }, [{ id: 1, lat: 0, lng: 179.9999 }])).toEqual([]);
  });
  it('nearest is the first hit or null', () => {
    expect(nearest(hunter, [])).toBeNull();
    expect(nearest(hunter, [{ id: 'a', ...at(0, 2000) }])).toBeNull();
    expect(nearest(hunter, [{ id: 'a', ...at(0, 500) }, { id: 'b', ...at(0, 400) }])!.id).toBe('b');
  });
  it('property: sorted, within radius, all targetable, consistent with distanceMeters', () => {
    const creature = fc.record({
      id: fc.integer(),
      lat: fc.double({ min: 45.49, max: 45.51, noNaN: true }),
      lng: fc.double({ min: -73.58, max: -73.55, noNaN: true }),
      status: fc.constantFrom(undefined, 'active', 'captured', 'alive'),
    });
    fc.assert(
      fc.property(fc.array(creature, { maxLength: 30 }), (cs) => {
        const hits = scan(hunter, cs);
        for (let i = 1; i < hits.length; i++) expect(hits[i]!.distanceM).toBeGreaterThanOrEqual(hits[i - 1]!.distanceM);
        const expected = cs.filter((c) => c.status !== 'captured' && distanceMeters(hunter, c) <= 1000).length;
        expect(hits.length).toBe(expected);
        for (const h of hits) {
          expect(h.distanceM).toBeLessThanOrEqual(1000);
          expect(h.signal).toBe(signalStrength(h.distanceM));
          expect(h.direction).toBe(compassPoint(h.bearing));
          expect(h.immediateThreat).toBe(h.distanceM <= 25);
        }
      }),
    );
  });
});
