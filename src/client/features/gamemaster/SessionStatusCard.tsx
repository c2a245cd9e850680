// The selected session's status card: SETUP / LIVE / PAUSED / EXPIRED badge, the
// countdown (ticking every second, frozen with '(PAUSED)'), the lifecycle buttons,
// and, once ended, the result (completion status, observed / total, rate).
import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import {
  IconCalendarTime,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerStop,
  IconRocket,
  IconTrophy,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { lifecycleActions, resultView, startsInLabel } from '../../../domain/mission-control';
import { MS_PER_SECOND } from '../../../domain/rules';
import { trpc } from '../../trpc';
import { StatusBadge, TimeBadgeView, useSessionClock } from '../session';
import { startWarnings } from '../../../domain/play-area';
import { usePlayArea } from '../play-area';
import { ConfirmDialog } from './ConfirmDialog';
import { ScheduleDialog } from './ScheduleDialog';
import type { HqSession } from './types';
import { useLifecycle } from './useLifecycle';

type Props = { session: HqSession; onDismiss: () => void };

export function SessionStatusCard({ session, onDismiss }: Props) {
  const clock = useSessionClock(session);
  const lifecycle = useLifecycle(session);
  const actions = lifecycleActions(session.status);
  const [scheduleOpen, setScheduleOpen] = useState(false);
  const [endOpen, setEndOpen] = useState(false);
  const ended = session.status === 'completed';
  // A start with no dinosaurs, or some outside the play area, asks first (decision 813).
  const deployed = trpc.deploy.list.useQuery({ id: session.id });
  const misplaced = usePlayArea(session.id).data?.dinosaursMisplaced ?? 0;
  const warnings = deployed.data ? startWarnings(deployed.data.length, misplaced) : [];
  const [startOpen, setStartOpen] = useState(false);
  const startNow = () => (warnings.length > 0 ? setStartOpen(true) : lifecycle.startNow());

  return (
    <Paper withBorder radius="md" p="sm" bg="gray.0" data-testid="session-status-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={800} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {session.name}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <StatusBadge status={clock.status} />
            {!ended && <TimeBadgeView badge={clock.badge} />}
          </Group>
        </Group>
        {session.status === 'preparing' && session.scheduledStartTime && <ScheduledStart at={session.scheduledStartTime} />}
        {ended ? (
          <SessionResult sessionId={session.id} onDismiss={onDismiss} />
        ) : (
          <Group gap="xs">
            {actions.startNow && (
              <Button leftSection={<IconRocket size={16} />} onClick={startNow} loading={lifecycle.startPending} disabled={lifecycle.pending}>
                Start Now
              </Button>
            )}
            {actions.schedule && (
              <Button variant="light" leftSection={<IconCalendarTime size={16} />} onClick={() => setScheduleOpen(true)} disabled={lifecycle.pending}>
                Schedule
              </Button>
            )}
            {actions.pause && (
              <Button color="orange.9" leftSection={<IconPlayerPause size={16} />} onClick={lifecycle.pause} disabled={lifecycle.pending}>
                Pause
              </Button>
            )}
            {actions.resume && (
              <Button leftSection={<IconPlayerPlay size={16} />} onClick={lifecycle.resume} disabled={lifecycle.pending}>
                Resume
              </Button>
            )}
            {actions.end && (
              <Button
                variant="outline"
                color="red.8"
                leftSection={<IconPlayerStop size={16} />}
                onClick={() => setEndOpen(true)}
                loading={lifecycle.endPending}
                disabled={lifecycle.pending}
              >
                End
              </Button>
            )}
          </Group>
        )}
      </Stack>
      <ScheduleDialog opened={scheduleOpen} onClose={() => setScheduleOpen(false)} onSchedule={lifecycle.schedule} pending={lifecycle.startPending} />
      <ConfirmDialog
        opened={startOpen}
        title="Start anyway?"
        message={`${warnings.join(' ')} Start "${session.name}" anyway?`}
        confirmLabel="Start anyway"
        onConfirm={lifecycle.startNow}
        onClose={() => setStartOpen(false)}
      />
      <ConfirmDialog
        opened={endOpen}
        title="End Mission?"
        message={`End "${session.name}" now? Hunters can no longer observe dinosaurs, and the result is recorded.`}
        confirmLabel="End Mission"
        onConfirm={lifecycle.end}
        onClose={() => setEndOpen(false)}
      />
    </Paper>
  );
}

function ScheduledStart({ at }: { at: string }) {
  const startAt = Date.parse(at);
  const [now, setNow] = useState(() => Date.now());
  const ticker = useInterval(() => setNow(Date.now()), MS_PER_SECOND);
  useEffect(() => {
    ticker.start();
    return ticker.stop;
  }, [ticker.start, ticker.stop]);
  if (Number.isNaN(startAt)) return null;
  return (
    <Text size="sm" data-testid="scheduled-start">
      <IconCalendarTime size={14} style={{ verticalAlign: -2 }} aria-hidden /> Scheduled start:{' '}
      <b>{new Date(startAt).toLocaleString()}</b> ({startsInLabel(startAt, now)})
    </Text>
  );
}

function SessionResult({ sessionId, onDismiss }: { sessionId: number; onDismiss: () => void }) {
  const result = trpc.sessions.result.useQuery({ id: sessionId }, { retry: false });
  const view = result.data ? resultView(result.data) : null;
  return (
    <Stack gap="xs">
      {result.isLoading && <Loader size="sm" role="status" aria-label="Loading the result" />}
      {view && (
        <Alert
          color={view.tone === 'success' ? 'green' : view.tone === 'failure' ? 'red' : 'gray'}
          variant="light"
          icon={<IconTrophy size={18} />}
          title={view.title}
          data-testid="session-result"
        >
          {view.summary}
        </Alert>
      )}
      {result.isError && (
        <Text size="sm" c="dimmed">
          No result was recorded for this session.
        </Text>
      )}
      <Group>
        <Button variant="default" onClick={onDismiss}>
          Close session
        </Button>
      </Group>
    </Stack>
  );
}
