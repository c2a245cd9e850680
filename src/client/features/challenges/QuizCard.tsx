// One quiz objective on the phone (issue #44): the question (never its answer: the server sends that only
// once this hunter's quiz is closed), the choices or a number field, the attempts left and a clue to buy.
import { Alert, Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../trpc';
import type { MyChallenge } from './types';

type Props = { sessionId: number; item: MyChallenge; hintCost: number; hintsLeft: number };

export function QuizCard({ sessionId, item, hintCost, hintsLeft }: Props) {
  const utils = trpc.useUtils();
  const [value, setValue] = useState<number | string>('');
  const [feedback, setFeedback] = useState<{ ok: boolean; text: string } | null>(null);
  const refresh = () => utils.challenges.mine.invalidate({ sessionId });
  const answer = trpc.challenges.answer.useMutation({
    onSuccess: (res) => {
      setFeedback({ ok: res.correct, text: res.message });
      setValue('');
      void refresh();
    },
    onError: (error) => setFeedback({ ok: false, text: errorMessage(error) }),
  });
  const clue = trpc.challenges.hint.useMutation({
    onSuccess: () => void refresh(),
    onError: (error) => setFeedback({ ok: false, text: errorMessage(error) }),
  });
  const { question, progress } = item;
  if (!question) return <Text size="sm">This question is no longer available.</Text>;
  const open = progress.status === 'open';
  const send = (a: { choice: number } | { number: number }) =>
    answer.mutate({ sessionId, challengeId: item.challenge.id, answer: a });

  return (
    <Stack gap="xs" data-testid="quiz-card">
      <Text fw={700}>{question.prompt}</Text>
      {open && question.kind === 'choice' && (
        <Stack gap={6}>
          {question.choices.map((choice, i) => (
            <Button
              key={i}
              variant="default"
              h={44}
              justify="flex-start"
              loading={answer.isPending && answer.variables?.answer && 'choice' in answer.variables.answer && answer.variables.answer.choice === i}
              disabled={answer.isPending}
              onClick={() => send({ choice: i })}
            >
              {choice}
            </Button>
          ))}
        </Stack>
      )}
      {open && question.kind === 'number' && (
        <Group align="flex-end" wrap="nowrap">
          <NumberInput label="Your answer" value={value} onChange={setValue} style={{ flex: 1 }} aria-label="Your answer" />
          <Button h={36} disabled={value === '' || answer.isPending} loading={answer.isPending} onClick={() => send({ number: Number(value) })}>
            Answer
          </Button>
        </Group>
      )}
      {open && progress.attemptsLeft !== null && (
        <Text size="xs" c="dimmed">
          {progress.attemptsLeft} {progress.attemptsLeft === 1 ? 'attempt' : 'attempts'} left; a wrong answer costs points.
        </Text>
      )}
      {item.clue && (
        <Alert color="yellow" variant="light" icon={<IconBulb size={18} />} p="xs" data-testid="quiz-clue">
          {item.clue}
        </Alert>
      )}
      {open && !item.clue && (
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconBulb size={14} />}
          disabled={hintsLeft <= 0}
          loading={clue.isPending}
          onClick={() => clue.mutate({ sessionId, kind: 'clue', challengeId: item.challenge.id })}
        >
          Buy a clue (−{hintCost} points)
        </Button>
      )}
      {feedback && (
        <Text size="sm" fw={700} c={feedback.ok ? 'jungle.9' : 'red.8'} role="status" data-testid="quiz-feedback">
          {feedback.text}
        </Text>
      )}
      {item.correctAnswer !== null && (
        <Text size="sm" data-testid="quiz-correct-answer">
          The answer: <b>{item.correctAnswer}</b>
        </Text>
      )}
    </Stack>
  );
}
