// Rarity colours (live-play spec, section 9: common, uncommon, rare, epic, legendary).
// Hex values, because map markers are plain HTML outside React and Mantine. Each
// keeps white text at or above 4.5:1 (WCAG AA), so labels on them stay readable.
import { RARITIES } from '../../../domain/rules';

export type Rarity = (typeof RARITIES)[number];

const RARITY_HEX: Record<Rarity, string> = {
  common: '#5c636a',
  uncommon: '#2b7a3b',
  rare: '#1864ab',
  epic: '#6741d9',
  legendary: '#c2410c',
};

/** Colour of an unknown or missing rarity: the common grey. */
const UNKNOWN_HEX = RARITY_HEX.common;

export function isRarity(value: string | null | undefined): value is Rarity {
  return typeof value === 'string' && (RARITIES as readonly string[]).includes(value);
}

/** The rarity's colour; case-insensitive, grey when unknown. */
export function rarityColor(rarity: string | null | undefined): string {
  const key = rarity?.trim().toLowerCase();
  return isRarity(key) ? RARITY_HEX[key] : UNKNOWN_HEX;
}

/** The rarity as shown on badges: upper case, 'UNKNOWN' when missing. */
export function rarityLabel(rarity: string | null | undefined): string {
  const key = rarity?.trim();
  return key ? key.toUpperCase() : 'UNKNOWN';
}
