// Past hunts: the game master's ended sessions stay listed after 'Close session', each
// with its result and every hunter's figures (observed, darts, distance, time). Labels
// say ENDED when the game master ended it, EXPIRED when its time ran out (issue 23).
// Each opens its replay, downloads its results as CSV, runs again as a new session with
// the same layout, or saves that layout (issue 26, decisions 820-822).
import { Accordion, Badge, Button, Center, Group, Loader, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconHistory, IconPlayerPlay, IconRepeat } from '@tabler/icons-react';
import { memo, useMemo, useState } from 'react';
import { resultView } from '../../../domain/mission-control';
import { PAST_HUNTS_SHOWN } from '../../../domain/rules';
import { endedDescription, endedLabel } from '../../../domain/session-outcome';
import { useShownWhileClosing } from '../../lib/useShownWhileClosing';
import { trpc } from '../../trpc';
import { Panel } from './Panel';
import { HuntReplay } from './HuntReplay';
import { PastHuntObjectives } from '../challenges/PastHuntObjectives';
import { RunAgainDialog } from './RunAgainDialog';
import { SaveLayoutForm } from './SavedLayouts';
import { formatDistance } from './trackingRows';
import { TeamSwatch } from '../teams/TeamSwatch';
import type { Team } from '../teams/types';
import type { HqSession } from './types';

const endedAt = (s: HqSession) => Date.parse(s.endTime ?? s.createdAt) || 0;

type Props = {
  /** A hunt run again: HQ selects the new session. */
  onCreated?: (session: HqSession) => void;
};

