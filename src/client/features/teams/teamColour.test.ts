import { describe, expect, it } from 'vitest';
import { luminance, textOn } from './teamColour';

describe('textOn', () => {
  it('black on light team colours, white on dark ones', () => {
    expect(textOn('#ffe119')).toBe('#000');
    expect(textOn('#fabed4')).toBe('#000');
    expect(textOn('#000075')).toBe('#fff');
    expect(textOn('#000000')).toBe('#fff');
    expect(textOn('#911eb4')).toBe('#fff');
  });
  it('reads three-digit colours and refuses what is not a hex colour', () => {
    expect(luminance('#fff')).toBeCloseTo(1);
    expect(luminance('red')).toBeNull();
    expect(textOn('url(x)')).toBe('#fff');
  });
});
