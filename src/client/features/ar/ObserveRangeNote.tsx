// Why Observe is on or off, right above it (AR view, WebXR overlay).
import { Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconWalk } from '@tabler/icons-react';
import type { ObserveReadiness } from '../../../domain/hunt-target';

/**
 * Why Observe is on or off, right above it: the 100 m range and the distance still to walk, the
 * 50 m safety warning inside it, or that this one is observed. The server still decides.
 */
export function ObserveRangeNote({ readiness, dark = false }: { readiness: ObserveReadiness; dark?: boolean }) {
  const warn = readiness.ready && readiness.tooClose;
  const Icon = !readiness.ready ? (readiness.reason === 'observed' ? IconCircleCheck : IconWalk) : warn ? IconAlertTriangle : IconCircleCheck;
  // red.9 on the light panel: 4.9:1 (AA); orange.9 read 3.9:1.
  const colour = warn ? (dark ? 'yellow.3' : 'red.9') : dark ? 'white' : readiness.ready ? 'jungle.9' : 'dark.7';
  return (
    <Group
      gap={6}
      wrap="nowrap"
      data-testid="observe-range"
      data-ready={String(readiness.ready)}
      data-too-close={warn ? 'true' : undefined}
      role={warn ? 'alert' : 'status'}
    >
      <Icon size={20} aria-hidden color={`var(--mantine-color-${colour.replace('.', '-')})`} style={{ flexShrink: 0 }} />
      <Text size="sm" fw={700} c={colour} lh={1.25}>
        {readiness.message}
      </Text>
    </Group>
  );
}

