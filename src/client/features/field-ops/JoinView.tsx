// Field Operations without a session open: the hunter's joined sessions to resume, the Join Mission card,
// and the public expeditions near them. One chunk, loaded when this view is first shown (lazyViews.tsx).
import { Box, Stack } from '@mantine/core';
import { PublicExpeditions } from '../expeditions/PublicExpeditions';
import { JoinMissionCard } from './JoinMissionCard';

type Props = Parameters<typeof JoinMissionCard>[0] & {
  /** A public expedition was joined: show it (the briefing opens the first time). */
  onExpeditionJoined: (joined: { sessionId: number }) => void;
};

export function JoinView({ onExpeditionJoined, ...card }: Props) {
  return (
    <Stack gap="md">
      <JoinMissionCard {...card} />
      <Box maw={560} mx="auto" w="100%">
        <PublicExpeditions onJoined={onExpeditionJoined} />
      </Box>
    </Stack>
  );
}
