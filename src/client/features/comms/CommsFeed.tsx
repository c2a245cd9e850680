// The session's live message feed. The list query is kept current by the lead's
// SessionLive (new_communication events); it polls only while that link is down.
import { Alert, Button, Center, Loader, ScrollArea, Stack, Text } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../trpc';
import { usePollWhileOffline } from '../live';
import { MessageItem } from './MessageItem';

export type CommsFeedProps = {
  sessionId: number | null;
  /** The screen's polling interval while live updates are down (POLL_MESSAGES_*_MS). */
  pollMs: number;
  /** Show only the latest `limit` messages (Field Operations: COMMS_VISIBLE_MESSAGES). */
  limit?: number;
  compact?: boolean;
  /** Height of the scrolling list; it grows up to this before scrolling. */
  maxHeight?: number | string;
};

export function CommsFeed({ sessionId, pollMs, limit, compact = false, maxHeight }: CommsFeedProps) {
  const refetchInterval = usePollWhileOffline(pollMs);
  const query = trpc.comms.list.useQuery({ id: sessionId ?? 0 }, { enabled: sessionId !== null, refetchInterval });
  const all = query.data ?? [];
  const messages = limit !== undefined ? all.slice(-limit) : all;
  const newestId = messages.at(-1)?.id;
  const viewport = useRef<HTMLDivElement>(null);

  // Keep the newest message in view as messages arrive.
  useEffect(() => {
    if (newestId === undefined) return;
    const el = viewport.current;
    if (el) el.scrollTo({ top: el.scrollHeight });
  }, [newestId]);

  if (sessionId === null) {
    return (
      <Text c="dimmed" size="sm">
        No active session
      </Text>
    );
  }
  if (query.isLoading) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label="Loading communications" />
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
  if (messages.length === 0) {
    return (
      <Stack align="center" gap={4} py="md" data-testid="comms-empty">
        <IconMessages size={28} aria-hidden color="var(--mantine-color-dimmed)" />
        <Text c="dimmed" size="sm">
          No communications yet
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
      aria-label="Communications"
    >
      <Stack gap={compact ? 4 : 'xs'} role="log" aria-live="polite" aria-relevant="additions" data-testid="comms-feed">
        {messages.map((m) => (
          <MessageItem key={m.id} message={m} compact={compact} />
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}
