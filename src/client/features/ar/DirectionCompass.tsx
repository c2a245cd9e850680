// A north-up compass with an arrow along the target's bearing (scanner maths): the
// direction to walk when no sensor can turn the view (3D viewer mode, before WebXR starts).
import { Box, Text } from '@mantine/core';
import type { ArTarget } from './types';

const SIZE = 96;

export function DirectionCompass({ target, dark = false }: { target: ArTarget; dark?: boolean }) {
  return (
    <Box
      role="img"
      aria-label={`Target bearing ${Math.round(target.bearing)} degrees, ${target.direction}`}
      data-testid="ar-compass"
      // The box grows with the bearing line under the dial, so nothing below covers it.
      style={{ position: 'relative', width: SIZE, flex: 'none' }}
    >
      <svg width={SIZE} height={SIZE} viewBox="-50 -50 100 100" aria-hidden>
        <circle r="46" fill="#1a1b1e" stroke="#adb5bd" strokeWidth="3" />
        <text y="-30" textAnchor="middle" fill="#ff6b6b" fontSize="16" fontWeight="700">
          N
        </text>
        <g transform={`rotate(${target.bearing})`}>
          <path d="M0,-38 L11,4 L0,-4 L-11,4 Z" fill="#ffd43b" />
          <rect x="-2.5" y="-4" width="5" height="30" fill="#ffd43b" />
        </g>
      </svg>
      <Text size="xs" fw={600} c={dark ? 'gray.2' : 'dark.6'} ta="center" mt={2}>
        {Math.round(target.bearing)}° {target.direction}
      </Text>
    </Box>
  );
}
