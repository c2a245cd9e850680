// The end-of-session dialog (spec, section 4 "Countdown and end"): time_expired ->
// 'Mission Failed', completed -> 'Great Job!', anything else -> 'Session Ended',
// with observed count, total deployed and completion rate. The figures and the verdict are the hunter's own
// (their observations against every dinosaur deployed): the server's result counts what all hunters found together.
import { Button, Loader, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { hunterResult } from '../../../domain/countdown';
import { endVerdict } from './endVerdict';
import { ResultFigures } from './ResultFigures';
import type { SessionResult } from './types';

type EndResult = Pick<SessionResult, 'completionStatus' | 'totalDinosaurs'>;

export function SessionEndDialog({
  result: sessionResult,
  observed,
  opened,
  onClose,
  loading = false,
  children,
}: {
  result: EndResult | null | undefined;
  /** How many dinosaurs this hunter observed (their stats). */
  observed: number;
  opened: boolean;
  onClose: () => void;
  loading?: boolean;
  /** Below the result: what the hunt earned (the terminal's achievements section). */
  children?: ReactNode;
}) {
  const result = sessionResult ? hunterResult(sessionResult, observed) : null;
  const verdict = endVerdict(result?.completionStatus);
  return (
    <Modal opened={opened} onClose={onClose} centered title={<Text fw={800} size="xl" c={verdict.colour}>{verdict.title}</Text>}>
      <Stack gap="md" data-testid="session-end-dialog">
        <Text>{verdict.message}</Text>
        {result ? (
          <ResultFigures found={result.dinosaursFound} total={result.totalDinosaurs} rate={result.completionRate} />
        ) : loading ? (
          <Loader size="sm" role="status" aria-label="Loading the result" />
        ) : (
          <Text c="dimmed" size="sm">
            The session result is not available yet.
          </Text>
        )}
        {children}
        <Button size="lg" onClick={onClose} data-autofocus>
          Close
        </Button>
      </Stack>
    </Modal>
  );
}
