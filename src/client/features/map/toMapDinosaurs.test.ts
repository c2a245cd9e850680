import { describe, expect, it } from 'vitest';
import { toMapDinosaurs } from './toMapDinosaurs';

describe('toMapDinosaurs', () => {
  it('parses string coordinates and keeps the status', () => {
    expect(toMapDinosaurs([{ id: 1, speciesId: 2, latitude: '48.5', longitude: '-2.25', status: 'active' }])).toEqual([
      { id: 1, speciesId: 2, latitude: 48.5, longitude: -2.25, status: 'active' },
    ]);
  });
  it('leaves out rows without a usable position and reads a missing list as empty', () => {
    expect(toMapDinosaurs([{ id: 1, speciesId: 2, latitude: 'x', longitude: '1' }])).toEqual([]);
    expect(toMapDinosaurs(undefined)).toEqual([]);
  });
});
