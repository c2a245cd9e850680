// A team's colour as a small round swatch (beside a name, a map label, a tracking row), and a
// team's name on its colour as a badge: black or white text, whichever reads better.
import { Badge, Box } from '@mantine/core';
import { textOn } from './teamColour';

export function TeamSwatch({ color, size = 12 }: { color: string; size?: number }) {
  return (
    <Box
      component="span"
      aria-hidden
      w={size}
      h={size}
      style={{ display: 'inline-block', flexShrink: 0, borderRadius: '50%', background: color, boxShadow: 'inset 0 0 0 1px rgba(0,0,0,0.45)' }}
    />
  );
}

export function TeamBadge({ name, color, size = 'sm' }: { name: string; color: string; size?: 'xs' | 'sm' | 'md' | 'lg' }) {
  return (
    <Badge
      size={size}
      radius="sm"
      bg={color}
      c={textOn(color)}
      style={{ boxShadow: 'inset 0 0 0 1px rgba(0,0,0,0.35)', textTransform: 'none', maxWidth: '100%' }}
      data-testid="team-badge"
    >
      {name}
    </Badge>
  );
}
