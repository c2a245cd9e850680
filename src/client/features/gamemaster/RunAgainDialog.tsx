// Run a past hunt again (issue 26, helper hunts; decision 821): a new session with the same
// play area, no-go zones, dinosaurs, mission and duration. Only a new name and password are asked.
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { RunAgainBody } from '../../../domain/hunt-archive-schemas';
import { fieldErrors, isUnauthorized } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../trpc';
import { SessionPasswordField } from './SessionPasswordField';
import { teamSettingsSummary } from '../teams/teamModeLabel';
import { HQ_FAILURE, HQ_SUCCESS, notifyHqFailure, serverReason } from './hqNotices';
import type { HqSession } from './types';

type Props = { source: HqSession | null; onClose: () => void; onCreated: (session: HqSession) => void };

export function RunAgainDialog({ source, onClose, onCreated }: Props) {
  return (
    <Modal opened={source !== null} onClose={onClose} title="Run this hunt again" centered>
      {source && <RunAgainForm source={source} onClose={onClose} onCreated={onCreated} />}
    </Modal>
  );
}

function RunAgainForm({ source, onClose, onCreated }: { source: HqSession; onClose: () => void; onCreated: (s: HqSession) => void }) {
  const utils = trpc.useUtils();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    // The hunt's own name: its hunters know it (issue #46); the game master may change it.
    initialValues: { name: source.name, password: '' },
    validate: schemaResolver(RunAgainBody, { sync: true }),
  });
  const run = trpc.hunts.runAgain.useMutation({
    onSuccess: async (session) => {
      // A meeting point far from the hunt is not copied (issue #46): the copy is private until one is placed.
      const pointLeft = source.isPublic && !session.isPublic;
      notify({
        title: HQ_SUCCESS.created,
        description: pointLeft
          ? `"${session.name}" is ready with the same layout. Its old meeting point was far from the hunt, so it is private: place a meeting point with Make public.`
          : `"${session.name}" is ready with the same layout: check it, then start it.`,
      });
      await Promise.all([utils.sessions.list.invalidate(), utils.billing.userSubscription.invalidate()]);
      onCreated(session);
      onClose();
    },
    onError: (error) => {
      if (isUnauthorized(error)) return;
      form.setErrors(fieldErrors(error));
      const reason = serverReason(error, HQ_FAILURE.create);
      setProblem(reason);
      notifyHqFailure(error, HQ_FAILURE.createTitle, reason);
    },
  });
  return (
    <form
      noValidate
      aria-label="Run this hunt again"
      onSubmit={form.onSubmit((values) => run.mutate({ id: source.id, ...RunAgainBody.parse(values) }))}
    >
      <Stack gap="sm">
        <Text size="sm">
          A new session with the play area, no-go zones, dinosaurs, mission and duration ({source.duration} min) of{' '}
          <b>{source.name}</b>. It counts toward your plan like any new session.
        </Text>
        <Text size="sm" data-testid="run-again-teams">
          Teams: {teamSettingsSummary(source)}. The teams themselves start empty; change the settings in the Teams panel before the start.
        </Text>
        <TextInput label="Session Name" required data-autofocus key={form.key('name')} {...form.getInputProps('name')} />
        <SessionPasswordField
          key={form.key('password')}
          {...form.getInputProps('password')}
          onGenerate={(password) => form.setFieldValue('password', password)}
        />
        {problem && (
          <Alert color="red" variant="light">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={run.isPending}>
            Create session
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
