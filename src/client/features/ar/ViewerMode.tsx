// No compass (desktop, refused permission, a phone whose compass stays silent): the
// species in the 3D viewer, with a compass in its corner along the bearing, and the
// walking direction in words: relative to the hunter's direction of travel when GPS
// gives one, else as a compass point. The hunt stays playable.
import { Box, Center, Group, Text } from '@mantine/core';
import { IconNavigation } from '@tabler/icons-react';
import { relativeBearing, walkingDirection } from '../../../domain/ar-heading';
import { LazyModelViewer } from '../models/LazyModelViewer';
import type { SpeciesLite } from '../species/types';
import { DirectionCompass } from './DirectionCompass';
import type { ArTarget } from './types';

const COMPASS_PX = 76;

export function ViewerMode({
  target,
  species,
  height,
  heading = null,
}: {
  target: ArTarget;
  species: SpeciesLite | null;
  height: number | string;
  heading?: number | null;
}) {
  const travel = typeof heading === 'number' && Number.isFinite(heading);
  const arrow = Math.round(travel ? relativeBearing(target.bearing, heading) : target.bearing);
  return (
    <Box data-testid="ar-viewer-mode" pos="relative">
      {species?.modelUrl ? (
        <LazyModelViewer url={species.modelUrl} height={height} autoRotate label={species.name} />
      ) : (
        <Center h={height} bg="gray.1" style={{ borderRadius: 8 }}>
          <Text c="dimmed">No 3D model for this species</Text>
        </Center>
      )}
      <Box pos="absolute" top={8} right={8} style={{ pointerEvents: 'none' }}>
        <DirectionCompass target={target} heading={heading} size={COMPASS_PX} caption={false} />
      </Box>
      <Group
        gap={6}
        wrap="nowrap"
        pos="absolute"
        left={8}
        top={8}
        maw="calc(100% - 100px)"
        px={8}
        py={4}
        bg="rgba(0,0,0,0.7)"
        style={{ borderRadius: 6, pointerEvents: 'none' }}
        data-testid="ar-walk-direction"
      >
        <IconNavigation size={16} color="#ffd43b" aria-hidden style={{ transform: `rotate(${arrow}deg)`, flexShrink: 0 }} />
        <Text size="xs" fw={700} c="white" lh={1.2}>
          {walkingDirection(target, heading)}
        </Text>
      </Group>
    </Box>
  );
}
