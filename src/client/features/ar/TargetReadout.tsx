// Distance and 8-point direction of the target, in every mode (and in the WebXR overlay).
import { Badge, Group, Text } from '@mantine/core';
import { bearingIsReliable } from '../../../domain/ar-geometry';
import { formatDistance } from './formatDistance';
import type { ArTarget } from './types';

/** `name` null: the distance and direction alone, where the screen names the target elsewhere. */
export function TargetReadout({
  target,
  name,
  dark = false,
  observed = false,
}: {
  target: ArTarget;
  name: string | null;
  dark?: boolean;
  /** Already observed by this hunter: marked beside the name. */
  observed?: boolean;
}) {
  const here = !bearingIsReliable(target.distance);
  return (
    <Group justify={name === null ? 'flex-end' : 'space-between'} wrap="nowrap" gap="xs" data-testid="ar-readout">
      {/* A long name wraps (never cut: a line clamp left "mx0xmv4a..." at 320 px); the distance and direction are what a hunter walks by, so they never shrink. */}
      {name !== null && (
        <Text fw={700} size="lg" c={dark ? 'white' : undefined} miw={0} style={{ flex: 1, overflowWrap: 'anywhere' }}>
          {name}
        </Text>
      )}
      <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
        {observed && (
          <Badge size="md" radius="sm" color="jungle.9" variant="filled" data-testid="ar-target-observed">
            Observed
          </Badge>
        )}
        <Badge size="xl" radius="sm" color="dark" variant="filled" data-testid="ar-distance">
          {formatDistance(target.distance)}
        </Badge>
        <Badge size="xl" radius="sm" color="blue.9" variant="filled" data-testid="ar-direction" aria-label={here ? 'Right here' : `Direction ${target.direction}`}>
          {here ? 'HERE' : target.direction}
        </Badge>
      </Group>
    </Group>
  );
}
