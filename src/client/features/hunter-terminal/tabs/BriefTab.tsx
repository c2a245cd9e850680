// Brief: the mission briefing (hunt/), or the session's own description, cover
// and video when it has no mission; the 50 m safety line either way; then how to play.
import { Center, Loader, Paper, Stack } from '@mantine/core';
import { memo } from 'react';
import { ObjectivesPanel } from '../../challenges/ObjectivesPanel';
import { HowToPlay } from '../../hunt/HowToPlay';
import { MissionBriefing } from '../../hunt/MissionBriefing';
import type { HuntSession, Mission } from '../../hunt/types';

type Props = { session: HuntSession; mission: Mission | null; missionLoading: boolean };

/**
 * Memoised: the terminal re-renders on every answer, GPS fix and tick of its hooks (synchronously, one task each),
 * and the Brief, its largest tab, changes only with the session and its mission (issue #25, decision 911).
 */
export const BriefTab = memo(function BriefTab({ session, mission, missionLoading }: Props) {
  if (missionLoading) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading the briefing" />
      </Center>
    );
  }
  return (
    <Stack gap="sm">
      <Paper p="md" radius="md" withBorder>
        <MissionBriefing session={session} mission={mission} />
      </Paper>
      <ObjectivesPanel sessionId={session.id} playing={session.status === 'active' || session.status === 'started'} />
      <Paper p="md" radius="md" withBorder>
        <HowToPlay />
      </Paper>
    </Stack>
  );
});
