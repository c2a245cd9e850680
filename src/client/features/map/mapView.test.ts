import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCATION, GAMEMASTER_ZOOM, HUNTER_ZOOM } from '../../../domain/rules';
import { areaHome, boundsOf, compassRotation, contentPoints, hunterFramePoints, initialView } from './mapView';

const dino = (id: number, latitude: number, longitude: number) => ({ id, speciesId: 1, latitude, longitude });

describe('contentPoints and boundsOf', () => {
  it('collects dinosaurs, hunters and self, dropping invalid coordinates', () => {
    const points = contentPoints(
      [dino(1, 48.1, 2.1), dino(2, Number.NaN, 2)],
      [{ userId: 'a', label: 'A', lat: 48.3, lng: 2.4, accuracy: 5 }, { userId: 'b', label: 'B', lat: 91, lng: 0, accuracy: 5 }],
      { lat: 48.0, lng: 2.0, accuracy: 3 },
    );
    expect(points).toEqual([
      { lat: 48.1, lng: 2.1 },
      { lat: 48.3, lng: 2.4 },
      { lat: 48.0, lng: 2.0 },
    ]);
    expect(boundsOf(points)).toEqual({ south: 48.0, west: 2.0, north: 48.3, east: 2.4 });
  });
  it('has no bounds without points', () => {
    expect(boundsOf([])).toBeNull();
  });
});

describe('initialView', () => {
  it('opens a hunter on their own position at zoom 18', () => {
    expect(initialView('hunter', { dinosaurs: [dino(1, 10, 10)], self: { lat: 1, lng: 2, accuracy: 5 } })).toEqual({
      center: { lat: 1, lng: 2 },
      zoom: HUNTER_ZOOM,
    });
  });
  it('opens the game master on the centre of the content at zoom 13', () => {
    expect(initialView('gamemaster', { dinosaurs: [dino(1, 10, 20), dino(2, 12, 24)] })).toEqual({
      center: { lat: 11, lng: 22 },
      zoom: GAMEMASTER_ZOOM,
    });
  });
  it('falls back to the default location without content', () => {
    expect(initialView('gamemaster', { dinosaurs: [] }).center).toEqual({ lat: DEFAULT_LOCATION.lat, lng: DEFAULT_LOCATION.lng });
    expect(initialView('hunter', { dinosaurs: [], self: null }).zoom).toBe(HUNTER_ZOOM);
  });
});

describe('compassRotation', () => {
  it('is 360 minus the heading, within 0..359', () => {
    expect(compassRotation(90)).toBe(270);
    expect(compassRotation(0)).toBe(0);
    expect(compassRotation(360)).toBe(0);
    expect(compassRotation(-90)).toBe(90);
    expect(compassRotation(450)).toBe(270);
  });
  it('points north without a heading', () => {
    expect(compassRotation(null)).toBe(0);
    expect(compassRotation(Number.NaN)).toBe(0);
  });
});

describe('hunterFramePoints', () => {
  const self = { lat: 48, lng: 2, accuracy: 5 };
  it('frames the hunter and the target, else every dinosaur', () => {
    expect(hunterFramePoints(self, [dino(1, 48.1, 2.1), dino(2, 48.2, 2.2)], { lat: 48.1, lng: 2.1 })).toEqual([
      { lat: 48, lng: 2 },
      { lat: 48.1, lng: 2.1 },
    ]);
    expect(hunterFramePoints(self, [dino(1, 48.1, 2.1), dino(2, 48.2, 2.2)], null)).toEqual([
      { lat: 48, lng: 2 },
      { lat: 48.1, lng: 2.1 },
      { lat: 48.2, lng: 2.2 },
    ]);
  });
  it('is empty without a position, and the hunter alone without dinosaurs', () => {
    expect(hunterFramePoints(null, [dino(1, 48.1, 2.1)])).toEqual([]);
    expect(hunterFramePoints(self, [])).toEqual([{ lat: 48, lng: 2 }]);
  });
});

describe('initialView with a home (decision 817)', () => {
  const home = { lat: 45.52, lng: -73.57, zoom: 16 };
  it('opens HQ without content where the game master last played, at the playing zoom', () => {
    expect(initialView('gamemaster', { dinosaurs: [], home })).toEqual({ center: { lat: 45.52, lng: -73.57 }, zoom: 16 });
  });
  it('prefers the content, and ignores the home for hunters or when invalid', () => {
    expect(initialView('gamemaster', { dinosaurs: [dino(1, 10, 20)], home }).center).toEqual({ lat: 10, lng: 20 });
    expect(initialView('hunter', { dinosaurs: [], home }).center).toEqual({ lat: DEFAULT_LOCATION.lat, lng: DEFAULT_LOCATION.lng });
    expect(initialView('gamemaster', { dinosaurs: [], home: { lat: 95, lng: 0, zoom: 16 } }).zoom).toBe(GAMEMASTER_ZOOM);
  });
});

describe('areaHome (the meeting-point picker, issue #46)', () => {
  it("opens at the middle of the session's dinosaurs, at the given zoom", () => {
    const home = areaHome([dino(1, 48.8, 2.2), dino(2, 48.9, 2.4), dino(3, Number.NaN, 0)], 16);
    expect(home?.lat).toBeCloseTo(48.85, 9);
    expect(home?.lng).toBeCloseTo(2.3, 9);
    expect(home?.zoom).toBe(16);
  });
  it('has none without dinosaurs', () => {
    expect(areaHome([], 16)).toBeNull();
  });
});
