import { describe, expect, it } from 'vitest';
import { contrastRatio, parseHex, readableOn, relativeLuminance } from './contrast';

describe('contrast', () => {
  it('parses short and long hex colours, and nothing else', () => {
    expect(parseHex('#fff')).toEqual([255, 255, 255]);
    expect(parseHex('#02822A')).toEqual([2, 130, 42]);
    expect(parseHex('rgba(0,0,0,1)')).toBeNull();
    expect(parseHex('var(--x)')).toBeNull();
  });

  it('computes WCAG ratios (the values axe-core reported for the app)', () => {
    expect(relativeLuminance([255, 255, 255])).toBeCloseTo(1);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21);
    // axe-core reports two decimals, cut off.
    const cut = (x: number) => Math.floor(x * 100) / 100;
    expect(cut(contrastRatio('#ffffff', '#e67700'))).toBe(2.99);
    expect(cut(contrastRatio('#02822a', '#d6f3dc'))).toBe(4.18);
    expect(cut(contrastRatio('#af7100', '#ffefcc'))).toBe(3.56);
  });

  it('keeps a colour that already reads well, and darkens one that does not until it does', () => {
    expect(readableOn('#1864ab', ['#ffffff'])).toBe('#1864ab');
    const amber = readableOn('#af7100', ['#ffefcc', '#ffdd9b']);
    expect(contrastRatio(amber, '#ffefcc')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(amber, '#ffdd9b')).toBeGreaterThanOrEqual(4.5);
    // Darkened no more than needed: not black, and not far past the target.
    expect(amber).not.toBe('#000000');
    expect(contrastRatio(amber, '#ffdd9b')).toBeLessThan(5.5);
    expect(readableOn('var(--x)', ['#ffffff'])).toBe('var(--x)');
  });
});
