// The mission difficulty as the spec colours it: easy green, medium yellow, hard
// orange, any other value red; no difficulty at all reads CLASSIFIED.
import { Badge, type BadgeProps } from '@mantine/core';

import { DARK_TEXT_COLOURS, difficultyColour, difficultyLabel } from './difficulty';

export function DifficultyBadge({ difficulty, size = 'lg' }: { difficulty: string | null | undefined } & Pick<BadgeProps, 'size'>) {
  const colour = difficultyColour(difficulty);
  return (
    <Badge size={size} color={colour} c={DARK_TEXT_COLOURS.has(colour) ? 'dark.9' : undefined} data-testid="difficulty-badge">
      {difficultyLabel(difficulty)}
    </Badge>
  );
}
