// The six quick actions (spec section 1/2): one tap sends the action; the server
// stores its standard text. Mark Location carries the current position (the
// server falls back to the last reported one when there is none).
import { Button, SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import { QUICK_ACTIONS } from '../../../domain/rules';
import { notify } from '../../lib/notify';
import { trpc } from '../../trpc';
import { notifyNoSession, notifySendFailure } from './commsNotices';
import { QUICK_ACTION_ICONS, QUICK_ACTION_LABELS, type QuickActionName } from './quickActionCatalogue';
import type { LatLng, MessageType, RecipientType } from './types';
import { useAddSentMessage } from './useAddSentMessage';

export type QuickActionsProps = {
  sessionId: number | null;
  location: LatLng | null;
  /** Stored as quick_action whatever is given; kept for the screens' contract. */
  messageType?: MessageType;
  /** Hunters radio headquarters. */
  recipientType?: RecipientType;
  /**
   * The hunter's team (issue 42): the actions go to the team's channel, which the teammates and
   * headquarters read, each with the hunter's position so a teammate knows where to go.
   */
  teamId?: number | null;
};

export function QuickActions({ sessionId, location, messageType, recipientType = 'headquarters', teamId = null }: QuickActionsProps) {
  const addSent = useAddSentMessage(sessionId);
  const [sending, setSending] = useState<QuickActionName | null>(null);
  const send = trpc.comms.send.useMutation({
    onSuccess: (message) => {
      addSent(message);
      if (message.quickAction) notify({ title: `${QUICK_ACTION_LABELS[message.quickAction]} sent` });
    },
    onError: (error) => notifySendFailure(error),
    onSettled: () => setSending(null),
  });

  // Held back offline, an action waits in the feed as pending: the buttons stay usable.
  const busy = send.isPending && !send.isPaused;
  const trigger = (action: QuickActionName) => {
    if (busy) return;
    if (sessionId === null) {
      notifyNoSession();
      return;
    }
    setSending(action);
    const withLocation = action === 'mark_location' || teamId !== null;
    send.mutate({
      id: sessionId,
      quickAction: action,
      messageType,
      ...(teamId !== null ? { recipientType: 'team' as const, teamId } : { recipientType }),
      ...(withLocation && location ? { location: { lat: location.lat, lng: location.lng } } : {}),
    });
  };

  return (
    <SimpleGrid cols={2} spacing="xs" role="group" aria-label="Quick actions">
      {QUICK_ACTIONS.map((action) => {
        const Icon = QUICK_ACTION_ICONS[action];
        const emergency = action === 'emergency_exit';
        return (
          <Button
            key={action}
            h={56}
            radius="md"
            // Emergency Exit stands apart: solid red where the others are outlined.
            variant={emergency ? 'filled' : 'default'}
            color={emergency ? 'red.9' : undefined}
            leftSection={<Icon size={20} aria-hidden />}
            px={8}
            loading={busy && sending === action}
            disabled={busy && sending !== action}
            onClick={() => trigger(action)}
            // 'Emergency' whole on a 320 px phone (issue #46): a narrow inset and icon gap.
            styles={{ label: { whiteSpace: 'normal', lineHeight: 1.15, textAlign: 'left' }, section: { marginInlineEnd: 6 } }}
            fz="sm"
            fw={700}
            data-quick-action={action}
          >
            {QUICK_ACTION_LABELS[action]}
          </Button>
        );
      })}
    </SimpleGrid>
  );
}
