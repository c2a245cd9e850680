// HQ's Objectives panel (issue #44): every hunter's progress on every objective and their score, live
// (challenge_progress events refresh the read), photos to judge, and the session's objectives and hint
// settings to adjust.
import { ActionIcon, Badge, Button, Group, Modal, NumberInput, ScrollArea, SimpleGrid, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconClock, IconListCheck, IconPencil, IconThumbDown, IconThumbUp, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { POLL_GM_HUNTER_STATS_MS } from '../../../domain/rules';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { usePollWhileOffline } from '../live/useLiveConnection';
import { Panel } from '../gamemaster/Panel';
import { useSpeciesCatalogue } from '../species/useSpeciesCatalogue';
import { trpc } from '../../trpc';
import { type ChallengeDraft, ChallengeListEditor, draftFrom } from './ChallengeListEditor';
import type { SessionChallenges } from './types';

type Progress = SessionChallenges['hunters'][number]['progress'][number];

function Cell({ p, onReview }: { p: Progress; onReview: ((approved: boolean) => void) | undefined }) {
  if (p.status === 'done') {
    return (
      <Tooltip label={`Done: +${p.pointsAwarded}${p.wrongAnswers ? `, ${p.wrongAnswers} wrong` : ''}`}>
        <Badge color="jungle.9" leftSection={<IconCheck size={12} />} data-testid="hq-objective-cell" data-status="done">
          {p.goal > 1 ? `${p.progress}/${p.goal}` : 'Done'}
        </Badge>
      </Tooltip>
    );
  }
  if (p.status === 'failed') {
    return (
      <Badge color="red.8" leftSection={<IconX size={12} />} data-testid="hq-objective-cell" data-status="failed">
        Missed
      </Badge>
    );
  }
  if (p.status === 'pending' && onReview) {
    return (
      <Group gap={4} wrap="nowrap" data-testid="hq-objective-cell" data-status="pending">
        <ActionIcon size="sm" color="jungle" aria-label="Approve photo" onClick={() => onReview(true)}>
          <IconThumbUp size={14} />
        </ActionIcon>
        <ActionIcon size="sm" color="red" aria-label="Refuse photo" onClick={() => onReview(false)}>
          <IconThumbDown size={14} />
        </ActionIcon>
      </Group>
    );
  }
  if (p.status === 'pending') {
    return (
      <Badge color="yellow.7" data-testid="hq-objective-cell" data-status="pending">
        Awaiting HQ
      </Badge>
    );
  }
  return (
    <Badge variant="light" color="gray" leftSection={<IconClock size={12} />} data-testid="hq-objective-cell" data-status="open">
      {p.goal > 1 ? `${p.progress}/${p.goal}` : p.wrongAnswers > 0 ? `${p.wrongAnswers} wrong` : 'Open'}
    </Badge>
  );
}

/** Hunters by objectives: each cell the hunter's outcome; photos awaiting a decision get buttons when onReview is given. */
export function ObjectivesTable({
  data,
  onReview,
}: {
  data: SessionChallenges;
  onReview?: (playerId: number, challengeId: number, approved: boolean) => void;
}) {
  return (
    <ScrollArea type="auto">
      <Table striped withTableBorder fz="sm" miw={320 + data.challenges.length * 90}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Hunter</Table.Th>
            {data.challenges.map((c) => (
              <Table.Th key={c.id} style={{ maxWidth: 140 }}>
                <Text size="xs" fw={700} lineClamp={2}>
                  {c.title}
                </Text>
              </Table.Th>
            ))}
            <Table.Th>Hints</Table.Th>
            <Table.Th>Score</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.hunters.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={data.challenges.length + 3}>
                <Text size="sm" c="dimmed">
                  No hunters yet.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {data.hunters.map((h) => (
            <Table.Tr key={h.playerId} data-testid="hq-objectives-row" data-hunter={h.hunterName}>
              <Table.Td fw={700}>{h.hunterName}</Table.Td>
              {h.progress.map((p) => (
                <Table.Td key={p.challengeId}>
                  <Cell p={p} onReview={onReview ? (approved) => onReview(h.playerId, p.challengeId, approved) : undefined} />
                </Table.Td>
              ))}
              <Table.Td data-testid="hq-hints">{h.totals.hintsTaken > 0 ? `${h.totals.hintsTaken} (−${h.totals.hintCosts})` : '0'}</Table.Td>
              <Table.Td fw={800} data-testid="hq-score">
                {h.totals.score}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

function SessionEditor({ sessionId, data, onClose }: { sessionId: number; data: SessionChallenges; onClose: () => void }) {
  const utils = trpc.useUtils();
  const catalogue = useSpeciesCatalogue();
  const [drafts, setDrafts] = useState<ChallengeDraft[]>(() => data.challenges.map(draftFrom));
  const [hintCost, setHintCost] = useState<number | string>(data.hintCost);
  const [hintAllowance, setHintAllowance] = useState<number | string>(data.hintAllowance);
  const [error, setError] = useState<string | null>(null);
  const save = trpc.challenges.sessionSet.useMutation({
    onSuccess: async () => {
      notify({ title: 'Objectives updated', description: 'Hunters see the change at once.' });
      await utils.challenges.session.invalidate({ id: sessionId });
      onClose();
    },
    onError: (e) => setError(errorMessage(e)),
  });
  return (
    <Stack gap="sm">
      <SimpleGrid cols={2} spacing="xs">
        <NumberInput label="Hint cost (points)" min={0} max={100} value={hintCost} onChange={setHintCost} />
        <NumberInput label="Hints per hunter" min={0} max={20} value={hintAllowance} onChange={setHintAllowance} />
      </SimpleGrid>
      <ChallengeListEditor drafts={drafts} onChange={setDrafts} species={catalogue.species} error={error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          loading={save.isPending}
          onClick={() => save.mutate({ id: sessionId, hintCost: Number(hintCost), hintAllowance: Number(hintAllowance), challenges: drafts })}
        >
          Save objectives
        </Button>
      </Group>
    </Stack>
  );
}

export function ChallengesPanel({ sessionId, editable }: { sessionId: number | null; editable: boolean }) {
  const utils = trpc.useUtils();
  const refetchInterval = usePollWhileOffline(POLL_GM_HUNTER_STATS_MS);
  const { data } = trpc.challenges.session.useQuery({ id: sessionId ?? 0 }, { enabled: sessionId !== null, refetchInterval });
  const [editing, setEditing] = useState(false);
  const review = trpc.challenges.photoReview.useMutation({
    onSuccess: async (res) => {
      notify({ title: res.message });
      await utils.challenges.session.invalidate({ id: sessionId ?? 0 });
    },
    onError: (e) => notify({ title: 'Could not judge the photo', description: errorMessage(e), variant: 'destructive' }),
  });
  if (sessionId === null) return null;
  return (
    <Panel
      title="Objectives"
      icon={<IconListCheck size={20} aria-hidden />}
      testId="hq-objectives"
      aside={
        editable && data ? (
          <Button size="xs" variant="light" leftSection={<IconPencil size={14} />} onClick={() => setEditing(true)}>
            Adjust
          </Button>
        ) : null
      }
    >
      {!data || data.challenges.length === 0 ? (
        <Text size="sm" c="dimmed">
          No checkable objectives in this session. Adjust to add some, or give the session a mission that has them.
        </Text>
      ) : (
        <Stack gap="xs">
          <Text size="xs" c="dimmed">
            Hints cost {data.hintCost} points, {data.hintAllowance} per hunter. A wrong quiz answer costs 2 points.
          </Text>
          <ObjectivesTable data={data} onReview={(playerId, challengeId, approved) => review.mutate({ id: sessionId, playerId, challengeId, approved })} />
        </Stack>
      )}
      <Modal opened={editing} onClose={() => setEditing(false)} title="Adjust objectives" size="lg" centered>
        {data && editing && <SessionEditor sessionId={sessionId} data={data} onClose={() => setEditing(false)} />}
      </Modal>
    </Panel>
  );
}
