// Text entry for the radio: Enter sends, Shift+Enter makes a new line, blank text
// is never sent (spec section 5). The game master's Broadcast panel is the same
// composer with messageType 'broadcast'. The field empties as soon as a message
// is taken: offline, the send waits (the feed shows it as pending) and goes when
// the network is back, and the player may type the next one meanwhile.
import { Button, Group, Input, Stack, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { MAX_MESSAGE_LENGTH } from '../../../domain/rules';
import { trpc } from '../../trpc';
import { notifyNoSession, notifySendFailure } from './commsNotices';
import type { MessageType, RecipientType } from './types';
import { useAddSentMessage } from './useAddSentMessage';

export type MessageComposerProps = {
  sessionId: number | null;
  messageType: MessageType;
  recipientType?: RecipientType;
  /** recipientType 'team': the team's channel (headquarters names it; a hunter's is their own). */
  teamId?: number | null;
  /** Visible label of the text field. */
  label: string;
  placeholder?: string;
  /** Text of the send button. */
  sendLabel?: string;
};

export function MessageComposer({
  sessionId,
  messageType,
  recipientType,
  teamId,
  label,
  placeholder = 'Type a message…',
  sendLabel = 'Send',
}: MessageComposerProps) {
  const [text, setText] = useState('');
  const inputId = useId();
  const addSent = useAddSentMessage(sessionId);
  const broadcast = messageType === 'broadcast';
  const send = trpc.comms.send.useMutation({
    onSuccess: (message) => addSent(message),
    onError: (error, input) => {
      notifySendFailure(error, broadcast);
      // Not sent: the text comes back, unless the player has started another.
      setText((current) => (current === '' ? (input.message ?? '') : current));
    },
  });
  // A send held back offline does not block the next one (each waits its turn).
  const busy = send.isPending && !send.isPaused;

  const submit = () => {
    const message = text.trim();
    if (!message || busy) return;
    if (sessionId === null) {
      notifyNoSession();
      return;
    }
    setText('');
    send.mutate({ id: sessionId, message, messageType, recipientType, ...(teamId ? { teamId } : {}) });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // IME composition uses Enter to confirm a word: never send then.
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  return (
    // The label sits above the row, so a long one never squeezes the field beside the button.
    <Stack gap={4}>
      <Input.Label htmlFor={inputId} size="md">
        {label}
      </Input.Label>
      <Group gap="xs" align="flex-end" wrap="nowrap">
      <Textarea
        id={inputId}
        placeholder={placeholder}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={onKeyDown}
        autosize
        minRows={1}
        maxRows={4}
        maxLength={MAX_MESSAGE_LENGTH}
        size="md"
        style={{ flex: 1 }}
        enterKeyHint="send"
      />
      <Button
        h={48}
        px="md"
        radius="md"
        leftSection={<IconSend size={20} aria-hidden />}
        onClick={submit}
        loading={busy}
        disabled={!text.trim()}
      >
        {sendLabel}
      </Button>
      </Group>
    </Stack>
  );
}
