// One message of the feed: sender and time, the text, a broadcast's GAME MASTER
// label, a quick action with its location, a photo or video inline.
import { Badge, Box, Group, Paper, Text } from '@mantine/core';
import { IconPhotoOff, IconSpeakerphone } from '@tabler/icons-react';
import { useState } from 'react';
import { GAME_MASTER_LABEL } from '../../../domain/rules';
import { QUICK_ACTION_ICONS, QUICK_ACTION_LABELS } from './quickActionCatalogue';
import type { CommsMessage } from './types';

const COORD_DECIMALS = 5; // about a metre

function formatTime(timestamp: number): string {
  return new Date(timestamp).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

function MediaContent({ message }: { message: CommsMessage }) {
  const [broken, setBroken] = useState(false);
  if (!message.mediaUrl) return null;
  if (broken) {
    return (
      <Group gap={4} mt={4}>
        <IconPhotoOff size={16} aria-hidden />
        <Text size="sm" c="dimmed">
          Media unavailable
        </Text>
      </Group>
    );
  }
  if (message.mediaType === 'video') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: hunters' field videos have no captions to offer.
      <video
        src={message.mediaUrl}
        controls
        playsInline
        preload="metadata"
        onError={() => setBroken(true)}
        style={{ display: 'block', width: '100%', maxHeight: 240, borderRadius: 6, marginTop: 6, background: '#000' }}
        aria-label={`Video from ${message.userId}`}
      />
    );
  }
  return (
    <img
      src={message.mediaUrl}
      alt={message.message ? `Photo from ${message.userId}: ${message.message}` : `Photo from ${message.userId}`}
      loading="lazy"
      onError={() => setBroken(true)}
      style={{ display: 'block', maxWidth: '100%', maxHeight: 240, borderRadius: 6, marginTop: 6 }}
    />
  );
}

/** Team names and colours by team id (issue 42). */
export type TeamLabels = ReadonlyMap<number, { name: string; color: string }>;

export function MessageItem({ message, compact = false, team }: { message: CommsMessage; compact?: boolean; team?: { name: string; color: string } | undefined }) {
  const broadcast = message.messageType === 'broadcast';
  const action = message.quickAction;
  const ActionIcon = action ? QUICK_ACTION_ICONS[action] : null;
  const emergency = action === 'emergency_exit';
  // A media message's text is its caption; the file name stands in when there is none.
  const text = message.mediaUrl && !message.message ? null : message.message;
  return (
    <Paper
      withBorder
      p={compact ? 6 : 'xs'}
      radius="md"
      data-testid="comms-message"
      data-message-type={message.messageType}
      data-recipient={message.recipientType}
      style={{
        borderColor: broadcast ? 'var(--mantine-color-amber-7)' : emergency ? 'var(--mantine-color-red-7)' : undefined,
        borderWidth: broadcast || emergency ? 2 : undefined,
      }}
    >
      <Group justify="space-between" gap={6} wrap="nowrap">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          {broadcast ? (
            <Badge color="amber.4" c="dark.9" leftSection={<IconSpeakerphone size={12} aria-hidden />} radius="sm">
              {GAME_MASTER_LABEL}
            </Badge>
          ) : (
            <Text fw={700} size="sm" truncate>
              {message.userId}
            </Text>
          )}
          {message.recipientType === 'team' && (
            <Badge
              size="xs"
              variant="outline"
              color="dark.6"
              style={{ flexShrink: 0, borderLeft: team ? `6px solid ${team.color}` : undefined, textTransform: 'none' }}
              data-testid="message-team"
            >
              {team ? `Team ${team.name}` : 'Team'}
            </Badge>
          )}
          {message.recipientType === 'headquarters' && (
            <Badge size="xs" variant="outline" color="dark.6">
              to HQ
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          <time dateTime={message.createdAt}>{formatTime(message.timestamp)}</time>
        </Text>
      </Group>
      {action && ActionIcon && (
        <Group gap={6} mt={4} wrap="nowrap">
          <ActionIcon size={18} color={emergency ? 'var(--mantine-color-red-8)' : undefined} aria-hidden />
          <Text fw={700} size="sm" c={emergency ? 'red.9' : undefined}>
            {QUICK_ACTION_LABELS[action]}
          </Text>
        </Group>
      )}
      {text && (
        <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {text}
        </Text>
      )}
      {message.location && (
        <Box mt={2}>
          <Text size="xs" c="dimmed" data-testid="message-location">
            Location: {message.location.lat.toFixed(COORD_DECIMALS)}, {message.location.lng.toFixed(COORD_DECIMALS)}
          </Text>
        </Box>
      )}
      <MediaContent message={message} />
    </Paper>
  );
}
