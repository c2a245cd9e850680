// Hunter Tracking: one row per hunter (handle, dinosaurs observed of total, darts
// left, distance walked, last seen, completion rank), kept current by events:
// hunter_progress refetches the stats, hunter_location rewrites positions in place.
import { ActionIcon, Badge, Center, Group, Loader, ScrollArea, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { IconTarget, IconUserMinus } from '@tabler/icons-react';
import { memo, useEffect, useMemo, useState } from 'react';
import type { ZoneState } from '../../../domain/play-area-schemas';
import { MS_PER_SECOND, POLL_GM_HUNTER_STATS_MS } from '../../../domain/rules';
import { trpc } from '../../trpc';
import { usePollWhileOffline } from '../live';
import { useServerOffset } from '../live/serverClock';
import { isAlarming, usePlayArea, ZONE_BADGE } from '../play-area';
import { notify } from '../../lib/notify';
import { ConfirmDialog } from './ConfirmDialog';
import { notifyHqFailure, serverReason } from './hqNotices';
import { Panel } from './Panel';
import { buildTrackingRows, type DartsRow, formatDistance, lastSeenLabel, type PositionRow, type TeamTag, teamsByUser } from './trackingRows';
import { TeamSwatch } from '../teams/TeamSwatch';

type Props = {
  sessionId: number | null;
  positions: PositionRow[];
  totalDinosaurs: number;
  /** Whether hunters may be removed (decision 836): not once the session has ended. */
  canRemove?: boolean;
  /** A team session's teams (issue 42): each row shows its hunter's team in the team's colour. */
  teams?: readonly TeamTag[];
};

/** What a dinosaur id reads as in the table: its species (the session's list and the catalogue, both cached). */
function useDinosaurNames(sessionId: number | null): ReadonlyMap<number, string> {
  const list = trpc.deploy.list.useQuery({ id: sessionId ?? 0 }, { enabled: sessionId !== null });
  return useMemo(() => new Map((list.data ?? []).map((d) => [d.id, d.speciesName])), [list.data]);
}

export const HunterTracking = memo(function HunterTracking({ sessionId, positions, totalDinosaurs, canRemove = false, teams }: Props) {
  const refetchInterval = usePollWhileOffline(POLL_GM_HUNTER_STATS_MS);
  const progress = trpc.stats.sessionHunterStats.useQuery({ id: sessionId ?? 0 }, { enabled: sessionId !== null, refetchInterval });
  const hunterIds = useMemo(() => {
    const ids = new Set((progress.data ?? []).map((p) => p.hunterId));
    for (const p of positions) ids.add(p.userId);
    return [...ids];
  }, [progress.data, positions]);
  // Darts are in each hunter's own stats; the owner may read them by hunter id (batched in one request).
  const perHunter = trpc.useQueries((t) =>
    hunterIds.map((hunterId) =>
      t.stats.hunterStats({ sessionId: sessionId ?? 0, hunterId }, { enabled: sessionId !== null, refetchInterval, retry: false }),
    ),
  );
  const statsByHunter = new Map<string, DartsRow>();
  for (const q of perHunter) if (q.data) statsByHunter.set(q.data.hunterId, q.data);

  const utils = trpc.useUtils();
  const [removing, setRemoving] = useState<{ userId: string; handle: string } | null>(null);
  const remove = trpc.sessions.removeHunter.useMutation({
    onSuccess: async (removed) => {
      notify({ title: 'Hunter removed', description: `${removed.hunterHandle} was removed from the session.` });
      await Promise.all([utils.stats.invalidate(), utils.sessions.get.invalidate(), utils.comms.hunterLocations.invalidate()]);
    },
    onError: (error) => notifyHqFailure(error, 'Could not remove the hunter', serverReason(error, 'Failed to remove the hunter')),
  });

  const rows = buildTrackingRows({ progress: progress.data ?? [], positions, statsByHunter, totalDinosaurs });
  const teamOf = useMemo(() => (teams ? teamsByUser(teams) : null), [teams]);
  const names = useDinosaurNames(sessionId);
  // Where the server judged each hunter (issue 26): a badge on the row of anyone outside or in a no-go zone.
  const zones = usePlayArea(sessionId).data?.hunters;
  const zoneOf = new Map((zones ?? []).map((h) => [h.userId, h.zone]));
  // Positions carry server time: compare them with the server's clock, not this device's.
  const now = useNow() + useServerOffset();

  return (
    <Panel
      title="Hunter Tracking"
      icon={<IconTarget size={20} aria-hidden />}
      testId="hunter-tracking"
      aside={sessionId !== null ? <Badge variant="light" color="jungle">{rows.length} hunters</Badge> : null}
    >
      {sessionId === null ? (
        <Text size="sm" c="dimmed">
          Select a session to follow its hunters.
        </Text>
      ) : progress.isLoading ? (
        <Center py="md">
          <Loader size="sm" role="status" aria-label="Loading hunters" />
        </Center>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="no-hunters">
          No hunters yet. Share the session ID and password (or the QR code) to let them join.
        </Text>
      ) : (
        <ScrollArea type="auto" offsetScrollbars>
          <Table striped highlightOnHover verticalSpacing={6} miw={teamOf ? 680 : 560} aria-label="Hunter progress">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Rank</Table.Th>
                <Table.Th scope="col">Hunter</Table.Th>
                {teamOf && <Table.Th scope="col">Team</Table.Th>}
                <Table.Th scope="col">Observed</Table.Th>
                <Table.Th scope="col">Darts left</Table.Th>
                <Table.Th scope="col">Distance</Table.Th>
                <Table.Th scope="col">Last seen</Table.Th>
                {canRemove && (
                  <Table.Th scope="col">
                    <VisuallyHidden>Remove</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.userId} data-testid="tracking-row" data-hunter={r.handle}>
                  <Table.Td fw={800}>{r.rank === null ? '—' : `#${r.rank}`}</Table.Td>
                  <Table.Td fw={700} style={{ overflowWrap: 'anywhere' }}>
                    {r.handle}
                    {r.completed && (
                      <Badge ml={6} size="xs" color="green.9">
                        Complete
                      </Badge>
                    )}
                    <ZoneBadge zone={zoneOf.get(r.userId)} />
                  </Table.Td>
                  {teamOf && <TeamCell team={teamOf.get(r.userId)} />}
                  <Table.Td data-testid="tracking-observed">
                    <Text span fw={700} size="sm">
                      {r.observed} / {r.total}
                    </Text>
                    {r.observedIds.length > 0 && (
                      <Text size="xs" c="dimmed" data-testid="tracking-observed-names" style={{ overflowWrap: 'anywhere' }}>
                        {r.observedIds.map((id) => `${names.get(id) ?? 'Removed'} #${id}`).join(', ')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td data-testid="tracking-darts">{r.dartsLeft ?? '—'}</Table.Td>
                  <Table.Td data-testid="tracking-distance">{formatDistance(r.distanceM)}</Table.Td>
                  <Table.Td data-testid="tracking-last-seen">{lastSeenLabel(r.lastSeenAt, now)}</Table.Td>
                  {canRemove && (
                    <Table.Td>
                      <Tooltip label={`Remove ${r.handle} from the session`} withArrow>
                        <ActionIcon variant="subtle" color="red.8" size="lg" aria-label={`Remove ${r.handle}`} onClick={() => setRemoving({ userId: r.userId, handle: r.handle })}>
                          <IconUserMinus size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      <ConfirmDialog
        opened={removing !== null}
        title="Remove hunter"
        message={
          removing
            ? `Remove ${removing.handle} from the session? Their screen tells them the game master removed them, and they cannot rejoin this session. Their results so far stay in the hunt.`
            : ''
        }
        confirmLabel="Remove hunter"
        pending={remove.isPending}
        onConfirm={() => {
          if (removing && sessionId !== null) remove.mutate({ id: sessionId, hunterId: removing.userId });
        }}
        onClose={() => setRemoving(null)}
      />
    </Panel>
  );
});

function TeamCell({ team }: { team: TeamTag | undefined }) {
  return (
    <Table.Td data-testid="tracking-team" style={{ borderLeft: team ? `5px solid ${team.color}` : undefined }}>
      {team ? (
        <Group gap={6} wrap="nowrap">
          <TeamSwatch color={team.color} />
          <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
            {team.name}
          </Text>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          No team
        </Text>
      )}
    </Table.Td>
  );
}

function ZoneBadge({ zone }: { zone: ZoneState | null | undefined }) {
  if (!isAlarming(zone)) return null;
  return (
    <Badge ml={6} size="xs" color="red.8" data-testid="tracking-zone">
      {ZONE_BADGE[zone]}
    </Badge>
  );
}

/** The current time, refreshed every second (for 'last seen'). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  const ticker = useInterval(() => setNow(Date.now()), MS_PER_SECOND);
  useEffect(() => {
    ticker.start();
    return ticker.stop;
  }, [ticker.start, ticker.stop]);
  return now;
}
