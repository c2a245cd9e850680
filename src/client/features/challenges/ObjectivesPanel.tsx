// The Brief tab's objectives (issue #44): each with its progress, kept live by challenge_progress events
// (applyEventToCache refreshes this read); quizzes answered in place; a check-in for the points to reach;
// the hunter's score and the hints they may buy.
import { Badge, Button, Group, Paper, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconCamera,
  IconCheck,
  IconCompass,
  IconEye,
  IconMapPin,
  IconQuestionMark,
  IconSparkles,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { POLL_HUNTER_STATS_MS } from '../../../domain/rules';
import { errorMessage } from '../../lib/errors';
import { usePollWhileOffline } from '../live/useLiveConnection';
import { trpc } from '../../trpc';
import { showDirectionHint } from './directionHint';
import { QuizCard } from './QuizCard';
import type { ChallengeKind, MyChallenge } from './types';

const KIND_ICONS: Record<ChallengeKind, typeof IconEye> = {
  observe_count: IconEye,
  observe_species: IconEye,
  observe_rare: IconSparkles,
  quiz: IconQuestionMark,
  reach_point: IconMapPin,
  photo_at_place: IconCamera,
};

const STATUS_BADGES = {
  done: { color: 'jungle.9', label: 'Done' },
  failed: { color: 'red.8', label: 'Missed' },
  pending: { color: 'yellow.7', label: 'Awaiting HQ' },
  open: null,
} as const;

function deadlineText(deadline: string | null): string | null {
  if (!deadline) return null;
  return `by ${new Date(deadline).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`;
}

function Objective({ item, children }: { item: MyChallenge; children?: React.ReactNode }) {
  const { challenge, progress } = item;
  const Icon = KIND_ICONS[challenge.kind];
  const badge = STATUS_BADGES[progress.status];
  const limit = deadlineText(challenge.deadline);
  return (
    <Paper withBorder p="sm" radius="md" data-testid="objective" data-status={progress.status} data-kind={challenge.kind}>
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" color={progress.status === 'done' ? 'jungle' : 'gray'} radius="xl" aria-hidden>
            {progress.status === 'done' ? <IconCheck size={16} /> : progress.status === 'failed' ? <IconX size={16} /> : <Icon size={16} />}
          </ThemeIcon>
          <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {challenge.title}
            </Text>
            <Text size="xs" c="dimmed">
              {challenge.points} points{limit ? ` · ${limit}` : ''}
            </Text>
          </Stack>
          {badge && (
            <Badge color={badge.color} style={{ flexShrink: 0 }}>
              {badge.label}
            </Badge>
          )}
        </Group>
        {progress.goal > 1 && (
          <Group gap="xs" wrap="nowrap">
            <Progress value={(100 * progress.progress) / progress.goal} style={{ flex: 1 }} aria-label={`${challenge.title} progress`} />
            <Text size="xs" fw={700} data-testid="objective-progress">
              {progress.progress}/{progress.goal}
            </Text>
          </Group>
        )}
        {children}
      </Stack>
    </Paper>
  );
}

export function ObjectivesPanel({ sessionId, playing }: { sessionId: number; playing: boolean }) {
  const utils = trpc.useUtils();
  const poll = usePollWhileOffline(POLL_HUNTER_STATS_MS);
  const { data } = trpc.challenges.mine.useQuery({ sessionId }, { refetchInterval: poll });
  const [note, setNote] = useState<string | null>(null);
  const refresh = () => utils.challenges.mine.invalidate({ sessionId });
  const checkIn = trpc.challenges.checkIn.useMutation({
    onSuccess: (res) => {
      setNote(res.message);
      void refresh();
    },
    onError: (error) => setNote(errorMessage(error)),
  });
  const photo = trpc.challenges.photo.useMutation({
    onSuccess: (res) => {
      setNote(res.message);
      void refresh();
    },
    onError: (error) => setNote(errorMessage(error)),
  });
  const hint = trpc.challenges.hint.useMutation({
    onSuccess: (res) => {
      if (res.direction) {
        const d = res.direction;
        showDirectionHint({ dinosaurId: d.dinosaurId, latitude: d.latitude, longitude: d.longitude, compass: d.compass, distanceM: d.distanceM }, d.showForMs);
        setNote(`Nearest dinosaur you have not observed: ${d.distanceM} m ${d.compass}. The map shows it for ${Math.round(d.showForMs / 1000)} s.`);
      }
      void refresh();
    },
    onError: (error) => setNote(errorMessage(error)),
  });
  if (!data || data.challenges.length === 0) return null;
  const { totals } = data;
  return (
    <Paper p="md" radius="md" withBorder data-testid="objectives-panel">
      <Stack gap="sm">
        <Group justify="space-between" align="center">
          <Title order={3} fz={20}>
            Objectives
          </Title>
          <Badge size="lg" color="dark.8" data-testid="challenge-score">
            Score {totals.score}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed" data-testid="challenge-totals">
          {totals.completed} of {data.challenges.length} done · {totals.pointsAwarded} points earned
          {totals.wrongAnswers > 0 ? ` · ${totals.wrongAnswers} wrong ${totals.wrongAnswers === 1 ? 'answer' : 'answers'}` : ''}
          {totals.hintsTaken > 0 ? ` · ${totals.hintsTaken} ${totals.hintsTaken === 1 ? 'hint' : 'hints'} (−${totals.hintCosts})` : ''}
        </Text>
        {data.challenges.map((item) => (
          <Objective key={item.challenge.id} item={item}>
            {item.challenge.kind === 'quiz' && (item.progress.status === 'open' || item.correctAnswer !== null) && (
              <QuizCard sessionId={sessionId} item={item} hintCost={data.hintCost} hintsLeft={data.hintsLeft} />
            )}
            {item.challenge.kind === 'reach_point' && item.progress.status === 'open' && (
              <Button
                variant="light"
                h={44}
                leftSection={<IconMapPin size={18} />}
                disabled={!playing}
                loading={checkIn.isPending}
                onClick={() => checkIn.mutate({ sessionId })}
              >
                Check in here
              </Button>
            )}
            {item.challenge.kind === 'photo_at_place' && item.progress.status === 'open' && (
              <Stack gap={4}>
                <Text size="xs" c="dimmed">
                  At the place, send a photo from Comms, then submit it here; the game master judges it.
                </Text>
                <Button
                  variant="light"
                  h={44}
                  leftSection={<IconCamera size={18} />}
                  disabled={!playing}
                  loading={photo.isPending}
                  onClick={() => photo.mutate({ sessionId, challengeId: item.challenge.id })}
                >
                  Submit my latest photo
                </Button>
              </Stack>
            )}
          </Objective>
        ))}
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" data-testid="hints-left">
            Hints left: {data.hintsLeft} of {data.hintAllowance} ({data.hintCost} points each)
          </Text>
          <Button
            size="sm"
            variant="default"
            leftSection={<IconCompass size={16} />}
            disabled={!playing || data.hintsLeft <= 0}
            loading={hint.isPending}
            onClick={() => hint.mutate({ sessionId, kind: 'direction' })}
          >
            Direction hint
          </Button>
        </Group>
        {note && (
          <Text size="sm" fw={600} role="status" data-testid="objectives-note">
            {note}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
