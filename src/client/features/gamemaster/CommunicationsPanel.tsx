// Communications: the session's live feed (hunters' messages, quick actions,
// media, and the game master's broadcasts).
import { Text } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { POLL_MESSAGES_GAMEMASTER_MS } from '../../../domain/rules';
import { CommsFeed } from '../comms';
import { Panel } from './Panel';
import { memo } from 'react';

export const CommunicationsPanel = memo(function CommunicationsPanel({ sessionId, maxHeight }: { sessionId: number | null; maxHeight: number | string }) {
  return (
    <Panel title="Communications" icon={<IconMessages size={20} aria-hidden />} testId="communications">
      {sessionId === null ? (
        <Text size="sm" c="dimmed">
          Select a session to see its communications.
        </Text>
      ) : (
        <CommsFeed sessionId={sessionId} pollMs={POLL_MESSAGES_GAMEMASTER_MS} maxHeight={maxHeight} />
      )}
    </Panel>
  );
});
