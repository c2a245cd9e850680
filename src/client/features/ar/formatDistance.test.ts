import { describe, expect, it } from 'vitest';
import { formatDistance } from './formatDistance';

describe('formatDistance', () => {
  it.each([
    [0, '0.0 m'],
    [0.4, '0.4 m'],
    [8.44, '8.4 m'],
    [99.94, '99.9 m'],
    [240.4, '240 m'],
    [999.4, '999 m'],
    [1234, '1.2 km'],
    [Number.NaN, '—'],
    [-1, '—'],
  ])('%s m -> %s', (m, text) => expect(formatDistance(m)).toBe(text));
});
