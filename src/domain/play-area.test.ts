import { describe, expect, it } from 'vitest';
import {
  distanceToEdgeM,
  isInside,
  normaliseRing,
  placementProblem,
  playAreaProblem,
  readRing,
  readRings,
  ringAreaSqM,
  startWarnings,
  zoneStateOf,
} from './play-area';
import { PLAY_AREA_MESSAGES as M } from './play-area-schemas';
import { MAX_NO_GO_ZONES, MAX_PLAY_AREA_VERTICES, ZONE_HYSTERESIS_M } from './rules';

// A square about 222 m a side near the Eiffel Tower, a no-go zone in its middle, and metres in degrees.
const LAT = 48.858;
const LNG = 2.294;
const M_LAT = 1 / 111_195;
const M_LNG = 1 / (111_195 * Math.cos((LAT * Math.PI) / 180));
const square = (cLat: number, cLng: number, halfM: number) => [
  { lat: cLat - halfM * M_LAT, lng: cLng - halfM * M_LNG },
  { lat: cLat - halfM * M_LAT, lng: cLng + halfM * M_LNG },
  { lat: cLat + halfM * M_LAT, lng: cLng + halfM * M_LNG },
  { lat: cLat + halfM * M_LAT, lng: cLng - halfM * M_LNG },
];
const area = square(LAT, LNG, 111);
const zone = square(LAT, LNG, 20);
/** A point `east` metres east and `north` metres north of the centre. */
const at = (east: number, north = 0) => ({ lat: LAT + north * M_LAT, lng: LNG + east * M_LNG });

describe('normaliseRing', () => {
  it('drops a closing corner and corners repeated in a row', () => {
    const [a, b, c] = area;
    expect(normaliseRing([a!, b!, b!, c!, a!])).toEqual([a, b, c]);
  });
});

describe('playAreaProblem', () => {
  it('accepts no area at all, and a simple area with a zone inside', () => {
    expect(playAreaProblem(null, [])).toBeNull();
    expect(playAreaProblem(area, [zone])).toBeNull();
  });

  it('refuses fewer than 3 corners and more than the limit', () => {
    expect(playAreaProblem(area.slice(0, 2), [])).toBe(M.tooFewVertices);
    const circle = Array.from({ length: MAX_PLAY_AREA_VERTICES + 1 }, (_, i) => {
      const a = (2 * Math.PI * i) / (MAX_PLAY_AREA_VERTICES + 1);
      return at(100 * Math.cos(a), 100 * Math.sin(a));
    });
    expect(playAreaProblem(circle, [])).toBe(M.tooManyVertices);
    expect(playAreaProblem(circle.slice(0, MAX_PLAY_AREA_VERTICES), [])).toBeNull();
  });

  it('refuses a self-intersecting polygon (a bow tie)', () => {
    const [a, b, c, d] = area;
    expect(playAreaProblem([a!, c!, b!, d!], [])).toBe(M.selfIntersecting);
    expect(playAreaProblem(area, [[zone[0]!, zone[2]!, zone[1]!, zone[3]!]])).toBe(M.zoneSelfIntersecting(1));
  });

  it('refuses a sliver or collinear corners', () => {
    expect(playAreaProblem([at(0), at(10), at(20)], [])).toBe(M.tooSmall);
    expect(ringAreaSqM(area)).toBeGreaterThan(222 * 222 * 0.99);
  });

  it('refuses zones without an area, outside it, crossing its edge, or too many', () => {
    expect(playAreaProblem(null, [zone])).toBe(M.zonesNeedArea);
    expect(playAreaProblem(area, [zone, square(LAT + 0.01, LNG, 20)])).toBe(M.zoneOutside(2));
    // Every corner inside, but the edge leaves a concave area (an L shape with the zone across its notch).
    const ell = [at(-100, -100), at(100, -100), at(100, 0), at(0, 0), at(0, 100), at(-100, 100)];
    expect(playAreaProblem(ell, [[at(-50, 50), at(-50, -50), at(50, -50), at(-10, 90)]])).toBe(M.zoneOutside(1));
    const many = Array.from({ length: MAX_NO_GO_ZONES + 1 }, (_, i) => square(LAT, LNG + (i * 10 - 50) * M_LNG, 3));
    expect(playAreaProblem(area, many)).toBe(M.tooManyZones);
  });
});

