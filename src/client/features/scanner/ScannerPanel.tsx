// The environment scanner (live-play spec, sections 2, 4 and 9): a sweep of
// 10 steps of 150 ms, then the creatures within 1000 m, nearest first, whose
// distances keep updating as the hunter walks. Its three messages come first:
// 'Session Preparing', 'GPS Required for Environmental Scanning',
// 'No Active Creatures in Game Session'. Phone first: one big button, dark
// text on light rows for sunlight.
import { Alert, Button, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconMapPinOff, IconRadar, IconZzz } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { LatLng } from '../../../domain/geo-types';
import { isHunterVisible, SCANNER_MESSAGES, type ScannerDinosaur, scannerGate } from '../../../domain/scan-readout';
import { isTargetable } from '../../../domain/scanner';
import { DETECTION_RADIUS_M, SCAN_STEP_MS, SCAN_STEPS } from '../../../domain/rules';
import type { SpeciesLite } from '../species/types';
import { DetectionList } from './DetectionList';
import { RadarSweep } from './RadarSweep';
import { type NearestTarget, useDetectedCreatures } from './useNearestTarget';

export type ScannerPanelProps<D extends ScannerDinosaur> = {
  position: LatLng | null;
  /** GPS accuracy in metres, shown beside distances it is larger than. */
  accuracy: number | null;
  sessionStatus: string | null | undefined;
  dinosaurs: readonly D[] | undefined;
  species: readonly SpeciesLite[];
  /** Tapping a detected creature (e.g. open its species card or aim the AR view). */
  onSelect?: (target: NearestTarget<D>) => void;
  /** Dinosaurs this hunter has observed, marked in the list. */
  observedIds?: ReadonlySet<number>;
  /** The hunt's current target, marked in the list. */
  targetId?: number | null;
};

type Phase = { kind: 'idle' } | { kind: 'scanning'; step: number } | { kind: 'done' };

const PERCENT = 100;

export function ScannerPanel<D extends ScannerDinosaur>(props: ScannerPanelProps<D>) {
  const { position, accuracy, sessionStatus, dinosaurs, species, onSelect, observedIds, targetId } = props;
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const hits = useDetectedCreatures({ position, dinosaurs, species, sessionStatus });
  const visibleCreatures = isHunterVisible(sessionStatus) ? (dinosaurs ?? []).filter((d) => isTargetable(d.status)).length : 0;
  const gate = scannerGate({ sessionStatus, hasPosition: position !== null, visibleCreatures });

  // The sweep: one step every 150 ms, the list after the tenth.
  const scanning = phase.kind === 'scanning';
  useEffect(() => {
    if (!scanning) return;
    const timer = window.setInterval(() => {
      setPhase((p) => {
        if (p.kind !== 'scanning') return p;
        return p.step + 1 >= SCAN_STEPS ? { kind: 'done' } : { kind: 'scanning', step: p.step + 1 };
      });
    }, SCAN_STEP_MS);
    return () => window.clearInterval(timer);
  }, [scanning]);

  const startScan = () => setPhase({ kind: 'scanning', step: 0 });

  return (
    <Paper withBorder radius="md" p="md" data-testid="scanner-panel">
      <Stack gap="md">
        <Title order={2} size="h3">
          Environmental Scanner
        </Title>
        {gate === 'ready' ? (
          <ScannerBody
            phase={phase}
            hits={hits}
            accuracy={accuracy}
            onScan={startScan}
            onSelect={onSelect}
            observedIds={observedIds}
            targetId={targetId}
          />
        ) : (
          <GateMessage gate={gate} sessionStatus={sessionStatus} />
        )}
      </Stack>
    </Paper>
  );
}

function ScannerBody<D extends ScannerDinosaur>({
  phase,
  hits,
  accuracy,
  onScan,
  onSelect,
  observedIds,
  targetId,
}: {
  phase: Phase;
  hits: readonly NearestTarget<D>[];
  accuracy: number | null;
  onScan: () => void;
  onSelect?: (target: NearestTarget<D>) => void;
  observedIds?: ReadonlySet<number>;
  targetId?: number | null;
}) {
  const scanning = phase.kind === 'scanning';
  const progress = phase.kind === 'scanning' ? ((phase.step + 1) / SCAN_STEPS) * PERCENT : phase.kind === 'done' ? PERCENT : 0;
  const blips = hits.map((h) => ({
    id: h.dinosaur.id,
    distance: h.distance,
    bearing: h.bearing,
    immediateThreat: h.immediateThreat,
  }));
  return (
    <Stack gap="md">
      <RadarSweep sweeping={scanning} blips={phase.kind === 'done' ? blips : []} />
      {phase.kind !== 'idle' && (
        <Progress value={progress} size="lg" radius="sm" color="jungle.9" aria-label="Scan progress" animated={scanning} />
      )}
      <Text size="md" fw={600} aria-live="polite" data-testid="scan-summary">
        {phase.kind === 'idle' && `Sweep ${DETECTION_RADIUS_M} m around you for creatures.`}
        {scanning && 'Scanning…'}
        {phase.kind === 'done' &&
          (hits.length === 0
            ? `No creatures detected within ${DETECTION_RADIUS_M} m. Move and scan again.`
            : `${hits.length} ${hits.length === 1 ? 'creature' : 'creatures'} detected`)}
      </Text>
      {phase.kind === 'done' && hits.length > 0 && (
        <DetectionList hits={hits} accuracy={accuracy} onSelect={onSelect} observedIds={observedIds} targetId={targetId} />
      )}
      <Button
        size="xl"
        h={64}
        fullWidth
        radius="xl"
        color="jungle.9"
        leftSection={<IconRadar size={28} aria-hidden />}
        onClick={onScan}
        disabled={scanning}
      >
        {phase.kind === 'done' ? 'Re-scan' : 'Scan'}
      </Button>
    </Stack>
  );
}

function GateMessage({ gate, sessionStatus }: { gate: Exclude<ReturnType<typeof scannerGate>, 'ready'>; sessionStatus: string | null | undefined }) {
  const detail =
    gate === 'gps_required'
      ? 'The scanner measures from your position. Allow location access and wait for a GPS fix.'
      : gate === 'no_creatures'
        ? sessionStatus === 'preparing'
          ? 'The hunt has not started yet: creatures appear when the game master starts the mission.'
          : 'No creature is deployed right now, or every one has been found.'
        : sessionStatus === 'paused'
          ? 'The game master paused the hunt: dinosaurs are hidden until it resumes.'
          : 'The scanner works while the mission is running.';
  const Icon = gate === 'gps_required' ? IconMapPinOff : IconZzz;
  return (
    <Alert
      color={gate === 'gps_required' ? 'red' : 'gray'}
      variant="light"
      title={gate === 'session_preparing' && sessionStatus === 'paused' ? 'Session paused' : SCANNER_MESSAGES[gate]}
      icon={<Icon aria-hidden />}
      data-testid="scanner-message"
      styles={{ title: { fontSize: 'var(--mantine-font-size-lg)' }, message: { color: 'var(--mantine-color-dark-9)' } }}
    >
      {detail}
    </Alert>
  );
}
