// Comms: the radio to headquarters: the live feed, text entry, the six quick
// actions (Mark Location with the current position) and media to all or HQ.
import { Paper, Stack, Title } from '@mantine/core';
import { POLL_MESSAGES_TERMINAL_MS } from '../../../../domain/rules';
import { CommsFeed, MediaUpload, MessageComposer, QuickActions } from '../../comms';
import type { FusedPosition } from '../../gps';

const HUNTER_RECIPIENTS = ['all', 'headquarters'] as const;

export function CommsTab({ sessionId, position }: { sessionId: number; position: FusedPosition | null }) {
  return (
    <Stack gap="sm">
      <Paper p="sm" radius="md" withBorder>
        <Title order={2} size="h4" mb="xs">
          Radio
        </Title>
        <CommsFeed sessionId={sessionId} pollMs={POLL_MESSAGES_TERMINAL_MS} maxHeight="40dvh" />
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
          Quick Actions
        </Title>
        <QuickActions sessionId={sessionId} location={position ? { lat: position.lat, lng: position.lng } : null} />
      </Paper>
      <Paper p="sm" radius="md" withBorder>
        <Title order={2} size="h4" mb="xs">
          Photo or Video
        </Title>
        <MediaUpload sessionId={sessionId} recipients={HUNTER_RECIPIENTS} />
      </Paper>
    </Stack>
  );
}
