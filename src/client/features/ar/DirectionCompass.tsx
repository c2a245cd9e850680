// A compass with an arrow along the target's bearing (scanner maths): the direction
// to walk when no sensor can turn the view (3D viewer mode, before WebXR starts).
// North up; or, when the hunter's direction of travel is known from GPS, travel up
// (the arrow then reads as "ahead / to the right / behind", the N mark turns instead).
import { Box, Text } from '@mantine/core';
import { normalizeDegrees } from '../../../domain/scanner';
import type { ArTarget } from './types';

const DEFAULT_SIZE = 96;

export function DirectionCompass({
  target,
  dark = false,
  heading = null,
  size = DEFAULT_SIZE,
  caption = true,
}: {
  target: ArTarget;
  dark?: boolean;
  /** Direction of travel (degrees from north); null: north up. */
  heading?: number | null;
  size?: number;
  /** The bearing in words under the dial. */
  caption?: boolean;
}) {
  const travelUp = typeof heading === 'number' && Number.isFinite(heading);
  const up = travelUp ? heading : 0;
  const arrow = normalizeDegrees(target.bearing - up);
  const north = normalizeDegrees(-up);
  return (
    <Box
      role="img"
      aria-label={`Target bearing ${Math.round(target.bearing)} degrees, ${target.direction}${travelUp ? ', dial turned to your direction of travel' : ''}`}
      data-testid="ar-compass"
      data-up={travelUp ? 'travel' : 'north'}
      // The box grows with the bearing line under the dial, so nothing below covers it.
      style={{ position: 'relative', width: size, flex: 'none' }}
    >
      <svg width={size} height={size} viewBox="-50 -50 100 100" aria-hidden>
        <circle r="46" fill="#1a1b1e" stroke="#adb5bd" strokeWidth="3" />
        {travelUp && <path d="M0,-47 L5,-40 L-5,-40 Z" fill="#74c0fc" />}
        <g transform={`rotate(${north})`}>
          <text y="-30" textAnchor="middle" fill="#ff6b6b" fontSize="16" fontWeight="700" transform={`rotate(${-north} 0 -35)`}>
            N
          </text>
        </g>
        <g transform={`rotate(${arrow})`}>
          <path d="M0,-38 L11,4 L0,-4 L-11,4 Z" fill="#ffd43b" />
          <rect x="-2.5" y="-4" width="5" height="30" fill="#ffd43b" />
        </g>
      </svg>
      {caption && (
        <Text size="xs" fw={600} c={dark ? 'gray.2' : 'dark.6'} ta="center" mt={2}>
          {Math.round(target.bearing)}° {target.direction}
        </Text>
      )}
    </Box>
  );
}
