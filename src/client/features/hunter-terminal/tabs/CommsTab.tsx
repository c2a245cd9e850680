// Comms: the radio to headquarters: the live feed, text entry, the six quick
// actions (Mark Location with the current position) and media to all or HQ.
// In a team (issue 42) the team's channel comes first: only the team and HQ read
// it, and the quick actions go to it with the hunter's position.
import { Paper, Stack, Title } from '@mantine/core';
import { useMemo } from 'react';
import { POLL_MESSAGES_TERMINAL_MS } from '../../../../domain/rules';
import { type CommsMessage, CommsFeed, MediaUpload, MessageComposer, QuickActions } from '../../comms';
import type { FusedPosition } from '../../gps';
import { TeamSwatch } from '../../teams/TeamSwatch';

const HUNTER_RECIPIENTS = ['all', 'headquarters'] as const;
/** In a team, a photo goes to the team first (its channel: the teammates and HQ), or to everyone or HQ. */
const TEAM_RECIPIENTS = ['team', 'all', 'headquarters'] as const;
const isTeamMessage = (m: CommsMessage) => m.recipientType === 'team';
const isRadioMessage = (m: CommsMessage) => m.recipientType !== 'team';

type Props = {
  sessionId: number;
  position: FusedPosition | null;
  /** The hunter's team, or null (solo, or not in a team yet). */
  team?: { id: number; name: string; color: string } | null;
};

export function CommsTab({ sessionId, position, team = null }: Props) {
  const labels = useMemo(() => new Map(team ? [[team.id, { name: team.name, color: team.color }]] : []), [team]);
  return (
    <Stack gap="sm">
      {team && (
        <Paper p="sm" radius="md" withBorder style={{ borderTop: `6px solid ${team.color}` }} data-testid="team-channel">
          <Title order={2} size="h4" mb="xs" style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            <TeamSwatch color={team.color} size={14} />
            Team channel: {team.name}
          </Title>
          <CommsFeed
            sessionId={sessionId}
            pollMs={POLL_MESSAGES_TERMINAL_MS}
            maxHeight="32dvh"
            channel={isTeamMessage}
            teams={labels}
            emptyText="No team messages yet"
            label="Team channel"
          />
          <Stack mt="sm">
            <MessageComposer
              sessionId={sessionId}
              messageType="text"
              recipientType="team"
              teamId={team.id}
              label="Message to your team"
              placeholder="Only your team and HQ read this…"
            />
          </Stack>
        </Paper>
      )}
      <Paper p="sm" radius="md" withBorder data-testid="radio">
        <Title order={2} size="h4" mb="xs">
          Radio
        </Title>
        <CommsFeed
          sessionId={sessionId}
          pollMs={POLL_MESSAGES_TERMINAL_MS}
          maxHeight={team ? '32dvh' : '40dvh'}
          channel={team ? isRadioMessage : undefined}
        />
        <Stack mt="sm">
          <MessageComposer
            sessionId={sessionId}
            messageType="text"
            recipientType="headquarters"
            label="Message to headquarters"
            placeholder="Type your report…"
          />
        </Stack>
      </Paper>
      <Paper p="sm" radius="md" withBorder>
        <Title order={2} size="h4" mb="xs">
          Quick Actions{team ? ' to your team' : ''}
        </Title>
        <QuickActions
          sessionId={sessionId}
          location={position ? { lat: position.lat, lng: position.lng } : null}
          teamId={team?.id ?? null}
        />
      </Paper>
      <Paper p="sm" radius="md" withBorder>
        <Title order={2} size="h4" mb="xs">
          Photo or Video
        </Title>
        <MediaUpload sessionId={sessionId} recipients={team ? TEAM_RECIPIENTS : HUNTER_RECIPIENTS} />
      </Paper>
    </Stack>
  );
}
