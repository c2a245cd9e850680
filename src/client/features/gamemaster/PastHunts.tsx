// Past hunts: the game master's ended sessions stay listed after 'Close session', each
// with its result and every hunter's figures (observed, darts, distance, time). Labels
// say ENDED when the game master ended it, EXPIRED when its time ran out (issue 23).
import { Accordion, Badge, Center, Group, Loader, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { memo, useMemo, useState } from 'react';
import { resultView } from '../../../domain/mission-control';
import { PAST_HUNTS_SHOWN } from '../../../domain/rules';
import { endedDescription, endedLabel } from '../../../domain/session-outcome';
import { trpc } from '../../trpc';
import { Panel } from './Panel';
import { formatDistance } from './trackingRows';
import type { HqSession } from './types';

const endedAt = (s: HqSession) => Date.parse(s.endTime ?? s.createdAt) || 0;

export const PastHunts = memo(function PastHunts() {
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

  return (
    <Panel title="Past hunts" icon={<IconHistory size={20} aria-hidden />} testId="past-hunts" aside={past.length > 0 ? <Badge variant="light">{past.length}</Badge> : null}>
      {list.isLoading ? (
        <Center py="sm">
          <Loader size="sm" aria-label="Loading past hunts" />
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
                <Accordion.Panel>{open === String(s.id) && <PastHuntResults sessionId={s.id} />}</Accordion.Panel>
              </Accordion.Item>
            );
          })}
        </Accordion>
      )}
    </Panel>
  );
});

function PastHuntResults({ sessionId }: { sessionId: number }) {
  const result = trpc.sessions.result.useQuery({ id: sessionId }, { retry: false });
  const hunters = trpc.stats.sessionHunterResults.useQuery({ id: sessionId });
  const view = result.data ? resultView(result.data) : null;
  if (result.isLoading || hunters.isLoading) {
    return (
      <Center py="xs">
        <Loader size="sm" aria-label="Loading the results" />
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
      {hunters.data && hunters.data.length > 0 ? (
        <ScrollArea type="auto">
          <Table striped withTableBorder fz="sm" miw={340} verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>Hunter</Table.Th>
                <Table.Th ta="right">Observed</Table.Th>
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
                  <Table.Td ta="right">{h.dinosaursObserved}</Table.Td>
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
      {hunters.isError && (
        <Text size="sm" c="red.8">
          The hunters' results could not be loaded.
        </Text>
      )}
    </Stack>
  );
}
