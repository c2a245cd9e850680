import { describe, expect, it } from 'vitest';
import { mantineIdOf } from './mantineId';

describe("Mantine's ids from React's", () => {
  it('keeps only characters that are safe in a CSS selector and an HTML id', () => {
    expect(mantineIdOf(':r1:')).toBe('mantine-r1');
    expect(mantineIdOf('«r1f»')).toBe('mantine-r1f');
    expect(mantineIdOf('_r_1a_')).toBe('mantine-_r_1a_');
  });

  it('keeps different React ids different', () => {
    const ids = [':r1:', ':r2:', ':r10:', ':r1a:'].map(mantineIdOf);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
