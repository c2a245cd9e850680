// Comms Channel (spec, section 2): the latest 10 messages and a text line with Send;
// Field Operations sends messageType 'comms'.
import { Stack } from '@mantine/core';
import { COMMS_VISIBLE_MESSAGES, POLL_MESSAGES_FIELD_OPS_MS } from '../../../domain/rules';
import { CommsFeed, MessageComposer } from '../comms';
import { Panel } from './Panel';

export function CommsChannelPanel({ sessionId }: { sessionId: number }) {
  return (
    <Panel title="Comms Channel" area="comms" testId="comms-channel">
      <Stack gap="sm">
        <CommsFeed sessionId={sessionId} pollMs={POLL_MESSAGES_FIELD_OPS_MS} limit={COMMS_VISIBLE_MESSAGES} compact maxHeight={280} />
        <MessageComposer
          sessionId={sessionId}
          messageType="comms"
          label="Message"
          sendLabel="Send"
        />
      </Stack>
    </Panel>
  );
}
