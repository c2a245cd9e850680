// Saved layouts (issue 26, helper hunts; decision 822): the game master's own play areas,
// no-go zones and dinosaurs for places they use often. Saved from a session, applied to a
// session that has not started (its layout is replaced), deleted. Owner only, server-side.
import { ActionIcon, Badge, Button, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconLayoutGrid, IconTrash } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { ARCHIVE_MESSAGES } from '../../../domain/hunt-archive-schemas';
import { LAYOUT_NAME_MAX, MAX_LAYOUTS_PER_GM } from '../../../domain/rules';
import { errorMessage, isUnauthorized } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../trpc';
import { ConfirmDialog } from './ConfirmDialog';
import { teamSettingsSummary } from '../teams/teamModeLabel';
import { Panel } from './Panel';
import type { SavedLayout } from './replayTypes';
import type { HqSession } from './types';

const summary = (l: SavedLayout) =>
  [
    l.playArea ? 'play area' : 'no play area',
    `${l.noGoZones.length} no-go ${l.noGoZones.length === 1 ? 'zone' : 'zones'}`,
    `${l.dinosaurs.length} ${l.dinosaurs.length === 1 ? 'dinosaur' : 'dinosaurs'}`,
    // The team rules it applies (issue 42); layouts saved before teams apply none.
    ...(l.teamSettings ? [teamSettingsSummary(l.teamSettings)] : []),
  ].join(' · ');

export const SavedLayouts = memo(function SavedLayouts({ session }: { session: HqSession | null }) {
  const utils = trpc.useUtils();
  const layouts = trpc.hunts.listLayouts.useQuery(undefined);
  const [applying, setApplying] = useState<SavedLayout | null>(null);
  const [deleting, setDeleting] = useState<SavedLayout | null>(null);
  const failed = (title: string) => (error: unknown) => {
    if (!isUnauthorized(error)) notify({ title, description: errorMessage(error), variant: 'destructive' });
  };
  const apply = trpc.hunts.applyLayout.useMutation({
    onSuccess: async (res) => {
      const skipped = res.skippedDinosaurs > 0 ? ` ${res.skippedDinosaurs} dinosaurs of deleted species were left out.` : '';
      notify({ title: 'Layout Applied', description: `${res.dinosaurs} dinosaurs placed.${skipped}` });
      // The session's area, zones and dinosaurs changed: HQ's views of the session read them again.
      await Promise.all([utils.deploy.invalidate(), utils.sessions.invalidate()]);
    },
    onError: failed('Layout Not Applied'),
  });
  const remove = trpc.hunts.deleteLayout.useMutation({
    onSuccess: async () => {
      notify({ title: 'Layout Deleted' });
      await utils.hunts.listLayouts.invalidate();
    },
    onError: failed('Layout Not Deleted'),
  });
  const list = layouts.data ?? [];
  const canApply = session?.status === 'preparing';

  return (
    <Panel
      title="Saved layouts"
      icon={<IconLayoutGrid size={20} aria-hidden />}
      testId="saved-layouts"
      aside={<Badge variant="light">{`${list.length}/${MAX_LAYOUTS_PER_GM}`}</Badge>}
    >
      <Stack gap="sm">
        {session && <SaveLayoutForm sessionId={session.id} sessionName={session.name} />}
        {list.length === 0 ? (
          <Text size="sm" c="dimmed">
            Save a session's play area, no-go zones and dinosaurs to reuse them for a place you play often.
          </Text>
        ) : (
          <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
            {list.map((l) => (
              <Group component="li" key={l.id} justify="space-between" wrap="nowrap" gap="xs" data-testid={`layout-${l.id}`}>
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={700} size="sm" truncate>
                    {l.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {summary(l)}
                  </Text>
                </Stack>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label={canApply ? `Apply to "${session?.name}"` : 'Select a session that has not started to apply a layout'}>
                    <Button size="compact-sm" variant="light" disabled={!canApply} onClick={() => setApplying(l)} aria-label={`Apply layout ${l.name}`}>
                      Apply
                    </Button>
                  </Tooltip>
                  <ActionIcon variant="subtle" color="red.8" onClick={() => setDeleting(l)} aria-label={`Delete layout ${l.name}`}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
      <ConfirmDialog
        opened={applying !== null}
        title="Apply this layout?"
        message={`"${session?.name ?? ''}" takes the play area, no-go zones, dinosaurs and team rules of "${applying?.name ?? ''}": the dinosaurs it has now are removed.`}
        confirmLabel="Apply layout"
        pending={apply.isPending}
        onConfirm={() => applying && session && apply.mutate({ id: session.id, layoutId: applying.id })}
        onClose={() => setApplying(null)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete this layout?"
        message={`"${deleting?.name ?? ''}" will be deleted. Sessions made from it keep their layout.`}
        confirmLabel="Delete layout"
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => setDeleting(null)}
      />
    </Panel>
  );
});

/** A name and a Save button: saves session `sessionId`'s layout (HQ's panel and Past hunts share it). */
export function SaveLayoutForm({ sessionId, sessionName }: { sessionId: number; sessionName: string }) {
  const label = `Save the layout of "${sessionName}"`;
  const utils = trpc.useUtils();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = trpc.hunts.saveLayout.useMutation({
    onSuccess: async (layout) => {
      setName('');
      setError(null);
      notify({ title: 'Layout Saved', description: `"${layout.name}" is in your saved layouts.` });
      await utils.hunts.listLayouts.invalidate();
    },
    onError: (e) => {
      if (!isUnauthorized(e)) setError(errorMessage(e));
    },
  });
  return (
    <form
      noValidate
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim() === '') return setError(ARCHIVE_MESSAGES.layoutNameRequired);
        save.mutate({ sessionId, name });
      }}
    >
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          size="sm"
          label="Layout name"
          description={`Saves the play area, no-go zones, dinosaurs and team rules of "${sessionName}"`}
          placeholder="e.g. City park, north gate"
          maxLength={LAYOUT_NAME_MAX}
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setError(null);
          }}
          error={error}
        />
        <Button type="submit" size="sm" variant="light" loading={save.isPending}>
          Save layout
        </Button>
      </Group>
    </form>
  );
}
