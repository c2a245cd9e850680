// Past hunts (issue #44): each objective per hunter and the challenge score, what a teacher grades.
import { Stack, Text } from '@mantine/core';
import { trpc } from '../../trpc';
import { ObjectivesTable } from './ChallengesPanel';

export function PastHuntObjectives({ sessionId }: { sessionId: number }) {
  const { data } = trpc.challenges.session.useQuery({ id: sessionId });
  if (!data || data.challenges.length === 0) return null;
  return (
    <Stack gap={4} data-testid="past-hunt-objectives">
      <Text size="sm" fw={700}>
        Objectives
      </Text>
      <ObjectivesTable data={data} />
    </Stack>
  );
}
