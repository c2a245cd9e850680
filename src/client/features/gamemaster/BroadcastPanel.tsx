// Broadcast: a message to every hunter (labelled GAME MASTER by the server; blank
// text is not sent; Enter sends, Shift+Enter new line), and photos or videos to
// 'all' or 'hunters'. In a team hunt (issue 42) the game master may write to one
// team's channel instead: only that team and headquarters read it.
import { Divider, Select, Stack, Text } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { MediaUpload, MessageComposer } from '../comms';
import { Panel } from './Panel';

const GM_RECIPIENTS = ['all', 'hunters'] as const;
const ALL = 'all';

type Props = { sessionId: number | null; teams?: readonly { id: number; name: string }[] | undefined };

export const BroadcastPanel = memo(function BroadcastPanel({ sessionId, teams }: Props) {
  const [to, setTo] = useState<string>(ALL);
  const team = to === ALL ? undefined : teams?.find((t) => String(t.id) === to);
  return (
    <Panel title="Broadcast" icon={<IconSpeakerphone size={20} aria-hidden />} testId="broadcast">
      {sessionId === null ? (
        <Text size="sm" c="dimmed">
          Select a session to talk to its hunters.
        </Text>
      ) : (
        <Stack gap="sm">
          {teams && teams.length > 0 && (
            <Select
              label="Send to"
              data={[{ value: ALL, label: 'All hunters' }, ...teams.map((t) => ({ value: String(t.id), label: `Team ${t.name}` }))]}
              value={team ? to : ALL}
              onChange={(v) => setTo(v ?? ALL)}
              allowDeselect={false}
              data-testid="broadcast-to"
            />
          )}
          {team ? (
            <MessageComposer
              key={team.id}
              sessionId={sessionId}
              messageType="text"
              recipientType="team"
              teamId={team.id}
              label={`Message to team ${team.name}`}
              placeholder="Only this team and HQ read it…"
              sendLabel="Send to team"
            />
          ) : (
            <MessageComposer
              sessionId={sessionId}
              messageType="broadcast"
              recipientType="all"
              label="Broadcast to all hunters"
              placeholder="Message from the GAME MASTER…"
              sendLabel="Broadcast"
            />
          )}
          <Divider label="Photo or video" labelPosition="left" />
          <MediaUpload sessionId={sessionId} recipients={GM_RECIPIENTS} />
        </Stack>
      )}
    </Panel>
  );
});
