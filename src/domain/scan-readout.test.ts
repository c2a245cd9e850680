import { describe, expect, it } from 'vitest';
import {
  detectCreatures,
  formatDistance,
  gpsUncertainty,
  isHunterVisible,
  isPlayable,
  type ScannerGate,
  scannerGate,
} from './scan-readout';
import { EARTH_RADIUS_M } from './scanner';

const M_PER_DEG = (EARTH_RADIUS_M * Math.PI) / 180;
const HUNTER = { lat: 48.8584, lng: 2.2945 };
const northOf = (m: number) => HUNTER.lat + m / M_PER_DEG;

describe('session statuses', () => {
  it.each([
    ['active', true, true],
    ['started', true, true],
    ['preparing', true, false],
    ['paused', false, false],
    ['completed', false, false],
    [null, false, false],
    [undefined, false, false],
    ['ACTIVE', false, false],
  ])('%s: playable %s, hunter-visible %s', (status, playable, visible) => {
    expect(isPlayable(status)).toBe(playable);
    expect(isHunterVisible(status)).toBe(visible);
  });
});

describe('scannerGate', () => {
  const cases: [string | null, boolean, number, ScannerGate][] = [
    ['paused', true, 3, 'session_preparing'],
    ['completed', false, 0, 'session_preparing'],
    [null, true, 3, 'session_preparing'],
    ['active', false, 3, 'gps_required'],
    ['preparing', false, 0, 'gps_required'],
    ['active', true, 0, 'no_creatures'],
    ['preparing', true, 0, 'no_creatures'],
    ['active', true, 1, 'ready'],
    ['started', true, 2, 'ready'],
  ];
  it.each(cases)('status %s, position %s, %i creatures: %s', (sessionStatus, hasPosition, visibleCreatures, gate) => {
    expect(scannerGate({ sessionStatus, hasPosition, visibleCreatures })).toBe(gate);
  });
});

describe('detectCreatures', () => {
  const species = new Map([
    [1, { id: 1, name: 'Tyrannosaurus rex' }],
    [2, { id: 2, name: 'Triceratops' }],
  ]);
  const dinosaurs = [
    { id: 10, speciesId: 1, latitude: String(northOf(300)), longitude: String(HUNTER.lng), status: 'active' },
    { id: 11, speciesId: 2, latitude: String(northOf(20)), longitude: String(HUNTER.lng), status: 'active' },
    { id: 12, speciesId: 1, latitude: String(northOf(1500)), longitude: String(HUNTER.lng), status: 'active' },
    { id: 13, speciesId: 2, latitude: String(northOf(5)), longitude: String(HUNTER.lng), status: 'captured' },
    { id: 14, speciesId: 99, latitude: String(northOf(-40)), longitude: String(HUNTER.lng), status: 'active' },
  ];

  it('lists targetable creatures within 1000 m, nearest first, with species, direction and threat', () => {
    const hits = detectCreatures(HUNTER, dinosaurs, species, 'active');
    expect(hits.map((h) => h.dinosaur.id)).toEqual([11, 14, 10]);
    expect(hits[0]).toMatchObject({ species: { name: 'Triceratops' }, direction: 'N', immediateThreat: true });
    expect(hits[0]!.distance).toBeCloseTo(20, 3);
    expect(hits[0]!.signal).toBeCloseTo(80, 3);
    expect(hits[1]).toMatchObject({ species: null, direction: 'S', immediateThreat: false });
    expect(hits[1]!.bearing).toBeCloseTo(180, 5);
    expect(hits[2]).toMatchObject({ signal: 10, immediateThreat: false });
  });

  it.each(['preparing', 'paused', 'completed', null])('nothing while the session is %s', (status) => {
    expect(detectCreatures(HUNTER, dinosaurs, species, status)).toEqual([]);
  });

  it('nothing without a position', () => {
    expect(detectCreatures(null, dinosaurs, species, 'active')).toEqual([]);
  });
});

describe('formatting', () => {
  it.each([
    [0.4, '0 m'],
    [12.6, '13 m'],
    [999.4, '999 m'],
    [1000, '1.00 km'],
    [1234, '1.23 km'],
    [-3, '0 m'],
    [Number.NaN, '? m'],
  ])('formatDistance(%d) is %s', (m, text) => {
    expect(formatDistance(m)).toBe(text);
  });

  it.each([
    [20, 35, '±35 m GPS'],
    [35, 35, null],
    [100, 8, null],
    [3, 4.6, '±5 m GPS'],
    [20, null, null],
    [20, Number.POSITIVE_INFINITY, null],
  ])('distance %d m at accuracy %s: %s', (d, a, note) => {
    expect(gpsUncertainty(d, a)).toBe(note);
  });
});
