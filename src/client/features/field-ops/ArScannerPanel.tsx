// AR Scanner (spec, section 2; 600 px tall): the AR view of the nearest target
// (ar/LazyArView: WebXR, camera overlay or 3D viewer, with distance, direction and
// the Observe action) under the scanner's extra readout: species (opens its card),
// signal, observation rate and the immediate-threat warning.
import { Alert, Badge, Box, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRadar } from '@tabler/icons-react';
import { IMMEDIATE_THREAT_M } from '../../../domain/rules';
import type { FusedPosition } from '../gps';
import { LazyArView } from '../ar/LazyArView';
import type { UseObserve } from '../hunt/useObserve';
import type { NearestTarget } from '../scanner/useNearestTarget';
import { RarityBadge } from '../species/RarityBadge';
import { Panel } from './Panel';

export const AR_SCANNER_HEIGHT = 600;
/** What the panel's readout, the AR view's mode badge and readout and the Observe button take of the 600 px. */
const AR_VIEW_HEIGHT = 360;

type Props = {
  target: NearestTarget | null;
  playable: boolean;
  position: FusedPosition | null;
  observe: UseObserve;
  onOpenSpecies: () => void;
};

function Readout({ target, onOpenSpecies }: { target: NearestTarget; onOpenSpecies: () => void }) {
  const name = target.species?.name ?? 'Unknown species';
  return (
    <Stack gap={6} data-testid="scanner-readout">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text
          component="button"
          type="button"
          onClick={onOpenSpecies}
          fw={800}
          size="lg"
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
        <Badge size="lg" color="blue.9" tt="none" data-testid="target-signal">
          Signal {Math.round(target.signal)}%
        </Badge>
        {target.species && (
          <Badge size="lg" color="jungle.9" tt="none">
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

export function ArScannerPanel({ target, playable, position, observe, onOpenSpecies }: Props) {
  return (
    <Panel title="AR Scanner" icon={<IconRadar size={20} aria-hidden />} area="ar" testId="ar-scanner">
      <Stack mih={AR_SCANNER_HEIGHT} gap="sm">
        {playable && target && <Readout target={target} onOpenSpecies={onOpenSpecies} />}
        <LazyArView
          target={target}
          species={target?.species ?? null}
          position={position}
          playable={playable}
          observe={observe}
          height={AR_VIEW_HEIGHT}
          withName={false}
        />
      </Stack>
    </Panel>
  );
}
