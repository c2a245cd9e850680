// No sensors (desktop, refused permission): the species in the existing 3D viewer,
// with a compass arrow along the bearing, so the hunt stays playable.
import { Center, Group, Stack, Text } from '@mantine/core';
import { LazyModelViewer } from '../models/LazyModelViewer';
import type { SpeciesLite } from '../species/types';
import { DirectionCompass } from './DirectionCompass';
import type { ArTarget } from './types';

export function ViewerMode({ target, species, height }: { target: ArTarget; species: SpeciesLite | null; height: number | string }) {
  return (
    <Stack gap="xs" data-testid="ar-viewer-mode">
      {species?.modelUrl ? (
        <LazyModelViewer url={species.modelUrl} height={height} autoRotate label={species.name} />
      ) : (
        <Center h={height} bg="gray.1" style={{ borderRadius: 8 }}>
          <Text c="dimmed">No 3D model for this species</Text>
        </Center>
      )}
      <Group gap="sm" wrap="nowrap" align="center">
        <DirectionCompass target={target} />
        <Text size="sm">
          Walk {target.direction} ({Math.round(target.bearing)}° from north). The arrow points to the target with north up.
        </Text>
      </Group>
    </Stack>
  );
}
