import { describe, expect, it } from 'vitest';
import { centreOf, normalisePlaceQuery, PLACE_MESSAGES, PlaceSearchInput, parseCoordinates, toPlaceResults } from './place-search';
import { PLACE_QUERY_MAX_CHARS, PLACE_RESULTS_MAX } from './rules';

describe('parseCoordinates', () => {
  it.each([
    ['48.8584, 2.2945', { lat: 48.8584, lng: 2.2945 }],
    [' -33.86;151.21 ', { lat: -33.86, lng: 151.21 }],
    ['45.5 -73.56', { lat: 45.5, lng: -73.56 }],
    ['+0.5,-.25', { lat: 0.5, lng: -0.25 }],
  ])('reads %j', (text, point) => {
    expect(parseCoordinates(text)).toEqual(point);
  });

  it.each(['Paris', '91, 2', '45, 181', '48.85', '48.85, 2.29, 3', '1e2, 3', '0x10, 2', '48,85 2,29x'])('refuses %j', (text) => {
    expect(parseCoordinates(text)).toBeNull();
  });
});

describe('PlaceSearchInput', () => {
  it('trims and bounds the query with clear messages', () => {
    expect(PlaceSearchInput.parse({ q: '  Parc  ' }).q).toBe('Parc');
    expect(PlaceSearchInput.safeParse({ q: ' a ' }).error?.issues[0]?.message).toBe(PLACE_MESSAGES.queryShort);
    expect(PlaceSearchInput.safeParse({ q: 'x'.repeat(PLACE_QUERY_MAX_CHARS + 1) }).error?.issues[0]?.message).toBe(PLACE_MESSAGES.queryLong);
  });
  it('normalises case and spacing for the cache', () => {
    expect(normalisePlaceQuery('  Parc   La Fontaine ')).toBe('parc la fontaine');
  });
});

describe('toPlaceResults', () => {
  it('reads a Nominatim jsonv2 answer and drops what is not a place', () => {
    const raw = [
      { display_name: 'Parc La Fontaine, Montréal', lat: '45.5271', lon: '-73.5697', boundingbox: ['45.52', '45.53', '-73.575', '-73.565'] },
      { display_name: 'No position' },
      { display_name: 'Out of range', lat: '95', lon: '0' },
      { display_name: 'Bad box', lat: '1', lon: '2', boundingbox: ['5', '1', '0', '1'] },
    ];
    expect(toPlaceResults(raw)).toEqual([
      {
        name: 'Parc La Fontaine, Montréal',
        lat: 45.5271,
        lng: -73.5697,
        bounds: { south: 45.52, north: 45.53, west: -73.575, east: -73.565 },
        source: 'geocoder',
      },
      { name: 'Bad box', lat: 1, lng: 2, bounds: null, source: 'geocoder' },
    ]);
    expect(toPlaceResults({ error: 'nope' })).toEqual([]);
  });
  it(`keeps at most ${PLACE_RESULTS_MAX}`, () => {
    const raw = Array.from({ length: 12 }, (_, i) => ({ display_name: `P${i}`, lat: i, lon: i }));
    expect(toPlaceResults(raw)).toHaveLength(PLACE_RESULTS_MAX);
  });
});

describe('centreOf', () => {
  it('answers the middle of the box around the points, ignoring invalid ones', () => {
    expect(centreOf([{ lat: 10, lng: 20 }, { lat: 12, lng: 26 }, { lat: Number.NaN, lng: 0 }])).toEqual({ lat: 11, lng: 23 });
    expect(centreOf([])).toBeNull();
  });
});
