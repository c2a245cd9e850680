import { describe, expect, it } from 'vitest';
import { RARITIES } from '../../../domain/rules';
import { rarityColor, rarityLabel } from './rarity';

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

describe('rarityColor', () => {
  it('gives every rarity its own colour', () => {
    const colours = RARITIES.map((r) => rarityColor(r));
    expect(new Set(colours).size).toBe(RARITIES.length);
  });
  it('keeps white text at AA contrast (4.5:1) on every rarity colour', () => {
    for (const r of RARITIES) {
      const ratio = 1.05 / (luminance(rarityColor(r)) + 0.05);
      expect(ratio, r).toBeGreaterThanOrEqual(4.5);
    }
  });
  it('ignores case and spaces, and falls back to the common grey', () => {
    expect(rarityColor(' Legendary ')).toBe(rarityColor('legendary'));
    expect(rarityColor('mythic')).toBe(rarityColor('common'));
    expect(rarityColor(null)).toBe(rarityColor('common'));
  });
});

describe('rarityLabel', () => {
  it('shows the rarity in capitals, UNKNOWN when missing', () => {
    expect(rarityLabel('rare')).toBe('RARE');
    expect(rarityLabel('')).toBe('UNKNOWN');
    expect(rarityLabel(undefined)).toBe('UNKNOWN');
  });
});
