// Text on a team's colour: the server gives each team a colour from a fixed palette, some light
// (yellow, pink), some dark (navy, black). Labels on a swatch pick black or white by contrast,
// so a team name stays readable in sunlight whatever its colour.

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
/** Relative luminance above which black text reads better than white (WCAG's crossover point). */
const LIGHT_LUMINANCE = 0.179;

function channel(c: number): number {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a hex colour; null when it is not one. */
export function luminance(hex: string): number | null {
  const m = HEX.exec(hex);
  if (!m?.[1]) return null;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16));
  return 0.2126 * channel(r ?? 0) + 0.7152 * channel(g ?? 0) + 0.0722 * channel(b ?? 0);
}

/** Black or white, whichever reads better on `hex` (white on anything that is not a hex colour). */
export function textOn(hex: string): '#000' | '#fff' {
  const l = luminance(hex);
  return l !== null && l > LIGHT_LUMINANCE ? '#000' : '#fff';
}
