// Communications: the session's live feed (hunters' messages, quick actions,
// media, and the game master's broadcasts). In a team hunt (issue 42) headquarters
// reads every team's channel: each team message carries its team's badge, and a
// channel picker shows one team's channel alone.
import { Select, Stack, Text } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { memo, useMemo, useState } from 'react';
import { POLL_MESSAGES_GAMEMASTER_MS } from '../../../domain/rules';
import { type CommsMessage, CommsFeed } from '../comms';
import { teamLabels } from '../teams/teamLabels';
import { Panel } from './Panel';

const EVERY = 'every';

type Props = {
  sessionId: number | null;
  maxHeight: number | string;
  teams?: readonly { id: number; name: string; color: string }[] | undefined;
};

export const CommunicationsPanel = memo(function CommunicationsPanel({ sessionId, maxHeight, teams }: Props) {
  const [channel, setChannel] = useState(EVERY);
  const labels = useMemo(() => teamLabels(teams), [teams]);
  const team = channel === EVERY ? undefined : teams?.find((t) => String(t.id) === channel);
  const filter = useMemo(
    () => (team ? (m: CommsMessage) => m.recipientType === 'team' && m.teamId === team.id : undefined),
    [team],
  );
  return (
    <Panel title="Communications" icon={<IconMessages size={20} aria-hidden />} testId="communications">
      {sessionId === null ? (
        <Text size="sm" c="dimmed">
          Select a session to see its communications.
        </Text>
      ) : (
        <Stack gap="xs">
          {teams && teams.length > 0 && (
            <Select
              label="Channel"
              data={[{ value: EVERY, label: 'Every channel' }, ...teams.map((t) => ({ value: String(t.id), label: `Team ${t.name}` }))]}
              value={team ? channel : EVERY}
              onChange={(v) => setChannel(v ?? EVERY)}
              allowDeselect={false}
              data-testid="comms-channel-filter"
            />
          )}
          <CommsFeed
            sessionId={sessionId}
            pollMs={POLL_MESSAGES_GAMEMASTER_MS}
            maxHeight={maxHeight}
            teams={labels}
            channel={filter}
            emptyText={team ? `No messages in team ${team.name}'s channel yet` : undefined}
          />
        </Stack>
      )}
    </Panel>
  );
});
