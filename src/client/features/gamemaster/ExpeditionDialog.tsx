// Editing a session's public-expedition settings from Live Players (decision 835).
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import { EXPEDITION_MESSAGES } from '../../../domain/expeditions';
import { fieldErrors, isUnauthorized } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../trpc';
import { ExpeditionFields, type ExpeditionValues } from './ExpeditionFields';
import { notifyHqFailure, serverReason } from './hqNotices';
import type { HqSession } from './types';

// Opened from "Make public" or "Edit expedition": either way the switch starts on (issue #46); turning it off makes it private.
const valuesOf = (s: HqSession): ExpeditionValues => ({ isPublic: true, meetingPoint: s.meetingPoint, meetingNote: s.meetingNote ?? '' });

export function ExpeditionDialog({ session, opened, onClose }: { session: HqSession; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Public expedition" centered size="lg">
      {/* Mounted while open: it starts from the session's current settings each time. */}
      {opened && <ExpeditionEditor session={session} onClose={onClose} />}
    </Modal>
  );
}

function ExpeditionEditor({ session, onClose }: { session: HqSession; onClose: () => void }) {
  const utils = trpc.useUtils();
  const [value, setValue] = useState(() => valuesOf(session));
  const [pointError, setPointError] = useState<string | null>(null);
  const save = trpc.sessions.setExpedition.useMutation({
    onSuccess: async (saved) => {
      notify({ title: saved.isPublic ? 'Expedition is public' : 'Session is private', description: saved.isPublic ? `"${saved.name}" is listed to hunters.` : `"${saved.name}" is joined with its password only.` });
      await Promise.all([utils.sessions.get.invalidate({ id: saved.id }), utils.sessions.list.invalidate()]);
      onClose();
    },
    onError: (error) => {
      if (isUnauthorized(error)) return;
      setPointError(fieldErrors(error).meetingPoint ?? null);
      notifyHqFailure(error, 'Could not save the expedition', serverReason(error, 'Failed to save the expedition'));
    },
  });
  return (
    <Stack>
      <ExpeditionFields
        value={value}
        onChange={(next) => {
          setPointError(null);
          setValue(next);
        }}
        meetingPointError={pointError}
        sessionId={session.id}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          loading={save.isPending}
          onClick={() => {
            if (value.isPublic && !value.meetingPoint) {
              setPointError(EXPEDITION_MESSAGES.meetingPointRequired);
              return;
            }
            save.mutate({ id: session.id, isPublic: value.isPublic, meetingPoint: value.meetingPoint, meetingNote: value.meetingNote });
          }}
        >
          Save
        </Button>
      </Group>
    </Stack>
  );
}
