// Join Mission (spec, sections 2, 5 and 8): Session Name and Session Password, both
// required; the server finds the session by name (or its ID, decision 740) and
// checks the password (the client never sees a session's password).
import { Button, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SESSION_MESSAGES } from '../../../domain/session-schemas';
import { PasswordField } from '../../components/PasswordField';
import { errorMessage, errorStatus, isUnauthorized } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../trpc';

export const JOIN_FAILED = 'Session not found or invalid password';
const JOIN_FALLBACK = 'Failed to join session';

export function JoinMissionDialog({
  opened,
  onClose,
  onJoined,
}: {
  opened: boolean;
  onClose: () => void;
  onJoined: (session: { sessionId: number; sessionName: string }) => void;
}) {
  const utils = trpc.useUtils();
  const form = useForm({
    initialValues: { sessionName: '', password: '' },
    validate: {
      sessionName: (v) => (v.trim() ? null : SESSION_MESSAGES.joinNameRequired),
      password: (v) => (v.trim() ? null : SESSION_MESSAGES.joinPasswordRequired),
    },
  });
  const join = trpc.sessions.joinByName.useMutation({
    onSuccess: async (joined) => {
      notify({ title: `Joined session: ${joined.sessionName}` });
      form.reset();
      await utils.sessions.list.invalidate();
      onJoined(joined);
    },
    onError: (error) => {
      if (isUnauthorized(error)) return;
      // 404 is the spec's 'Session not found or invalid password'; a full or ended session says why.
      const description = errorStatus(error) === 404 ? JOIN_FAILED : errorMessage(error, JOIN_FALLBACK);
      notify({ title: 'Error', description, variant: 'destructive' });
    },
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Join Mission" centered>
      <form
        onSubmit={form.onSubmit((v) => {
          if (join.isPending) return;
          join.mutate({ sessionName: v.sessionName, password: v.password });
        })}
        noValidate
      >
        <Stack gap="md">
          <TextInput
            // The spec's label; its ID works too (decision 740), which the description says.
            label="Session Name"
            description="Or the session's ID, as your GameMaster gave it (e.g. Lunch Hunt or 12)"
            required
            size="md"
            autoComplete="off"
            data-autofocus
            {...form.getInputProps('sessionName')}
          />
          <PasswordField label="Session Password" required size="md" autoComplete="off" {...form.getInputProps('password')} />
          <Button type="submit" size="lg" loading={join.isPending}>
            Join Mission
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
