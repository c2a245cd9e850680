// Broadcast: a message to every hunter (labelled GAME MASTER by the server; blank
// text is not sent; Enter sends, Shift+Enter new line), and photos or videos to
// 'all' or 'hunters'.
import { Divider, Stack, Text } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { MediaUpload, MessageComposer } from '../comms';
import { Panel } from './Panel';
import { memo } from 'react';

const GM_RECIPIENTS = ['all', 'hunters'] as const;

export const BroadcastPanel = memo(function BroadcastPanel({ sessionId }: { sessionId: number | null }) {
  return (
    <Panel title="Broadcast" icon={<IconSpeakerphone size={20} aria-hidden />} testId="broadcast">
      {sessionId === null ? (
        <Text size="sm" c="dimmed">
          Select a session to talk to its hunters.
        </Text>
      ) : (
        <Stack gap="sm">
          <MessageComposer
            sessionId={sessionId}
            messageType="broadcast"
            recipientType="all"
            label="Broadcast to all hunters"
            placeholder="Message from the GAME MASTER…"
            sendLabel="Broadcast"
          />
          <Divider label="Photo or video" labelPosition="left" />
          <MediaUpload sessionId={sessionId} recipients={GM_RECIPIENTS} />
        </Stack>
      )}
    </Panel>
  );
});
