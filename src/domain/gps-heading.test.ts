import { describe, expect, it } from 'vitest';
import { type HeadingState, initialHeadingState, nextHeading } from './gps-heading';
import { EARTH_RADIUS_M } from './scanner';

const M_PER_DEG = (EARTH_RADIUS_M * Math.PI) / 180;
const BASE = { lat: 48.8584, lng: 2.2945 };
const east = (m: number) => ({ lat: BASE.lat, lng: BASE.lng + m / (M_PER_DEG * Math.cos((BASE.lat * Math.PI) / 180)) });
const north = (m: number) => ({ lat: BASE.lat + m / M_PER_DEG, lng: BASE.lng });

describe('nextHeading', () => {
  it('no heading before any movement', () => {
    expect(nextHeading(initialHeadingState, { position: BASE }).heading).toBeNull();
  });

  it("the device's heading wins while moving", () => {
    const s = nextHeading(initialHeadingState, { position: BASE, deviceHeading: 370, speed: 1.2 });
    expect(s.heading).toBe(10);
  });

  it.each([
    ['NaN heading (Chrome when standing)', Number.NaN, 1],
    ['null heading', null, 1],
    ['a heading while standing still', 90, 0.1],
  ])('%s: falls back to movement', (_name, deviceHeading, speed) => {
    let s: HeadingState = nextHeading(initialHeadingState, { position: BASE, deviceHeading, speed });
    expect(s.heading).toBeNull();
    s = nextHeading(s, { position: east(4), deviceHeading, speed });
    expect(s.heading).toBeCloseTo(90, 0);
  });

  it('a device heading with unknown speed is used', () => {
    expect(nextHeading(initialHeadingState, { position: BASE, deviceHeading: 45, speed: null }).heading).toBe(45);
  });

  it('jitter under 3 m keeps the last heading; a 3 m move sets a new one', () => {
    let s = nextHeading(initialHeadingState, { position: BASE });
    s = nextHeading(s, { position: north(10) });
    expect(s.heading).toBeCloseTo(0, 5);
    const jitter = nextHeading(s, { position: { lat: north(10).lat, lng: east(2).lng } });
    expect(jitter).toBe(s);
    const moved = nextHeading(s, { position: { lat: north(10).lat, lng: east(3.1).lng } });
    expect(moved.heading).toBeCloseTo(90, 0);
  });
});