export const PastHunts = memo(function PastHunts({ onCreated }: Props) {
  const list = trpc.sessions.list.useQuery({ includeEnded: true });
  const past = useMemo(
    () =>
      (list.data ?? [])
        .filter((s) => s.status === 'completed')
        .sort((a, b) => endedAt(b) - endedAt(a))
        .slice(0, PAST_HUNTS_SHOWN),
    [list.data],
  );
  const [open, setOpen] = useState<string | null>(null);
  const [replaying, setReplaying] = useState<HqSession | null>(null);
  const replayed = useShownWhileClosing(replaying);
  const [again, setAgain] = useState<HqSession | null>(null);
  const phone = useMediaQuery('(max-width: 36em)');

  return (
    <Panel title="Past hunts" icon={<IconHistory size={20} aria-hidden />} testId="past-hunts" aside={past.length > 0 ? <Badge variant="light">{past.length}</Badge> : null}>
      {list.isLoading ? (
        <Center py="sm">
          <Loader size="sm" role="status" aria-label="Loading past hunts" />
        </Center>
      ) : past.length === 0 ? (
        <Text size="sm" c="dimmed">
          Ended hunts stay here with their results, per hunter.
        </Text>
      ) : (
        <Accordion value={open} onChange={setOpen} variant="separated" radius="sm">
          {past.map((s) => {
            const label = endedLabel(s.endedReason);
            return (
              <Accordion.Item key={s.id} value={String(s.id)} data-testid={`past-hunt-${s.id}`}>
                <Accordion.Control aria-label={`${s.name}, ${label}: show results`}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text fw={700} truncate>
                        {s.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {s.endTime ? new Date(s.endTime).toLocaleString() : ''} · {endedDescription(label)}
                      </Text>
                    </Stack>
                    <Badge size="sm" radius="sm" variant="filled" bg={label === 'EXPIRED' ? 'red.8' : 'gray.8'} c="white" style={{ flexShrink: 0 }}>
                      {label}
                    </Badge>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  {open === String(s.id) && <PastHuntResults session={s} onReplay={() => setReplaying(s)} onRunAgain={() => setAgain(s)} />}
                </Accordion.Panel>
              </Accordion.Item>
            );
          })}
        </Accordion>
      )}
      <Modal
        opened={replaying !== null}
        onClose={() => setReplaying(null)}
        title={replayed ? `Replay: ${replayed.name}` : ''}
        size="xl"
        fullScreen={phone}
      >
        {replayed && <HuntReplay sessionId={replayed.id} teamHunt={replayed.teamMode !== 'solo'} />}
      </Modal>
      <RunAgainDialog source={again} onClose={() => setAgain(null)} onCreated={(created) => onCreated?.(created)} />
    </Panel>
  );
});

type ResultsProps = { session: HqSession; onReplay: () => void; onRunAgain: () => void };

function PastHuntResults({ session, onReplay, onRunAgain }: ResultsProps) {
  const sessionId = session.id;
  const result = trpc.sessions.result.useQuery({ id: sessionId }, { retry: false });
  const hunters = trpc.stats.sessionHunterResults.useQuery({ id: sessionId });
  // A team hunt (issue 42): the teams' final ranking, and each hunter's team.
  const teamHunt = session.teamMode !== 'solo';
  const teams = trpc.teams.list.useQuery({ id: sessionId }, { enabled: teamHunt, retry: false });
  const view = result.data ? resultView(result.data) : null;
  if (result.isLoading || hunters.isLoading || (teamHunt && teams.isLoading)) {
    return (
      <Center py="xs">
        <Loader size="sm" role="status" aria-label="Loading the results" />
      </Center>
    );
  }
  return (
    <Stack gap="xs" data-testid="past-hunt-results">
      {view && (
        <Text size="sm">
          <b>{view.title}</b>: {view.summary}
        </Text>
      )}
      {teamHunt && teams.data && <TeamResults teams={teams.data.teams} />}
      {hunters.data && hunters.data.length > 0 ? (
        <ScrollArea type="auto">
          <Table striped withTableBorder fz="sm" miw={420} verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>Hunter</Table.Th>
                {teamHunt && <Table.Th>Team</Table.Th>}
                <Table.Th ta="right">Observed</Table.Th>
                <Table.Th>Species</Table.Th>
                <Table.Th ta="right">Darts</Table.Th>
                <Table.Th ta="right">Distance</Table.Th>
                <Table.Th ta="right">Time</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {hunters.data.map((h) => (
                <Table.Tr key={h.hunterId}>
                  <Table.Td>{h.completionRank}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{h.hunterName}</Table.Td>
                  {teamHunt && <Table.Td style={{ whiteSpace: 'nowrap' }}>{h.teamName ?? '—'}</Table.Td>}
                  <Table.Td ta="right">{h.dinosaursObserved}</Table.Td>
                  <Table.Td>{h.observedSpecies.join(', ')}</Table.Td>
                  <Table.Td ta="right">{h.dartsUsed}</Table.Td>
                  <Table.Td ta="right">{formatDistance(h.distanceTraveled)}</Table.Td>
                  <Table.Td ta="right">{h.totalObservationTime} min</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      ) : (
        <Text size="sm" c="dimmed">
          No hunter joined this hunt.
        </Text>
      )}
      <PastHuntObjectives sessionId={sessionId} />
      {hunters.isError && (
        <Text size="sm" c="red.8">
          The hunters' results could not be loaded.
        </Text>
      )}
      <Group gap="xs">
        <Button size="xs" variant="light" leftSection={<IconPlayerPlay size={14} aria-hidden />} onClick={onReplay}>
          Replay
        </Button>
        <Button
          size="xs"
          variant="light"
          component="a"
          href={`/api/game-sessions/${sessionId}/results.csv`}
          download
          leftSection={<IconDownload size={14} aria-hidden />}
        >
          Download CSV
        </Button>
        <Button size="xs" variant="light" leftSection={<IconRepeat size={14} aria-hidden />} onClick={onRunAgain}>
          Run again
        </Button>
      </Group>
      <SaveLayoutForm sessionId={sessionId} sessionName={session.name} />
    </Stack>
  );
}

/** The teams' final ranking (decision 973): rank, team, species, observations, accuracy and its hunters. */
function TeamResults({ teams }: { teams: readonly Team[] }) {
  if (teams.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No team was made in this hunt.
      </Text>
    );
  }
  const ranked = [...teams].sort((a, b) => a.score.rank - b.score.rank || a.id - b.id);
  return (
    <ScrollArea type="auto">
      <Table striped withTableBorder fz="sm" miw={420} verticalSpacing={4} aria-label="Team results" data-testid="past-hunt-teams">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>Team</Table.Th>
            <Table.Th ta="right">Species</Table.Th>
            <Table.Th ta="right">Observed</Table.Th>
            <Table.Th ta="right">Accuracy</Table.Th>
            <Table.Th>Hunters</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ranked.map((t) => (
            <Table.Tr key={t.id} data-testid="past-team-row" data-team={t.name}>
              <Table.Td fw={800}>{t.score.rank}</Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <TeamSwatch color={t.color} />
                  <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                    {t.name}
                  </Text>
                </Group>
              </Table.Td>
              <Table.Td ta="right">{t.score.uniqueSpecies}</Table.Td>
              <Table.Td ta="right" data-testid="past-team-observed">
                {t.score.observations}
              </Table.Td>
              <Table.Td ta="right">{t.score.accuracy}%</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{t.members.map((m) => m.hunterName).join(', ') || '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
