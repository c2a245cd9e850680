// Team (issue 42) on Field Operations: the hunter's team (or how to make or join one) with the live
// ranking, and once in a team its channel: the latest messages only the team and HQ read.
import { Divider, Stack } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useMemo } from 'react';
import { COMMS_VISIBLE_MESSAGES, POLL_MESSAGES_FIELD_OPS_MS } from '../../../domain/rules';
import { type CommsMessage, CommsFeed, MessageComposer } from '../comms';
import { HunterTeamCard } from '../teams/HunterTeamCard';
import type { SessionTeams, Team } from '../teams/types';
import { Panel } from './Panel';

const isTeamMessage = (m: CommsMessage) => m.recipientType === 'team';

type Props = {
  session: { id: number; status: string; hunterHandle?: string | undefined };
  teams: SessionTeams | undefined;
  loading: boolean;
  myTeam: Team | null;
};

export function TeamPanel({ session, teams, loading, myTeam }: Props) {
  const labels = useMemo(() => new Map(myTeam ? [[myTeam.id, { name: myTeam.name, color: myTeam.color }]] : []), [myTeam]);
  return (
    <Panel title="Team" icon={<IconUsersGroup size={20} aria-hidden />} area="team" testId="team-panel">
      <Stack gap="sm">
        <HunterTeamCard session={session} teams={teams} loading={loading} />
        {myTeam && (
          <Stack gap="xs" data-testid="team-channel">
            <Divider label={`Team channel: ${myTeam.name}`} labelPosition="left" styles={{ label: { fontWeight: 800, fontSize: 14, color: 'var(--mantine-color-dark-7)' } }} />
            <CommsFeed
              sessionId={session.id}
              pollMs={POLL_MESSAGES_FIELD_OPS_MS}
              limit={COMMS_VISIBLE_MESSAGES}
              compact
              maxHeight={240}
              channel={isTeamMessage}
              teams={labels}
              emptyText="No team messages yet"
              label="Team channel"
            />
            <MessageComposer sessionId={session.id} messageType="comms" recipientType="team" teamId={myTeam.id} label="Message to your team" sendLabel="Send" />
          </Stack>
        )}
      </Stack>
    </Panel>
  );
}
