// The mission difficulty as the spec colours it: easy green, medium yellow, hard
// orange, any other value red; no difficulty at all reads CLASSIFIED.
import { Badge, type BadgeProps } from '@mantine/core';

const DIFFICULTY_COLOURS: Record<string, string> = { easy: 'green.9', medium: 'yellow.5', hard: 'orange.7' };
const OTHER_COLOUR = 'red.8';
/** Yellow is light: dark text keeps AA contrast on it. */
const DARK_TEXT = new Set(['yellow.5']);

export function difficultyColour(difficulty: string | null | undefined): string {
  if (!difficulty) return 'gray.7';
  return DIFFICULTY_COLOURS[difficulty.trim().toLowerCase()] ?? OTHER_COLOUR;
}

export function DifficultyBadge({ difficulty, size = 'lg' }: { difficulty: string | null | undefined } & Pick<BadgeProps, 'size'>) {
  const colour = difficultyColour(difficulty);
  return (
    <Badge size={size} color={colour} c={DARK_TEXT.has(colour) ? 'dark.9' : undefined} data-testid="difficulty-badge">
      {difficulty?.trim() ? difficulty : 'CLASSIFIED'}
    </Badge>
  );
}
