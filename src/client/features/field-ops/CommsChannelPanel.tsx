// Comms Channel (spec, section 2): the latest 10 messages and a text line with Send;
// Field Operations sends messageType 'comms'. Photos and video go out with the same
// MediaUpload block as the Hunter Terminal (to all or headquarters).
import { Divider, Stack } from '@mantine/core';
import { COMMS_VISIBLE_MESSAGES, POLL_MESSAGES_FIELD_OPS_MS } from '../../../domain/rules';
import { CommsFeed, MediaUpload, MessageComposer } from '../comms';
import { Panel } from './Panel';

const HUNTER_RECIPIENTS = ['all', 'headquarters'] as const;

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
        <Divider label="Photo or video" labelPosition="left" />
        <MediaUpload sessionId={sessionId} recipients={HUNTER_RECIPIENTS} />
      </Stack>
    </Panel>
  );
}