describe('placementProblem', () => {
  it('allows anywhere without an area; inside only with one; never in a zone', () => {
    expect(placementProblem(at(500), null, [])).toBeNull();
    expect(placementProblem(at(50), area, [zone])).toBeNull();
    expect(placementProblem(at(150), area, [zone])).toBe(M.outsideArea);
    expect(placementProblem(at(5), area, [zone])).toBe(M.inNoGoZone);
  });
});

describe('distanceToEdgeM and isInside', () => {
  it('measures metres to the nearest edge on either side', () => {
    expect(distanceToEdgeM(at(100), area)).toBeCloseTo(11, 0);
    expect(distanceToEdgeM(at(130), area)).toBeCloseTo(19, 0);
    expect(isInside(at(110), area)).toBe(true);
    expect(isInside(at(112), area)).toBe(false);
  });
});

describe('zoneStateOf', () => {
  const shape = { area, zones: [zone] };

  it('is null without an area', () => {
    expect(zoneStateOf(at(0), { area: null, zones: [] }, null)).toBeNull();
  });

  it('judges a first fix as it is', () => {
    expect(zoneStateOf(at(60), shape, null)).toBe('inside');
    expect(zoneStateOf(at(112), shape, null)).toBe('outside_area');
    expect(zoneStateOf(at(0), shape, null)).toBe('in_no_go');
  });

  it('leaves the area only once clearly past the line, and comes back only once clearly inside', () => {
    const justOut = at(111 + ZONE_HYSTERESIS_M / 2);
    const wellOut = at(111 + ZONE_HYSTERESIS_M * 2);
    const justIn = at(111 - ZONE_HYSTERESIS_M / 2);
    expect(zoneStateOf(justOut, shape, 'inside')).toBe('inside');
    expect(zoneStateOf(wellOut, shape, 'inside')).toBe('outside_area');
    expect(zoneStateOf(justIn, shape, 'outside_area')).toBe('outside_area');
    expect(zoneStateOf(at(60), shape, 'outside_area')).toBe('inside');
  });

  it('enters and leaves a no-go zone with the same margin', () => {
    expect(zoneStateOf(at(19), shape, 'inside')).toBe('inside');
    expect(zoneStateOf(at(10), shape, 'inside')).toBe('in_no_go');
    expect(zoneStateOf(at(22), shape, 'in_no_go')).toBe('in_no_go');
    expect(zoneStateOf(at(40), shape, 'in_no_go')).toBe('inside');
    // Straight from a zone out of the area (a jump in the fixes).
    expect(zoneStateOf(at(200), shape, 'in_no_go')).toBe('outside_area');
  });
});

describe('readRing and readRings', () => {
  it('read stored JSON text or values, and ignore junk', () => {
    expect(readRing(JSON.stringify(area))).toEqual(area);
    expect(readRing(null)).toBeNull();
    expect(readRing('not json')).toBeNull();
    expect(readRings(JSON.stringify([zone]))).toEqual([zone]);
    expect(readRings([zone, 'x'])).toEqual([zone]);
    expect(readRings(undefined)).toEqual([]);
  });
});

describe('startWarnings', () => {
  it('asks about an empty map and about misplaced dinosaurs, and nothing otherwise', () => {
    expect(startWarnings(3, 0)).toEqual([]);
    expect(startWarnings(0, 0)).toEqual([M.startNoDinosaurs]);
    expect(startWarnings(3, 1)).toEqual([M.startMisplaced(1)]);
    expect(M.startMisplaced(2)).toMatch(/^2 dinosaurs are outside/);
  });
});
