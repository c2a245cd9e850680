// Public expeditions on a hunter account's Field Operations (decisions 835, 837): upcoming
// and live sessions their game masters listed, nearest meeting point first from the
// browser's position (by start time without one), with spots left; joined in one tap,
// without a password. The server decides every refusal (full, ended, removed).
import { Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconMapPin, IconUsersGroup } from '@tabler/icons-react';
import { POLL_EXPEDITIONS_MS } from '../../../domain/rules';
import { formatDistance } from '../../../domain/scan-readout';
import { errorMessage, isUnauthorized } from '../../lib/errors';
import { notify } from '../../lib/notify';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/routers';
import { trpc } from '../../trpc';
import { StatusBadge } from '../session';
import { useApproximatePosition } from './useApproximatePosition';

type Expedition = inferRouterOutputs<AppRouter>['expeditions']['list'][number];

/** 'Live now', 'Starts Thu 26 Nov, 14:00' or 'Start time not set yet'. */
function whenLabel(e: Expedition): string {
  if (e.status !== 'preparing') return e.startsAt ? `Live since ${new Date(e.startsAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}` : 'Live now';
  if (!e.startsAt) return 'Start time not set yet';
  return `Starts ${new Date(e.startsAt).toLocaleString([], { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })}`;
}

const spotsLabel = (n: number) => (n === 0 ? 'Full' : n === 1 ? '1 spot left' : `${n} spots left`);

export function PublicExpeditions({ onJoined }: { onJoined: (joined: { sessionId: number; sessionName: string }) => void }) {
  const { position, settled } = useApproximatePosition();
  const utils = trpc.useUtils();
  const list = trpc.expeditions.list.useQuery(position ?? {}, { enabled: settled, refetchInterval: POLL_EXPEDITIONS_MS });
  const join = trpc.expeditions.join.useMutation({
    onSuccess: async (joined) => {
      notify({ title: `Joined expedition: ${joined.sessionName}` });
      await Promise.all([utils.sessions.list.invalidate(), utils.expeditions.list.invalidate()]);
      onJoined(joined);
    },
    onError: async (error) => {
      if (isUnauthorized(error)) return;
      notify({ title: 'Could not join', description: errorMessage(error, 'Failed to join the expedition'), variant: 'destructive' });
      await utils.expeditions.list.invalidate();
    },
  });
  const expeditions = list.data ?? [];

  return (
    <Card withBorder shadow="sm" padding="lg" radius="md" data-testid="public-expeditions">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconUsersGroup size={24} aria-hidden />
          <Title order={2}>Public expeditions</Title>
        </Group>
        <Text size="sm" c="dimmed">
          {position ? 'Nearest meeting point first. Join without a password.' : 'Soonest first (your location is not available). Join without a password.'}
        </Text>
        {(!settled || list.isLoading) && <Loader size="sm" role="status" aria-label="Loading public expeditions" />}
        {list.isError && <Text c="red.8">{errorMessage(list.error, 'Could not load the public expeditions')}</Text>}
        {list.isSuccess && expeditions.length === 0 && (
          <Text data-testid="no-expeditions">No public expeditions right now. Check back later, or join a session with its name and password.</Text>
        )}
        {expeditions.map((e) => (
          <Card key={e.id} withBorder padding="sm" radius="md" data-testid="expedition" data-expedition={e.name}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                    {e.name}
                  </Text>
                  <Text size="sm">{whenLabel(e)}</Text>
                </div>
                <div style={{ flexShrink: 0 }}>
                  <StatusBadge status={e.status} size="sm" />
                </div>
              </Group>
              {e.meetingPoint && (
                <Group gap={4} wrap="nowrap" align="flex-start">
                  <IconMapPin size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {e.distanceM !== null ? `Meeting point ${formatDistance(e.distanceM)} away` : 'Meeting point set'}
                    {e.meetingNote ? ` · ${e.meetingNote}` : ''}
                  </Text>
                </Group>
              )}
              {/* At 320 px Join goes under the badge rather than cutting "25 spots left". */}
              <Group justify="space-between" gap="xs">
                <Badge variant="filled" color={e.spotsLeft === 0 ? 'red.9' : 'green.9'} size="lg" data-testid="spots-left" style={{ flexShrink: 0 }}>
                  {spotsLabel(e.spotsLeft)}
                </Badge>
                {e.joined ? (
                  <Button variant="light" size="md" onClick={() => onJoined({ sessionId: e.id, sessionName: e.name })} aria-label={`Resume ${e.name}`}>
                    Resume
                  </Button>
                ) : (
                  <Button
                    size="md"
                    disabled={e.spotsLeft === 0}
                    loading={join.isPending && join.variables?.id === e.id}
                    onClick={() => join.mutate({ id: e.id })}
                    aria-label={`Join ${e.name}`}
                  >
                    Join
                  </Button>
                )}
              </Group>
            </Stack>
          </Card>
        ))}
      </Stack>
    </Card>
  );
}
