// WCAG 2 contrast arithmetic for the theme: picks text colours that stay readable
// (AA: 4.5:1) on the tinted backgrounds of Mantine's light variants.

/** `#rgb` or `#rrggbb` to [r, g, b] in 0-255; null for anything else (rgba(), var(), names). */
export function parseHex(color: string): [number, number, number] | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!m) return null;
  const hex = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

const toHex = (rgb: [number, number, number]) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/** WCAG 2 relative luminance of an sRGB colour. */
export function relativeLuminance([r, g, b]: [number, number, number]): number {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The WCAG 2 contrast ratio of two hex colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const pa = parseHex(a);
  const pb = parseHex(b);
  if (!pa || !pb) throw new Error(`contrastRatio needs hex colours, got ${a} and ${b}`);
  const [hi, lo] = [relativeLuminance(pa), relativeLuminance(pb)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * `color` itself when it reaches `min` contrast on every one of `backgrounds`, else the
 * lightest darkening of it (mixed towards black in 5% steps) that does: same hue, readable.
 */
export function readableOn(color: string, backgrounds: string[], min = 4.5): string {
  const rgb = parseHex(color);
  if (!rgb) return color;
  for (let k = 0; k <= 20; k += 1) {
    const candidate = toHex(rgb.map((v) => v * (1 - k / 20)) as [number, number, number]);
    if (backgrounds.every((bg) => contrastRatio(candidate, bg) >= min)) return candidate;
  }
  return '#000000';
}
