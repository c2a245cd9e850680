// The nearest target in words and numbers: species, distance, compass direction,
// signal strength and the immediate-threat warning (25 m or less).
import { Badge, Button, Group, Paper, Progress, SimpleGrid, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle, IconNavigation } from '@tabler/icons-react';
import { IMMEDIATE_THREAT_M, SIGNAL_MAX } from '../../../../domain/rules';
import { RarityBadge } from '../../species/RarityBadge';
import type { SpeciesLite } from '../../species/types';
import { formatDistance } from './formatDistance';

export type ReadoutTarget = {
  species: SpeciesLite | null;
  distance: number;
  bearing: number;
  direction: string;
  signal: number;
  immediateThreat: boolean;
};

export function TargetReadout({ target, onShowSpecies }: { target: ReadoutTarget; onShowSpecies?: () => void }) {
  const name = target.species?.name ?? 'Unknown species';
  return (
    <Paper p="sm" radius="md" bg="dark.8" c="white" data-testid="target-readout">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text size="xs" c="gray.4" fw={700} tt="uppercase">
            Nearest target
          </Text>
          <Text fw={800} size="xl" lh={1.2} style={{ overflowWrap: 'anywhere' }} data-testid="target-name">
            {name}
          </Text>
        </div>
        {target.species && <RarityBadge rarity={target.species.rarity} size="lg" />}
      </Group>
      <SimpleGrid cols={2} mt="xs" spacing="xs">
        <div>
          <Text size="xs" c="gray.4" fw={700}>
            DISTANCE
          </Text>
          <Text fw={800} fz={28} lh={1.1} data-testid="target-distance">
            {formatDistance(target.distance)}
          </Text>
        </div>
        <div>
          <Text size="xs" c="gray.4" fw={700}>
            DIRECTION
          </Text>
          <Group gap={6} wrap="nowrap">
            <IconNavigation size={26} aria-hidden style={{ transform: `rotate(${target.bearing}deg)` }} />
            <Text fw={800} fz={28} lh={1.1} data-testid="target-direction">
              {target.direction}
            </Text>
          </Group>
        </div>
      </SimpleGrid>
      <Text size="xs" c="gray.4" fw={700} mt="xs">
        SIGNAL {Math.round(target.signal)}%
      </Text>
      <Progress value={(target.signal / SIGNAL_MAX) * 100} color="jungle.4" size="lg" aria-label="Signal strength" />
      {target.immediateThreat && (
        <Badge mt="xs" color="red.8" size="lg" leftSection={<IconAlertTriangle size={16} aria-hidden />} fullWidth>
          Immediate threat: within {IMMEDIATE_THREAT_M} m
        </Badge>
      )}
      {onShowSpecies && target.species && (
        <Button
          mt="xs"
          h={48}
          fullWidth
          variant="white"
          color="dark"
          leftSection={<IconInfoCircle size={20} aria-hidden />}
          onClick={onShowSpecies}
        >
          Species card
        </Button>
      )}
    </Paper>
  );
}
