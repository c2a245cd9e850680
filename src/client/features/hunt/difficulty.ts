// The spec's difficulty colours: easy green, medium yellow, hard orange, any other
// value red; no difficulty at all reads CLASSIFIED (in grey).
const DIFFICULTY_COLOURS: Record<string, string> = { easy: 'green.9', medium: 'yellow.5', hard: 'orange.7' };
const OTHER_COLOUR = 'red.8';
const CLASSIFIED_COLOUR = 'gray.7';
/** Yellow is light: dark text keeps AA contrast on it. */
export const DARK_TEXT_COLOURS = new Set(['yellow.5']);

export function difficultyColour(difficulty: string | null | undefined): string {
  if (!difficulty?.trim()) return CLASSIFIED_COLOUR;
  return DIFFICULTY_COLOURS[difficulty.trim().toLowerCase()] ?? OTHER_COLOUR;
}

export function difficultyLabel(difficulty: string | null | undefined): string {
  return difficulty?.trim() ? difficulty.trim() : 'CLASSIFIED';
}
