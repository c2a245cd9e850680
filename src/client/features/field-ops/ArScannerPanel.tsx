// AR Scanner (spec, section 2; 600 px tall): the nearest target's readout, its 3D
// model and the Observe action. The AR view (ar/) replaces the model viewer when present.
import { Alert, Badge, Box, Center, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRadar } from '@tabler/icons-react';
import { ObserveButton } from '../hunt/ObserveButton';
import type { UseObserve } from '../hunt/useObserve';
import { LazyModelViewer } from '../models/LazyModelViewer';
import { RarityBadge } from '../species/RarityBadge';
import type { SpeciesLite } from '../species/types';
import { Panel } from './Panel';
import { DETECTION_RADIUS_M, IMMEDIATE_THREAT_M } from '../../../domain/rules';

export const AR_SCANNER_HEIGHT = 600;
const VIEWER_HEIGHT = 330;

/** What the panel reads of scanner/useNearestTarget's target. */
export type ScannerTarget = {
  dinosaur: { id: number };
  species: SpeciesLite | null | undefined;
  distance: number;
  direction: string;
  signal: number;
  immediateThreat: boolean;
};

type Props = {
  target: ScannerTarget | null;
  playable: boolean;
  hasPosition: boolean;
  dinosaurCount: number;
  observe: UseObserve;
  onOpenSpecies: () => void;
};

function EmptyState({ title, text }: { title: string; text: string }) {
  return (
    <Center h="100%" p="md">
      <Stack align="center" gap={4} ta="center">
        <IconRadar size={48} aria-hidden color="var(--mantine-color-dark-3)" />
        <Text fw={800} size="lg">
          {title}
        </Text>
        <Text c="dimmed">{text}</Text>
      </Stack>
    </Center>
  );
}

function Readout({ target, onOpenSpecies }: { target: ScannerTarget; onOpenSpecies: () => void }) {
  const name = target.species?.name ?? 'Unknown species';
  return (
    <Stack gap={6} data-testid="scanner-readout">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text
          component="button"
          type="button"
          onClick={onOpenSpecies}
          fw={800}
          size="xl"
          style={{ background: 'none', border: 0, padding: 0, cursor: 'pointer', textAlign: 'left', textDecoration: 'underline' }}
          aria-label={`${name}: open species card`}
        >
          {name}
        </Text>
        <Box style={{ flexShrink: 0 }}>
          <RarityBadge rarity={target.species?.rarity} />
        </Box>
      </Group>
      <Group gap="xs">
        <Badge size="xl" color="dark.7" tt="none" data-testid="target-distance">
          {Math.round(target.distance)} m {target.direction}
        </Badge>
        <Badge size="xl" color="blue.9">
          Signal {Math.round(target.signal)}%
        </Badge>
        {target.species && (
          <Badge size="xl" color="jungle.9" tt="none">
            Observation rate {Math.round(target.species.captureRate * 100)}%
          </Badge>
        )}
      </Group>
      {target.immediateThreat && (
        <Alert color="red" variant="filled" icon={<IconAlertTriangle aria-hidden />} p="xs" role="alert">
          Immediate threat: you are within {IMMEDIATE_THREAT_M} m.
        </Alert>
      )}
    </Stack>
  );
}

export function ArScannerPanel({ target, playable, hasPosition, dinosaurCount, observe, onOpenSpecies }: Props) {
  let body: React.ReactNode;
  if (!playable) body = <EmptyState title="Session Preparing" text="The hunt has not started yet. Stand by for headquarters." />;
  else if (!hasPosition) body = <EmptyState title="GPS Required for Environmental Scanning" text="Enable GPS to scan for creatures." />;
  else if (dinosaurCount === 0) body = <EmptyState title="No Active Creatures in Game Session" text="Headquarters has not deployed any dinosaurs yet." />;
  else if (!target) body = <EmptyState title="No creatures in range" text={`Walk on: the scanner detects dinosaurs within ${DETECTION_RADIUS_M} m.`} />;
  else {
    const modelUrl = target.species?.modelUrl ?? null;
    body = (
      <Stack gap="sm" h="100%">
        <Readout target={target} onOpenSpecies={onOpenSpecies} />
        <Box style={{ flex: 1, minHeight: 0 }}>
          {modelUrl ? (
            <LazyModelViewer key={modelUrl} url={modelUrl} height={VIEWER_HEIGHT} autoRotate label={target.species?.name ?? 'Dinosaur'} />
          ) : (
            <EmptyState title="No 3D model" text="This species has no model yet." />
          )}
        </Box>
      </Stack>
    );
  }
  return (
    <Panel title="AR Scanner" icon={<IconRadar size={20} aria-hidden />} area="ar" testId="ar-scanner">
      <Stack h={AR_SCANNER_HEIGHT} gap="sm" justify="space-between">
        <Box style={{ flex: 1, minHeight: 0 }}>{body}</Box>
        {/* Never disabled: a tap without a target or session gets the spec's reason. */}
        <ObserveButton observe={observe} />
      </Stack>
    </Panel>
  );
}
