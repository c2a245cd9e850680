// The edit of a session's team settings at Mission HQ (issue 42): a one-line summary, and behind
// "Edit" the same fields as the create form. The mode changes only before the start (the server says
// so when asked later); size and the switch rule may change while the hunt runs.
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { fieldErrors, isUnauthorized } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../trpc';
import { type TeamSettings, TeamModeFields } from '../teams/TeamModeFields';
import { teamSettingsSummary } from '../teams/teamModeLabel';
import { notifyHqFailure, serverReason } from './hqNotices';
import type { HqSession } from './types';

const settingsOf = (s: HqSession): TeamSettings => ({ teamMode: s.teamMode, maxTeamSize: s.maxTeamSize, teamSwitchAfterStart: s.teamSwitchAfterStart });

export function TeamSettingsEditor({ session }: { session: HqSession }) {
  const [editing, setEditing] = useState<TeamSettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const save = trpc.teams.settings.useMutation({
    onSuccess: async () => {
      setEditing(null);
      setError(null);
      notify({ title: 'Team settings saved' });
      await Promise.all([utils.sessions.get.invalidate({ id: session.id }), utils.teams.list.invalidate({ id: session.id })]);
    },
    onError: (e) => {
      if (isUnauthorized(e)) return;
      const reason = serverReason(e, 'The team settings could not be saved');
      setError(fieldErrors(e).maxTeamSize ?? reason);
      notifyHqFailure(e, 'Team settings not saved', reason);
    },
  });
  const ended = session.status === 'completed';
  if (!editing) {
    return (
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" data-testid="team-settings-summary">
          {teamSettingsSummary(settingsOf(session))}
        </Text>
        {!ended && (
          <Button size="compact-sm" variant="light" leftSection={<IconSettings size={14} aria-hidden />} onClick={() => setEditing(settingsOf(session))}>
            Edit team settings
          </Button>
        )}
      </Group>
    );
  }
  return (
    <form
      noValidate
      aria-label="Team settings"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ id: session.id, ...editing });
      }}
    >
      <Stack gap="xs">
        <TeamModeFields
          value={editing}
          onChange={(next) => {
            setEditing(next);
            setError(null);
          }}
          maxPlayers={session.maxPlayers}
          error={error}
        />
        {session.status !== 'preparing' && (
          <Text size="xs" c="dark.4">
            The hunt has started: the team mode stays as it is; the size and switching rule may still change.
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={() => setEditing(null)}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save team settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
