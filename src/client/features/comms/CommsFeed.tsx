// The session's live message feed. The list query is kept current by the lead's
// SessionLive (new_communication events); it polls only while that link is down.
// Offline it keeps showing what it had (the list stays cached for COMMS_CACHE_MS,
// also across tab switches), and messages sent meanwhile show as pending.
import { Alert, Badge, Button, Center, Group, Loader, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { IconClockHour4, IconMessages, IconWifiOff } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { COMMS_CACHE_MS } from '../../../domain/rules';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../trpc';
import { useOnline, usePollWhileOffline } from '../live';
import { MessageItem, type TeamLabels } from './MessageItem';
import type { CommsMessage } from './types';
import { QUICK_ACTION_LABELS } from './quickActionCatalogue';
import { type PendingSend, usePendingSends } from './usePendingSends';

export type CommsFeedProps = {
  sessionId: number | null;
  /** The screen's polling interval while live updates are down (POLL_MESSAGES_*_MS). */
  pollMs: number;
  /** Show only the latest `limit` messages (Field Operations: COMMS_VISIBLE_MESSAGES). */
  limit?: number;
  compact?: boolean;
  /** Height of the scrolling list; it grows up to this before scrolling. */
  maxHeight?: number | string;
  /** One channel of the feed (a team's, issue 42): only the messages it keeps are shown. */
  channel?: (message: CommsMessage) => boolean;
  /** What an empty channel says (default: the spec's 'No communications yet'). */
  emptyText?: string;
  /** Team names and colours by id: team messages carry their team's badge. */
  teams?: TeamLabels;
  /** Distinguishes this feed from another on the same screen (test ids, the scroll region's name). */
  label?: string;
};

export function CommsFeed({ sessionId, pollMs, limit, compact = false, maxHeight, channel, emptyText = 'No communications yet', teams, label = 'Communications' }: CommsFeedProps) {
  const refetchInterval = usePollWhileOffline(pollMs);
  const query = trpc.comms.list.useQuery(
    { id: sessionId ?? 0 },
    { enabled: sessionId !== null, refetchInterval, gcTime: COMMS_CACHE_MS },
  );
  const online = useOnline();
  const pending = usePendingSends(sessionId);
  const all = channel ? (query.data ?? []).filter(channel) : (query.data ?? []);
  const messages = limit !== undefined ? all.slice(-limit) : all;
  const newestId = messages.at(-1)?.id;
  const viewport = useRef<HTMLDivElement>(null);

  // Keep the newest message (or the newest pending one) in view as messages arrive.
  useEffect(() => {
    if (newestId === undefined && pending.length === 0) return;
    const el = viewport.current;
    if (el) el.scrollTo({ top: el.scrollHeight });
  }, [newestId, pending.length]);

  if (sessionId === null) {
    return (
      <Text c="dimmed" size="sm">
        No active session
      </Text>
    );
  }
  // Offline before the first load: nothing to show yet, and that is not "no messages".
  if (!query.data && !online) {
    return (
      <Stack align="center" gap={4} py="md" data-testid="comms-offline">
        <IconWifiOff size={28} aria-hidden color="var(--mantine-color-dimmed)" />
        <Text c="dimmed" size="sm" ta="center">
          Offline: messages load when you're back online.
        </Text>
        {pending.map((p) => (
          <PendingItem key={p.key} send={p} compact={compact} />
        ))}
      </Stack>
    );
  }
  if (query.isLoading) {
    return (
      <Center py="md">
        <Loader size="sm" role="status" aria-label="Loading communications" />
      </Center>
    );
  }
  if (query.error && !query.data) {
    return (
      <Alert color="red" title="Communications unavailable" role="alert">
        <Text size="sm">{errorMessage(query.error, 'Could not load messages')}</Text>
        <Button mt="xs" size="sm" variant="white" color="red" onClick={() => query.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  if (messages.length === 0 && pending.length === 0) {
    return (
      <Stack align="center" gap={4} py="md" data-testid="comms-empty">
        <IconMessages size={28} aria-hidden color="var(--mantine-color-dimmed)" />
        <Text c="dimmed" size="sm">
          {emptyText}
        </Text>
      </Stack>
    );
  }
  return (
    <ScrollArea.Autosize
      mah={maxHeight ?? (compact ? 260 : 420)}
      viewportRef={viewport}
      type="auto"
      offsetScrollbars
      aria-label={label}
    >
      <Stack gap={compact ? 4 : 'xs'} role="log" aria-live="polite" aria-relevant="additions" data-testid="comms-feed">
        {messages.map((m) => (
          <MessageItem key={m.id} message={m} compact={compact} team={m.teamId === null ? undefined : teams?.get(m.teamId)} />
        ))}
        {pending.map((p) => (
          <PendingItem key={p.key} send={p} compact={compact} />
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}

/** A message (or quick action) of this screen not yet delivered: it goes as soon as the network is back. */
function PendingItem({ send, compact }: { send: PendingSend; compact: boolean }) {
  const { input } = send;
  const text = input.quickAction ? QUICK_ACTION_LABELS[input.quickAction] : (input.message ?? '');
  return (
    <Paper
      withBorder
      p={compact ? 6 : 'xs'}
      radius="md"
      bg="gray.0"
      style={{ borderStyle: 'dashed' }}
      data-testid="comms-pending"
      aria-label={`Not sent yet: ${text}`}
    >
      <Group gap={6} justify="space-between" wrap="nowrap" align="flex-start">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {text}
        </Text>
        <Badge
          color="gray.7"
          variant="light"
          size="sm"
          radius="sm"
          leftSection={<IconClockHour4 size={12} aria-hidden />}
          style={{ flexShrink: 0 }}
        >
          Pending
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        Sends when you're back online
      </Text>
    </Paper>
  );
}
