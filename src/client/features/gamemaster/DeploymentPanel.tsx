// Deployment: pick a species, then click the Tactical Overview map to place it.
// Shows the n/15 counter, Cancel, and Clear all (confirmed).
import { Alert, Badge, Button, Center, Group, Loader, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCheck, IconPaw, IconTrash, IconX } from '@tabler/icons-react';
import { memo, type ReactNode, useMemo, useState } from 'react';
import { type DeploySelection, type DeploySelectionAction, deployCounter } from '../../../domain/deploy-selection';
import { MAX_DINOSAURS_PER_SESSION } from '../../../domain/rules';
import { speciesMarks } from '../../../domain/species-marks';
import { notify } from '../../lib/notify';
import { trpc } from '../../trpc';
import { RarityBadge } from '../species/RarityBadge';
import { SpeciesIcon } from '../species/SpeciesIcon';
import type { SpeciesLite } from '../species/types';
import { ConfirmDialog } from './ConfirmDialog';
import { HQ_FAILURE, HQ_SUCCESS, notifyHqFailure } from './hqNotices';
import { Panel } from './Panel';
import type { HqSession } from './types';

type Props = {
  session: HqSession | null;
  species: SpeciesLite[];
  speciesLoading: boolean;
  deployedCount: number;
  selection: DeploySelection;
  dispatch: (action: DeploySelectionAction) => void;
};

const LIST_MAX_HEIGHT = 340;

export const DeploymentPanel = memo(function DeploymentPanel({ session, species, speciesLoading, deployedCount, selection, dispatch }: Props) {
  const [clearOpen, setClearOpen] = useState(false);
  const utils = trpc.useUtils();
  const clear = trpc.deploy.clear.useMutation({
    onSuccess: async (answer) => {
      notify({ title: HQ_SUCCESS.cleared, description: `${answer.removed} removed from the map.` });
      if (session) await utils.deploy.list.invalidate({ id: session.id });
    },
    onError: (error) => notifyHqFailure(error, HQ_FAILURE.clear),
  });
  const selected = species.find((s) => s.id === selection.speciesId) ?? null;
  // The marks the map's markers show (never two alike), so a row and its markers read the same.
  const marks = useMemo(() => speciesMarks(species), [species]);
  const full = deployedCount >= MAX_DINOSAURS_PER_SESSION;
  const ended = session?.status === 'completed';

  return (
    <DeploymentFrame session={session} deployedCount={deployedCount} full={full}>
      <Stack gap="sm">
        {selected ? (
          <Alert color="blue" variant="light" p="xs" data-testid="deploy-selection">
            <Group justify="space-between" wrap="nowrap" gap="xs" align="center">
              <Text size="sm" style={{ flex: 1, minWidth: 0 }}>
                <b>{selected.name}</b> selected: click the map to deploy it.
              </Text>
              <Button size="xs" variant="default" leftSection={<IconX size={14} />} onClick={() => dispatch({ type: 'cancel' })} style={{ flexShrink: 0 }}>
                Cancel
              </Button>
            </Group>
          </Alert>
        ) : (
          <Text size="sm" c="dimmed">
            {session ? 'Select a species, then click the map to deploy it.' : 'Select or create a session to deploy dinosaurs.'}
          </Text>
        )}
        {speciesLoading ? (
          <Center py="md">
            <Loader size="sm" role="status" aria-label="Loading species" />
          </Center>
        ) : species.length === 0 ? (
          <Text size="sm" c="dimmed">
            No species in the catalogue yet.
          </Text>
        ) : (
          <ScrollArea.Autosize mah={LIST_MAX_HEIGHT} type="auto" offsetScrollbars>
            <Stack gap={6} role="group" aria-label="Species">
              {species.map((s) => (
                <SpeciesRow
                  mark={marks.get(s.id)}
                  key={s.id}
                  species={s}
                  selected={s.id === selection.speciesId}
                  disabled={!session || ended}
                  onSelect={() => dispatch({ type: 'select', speciesId: s.id })}
                />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
        {deployedCount === 0 && session && (
          <Text size="sm" c="dimmed" data-testid="no-dinosaurs">
            No dinosaurs deployed yet.
          </Text>
        )}
        <Group justify="flex-end">
          <Button
            variant="outline"
            color="red.8"
            size="xs"
            leftSection={<IconTrash size={14} />}
            disabled={!session || deployedCount === 0}
            loading={clear.isPending}
            onClick={() => setClearOpen(true)}
          >
            Clear all
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={clearOpen}
        title="Clear all dinosaurs?"
        message={`Remove all ${deployedCount} dinosaurs from "${session?.name ?? ''}"? Hunters will no longer see them.`}
        confirmLabel="Clear all"
        onConfirm={() => session && clear.mutate({ id: session.id })}
        onClose={() => setClearOpen(false)}
      />
    </DeploymentFrame>
  );
});

/** The panel with its n/15 counter. */
function DeploymentFrame({ children, session, deployedCount, full }: { children: ReactNode; session: HqSession | null; deployedCount: number; full: boolean }) {
  return (
    <Panel
      title="Deployment"
      icon={<IconPaw size={20} aria-hidden />}
      testId="deployment"
      aside={
        session ? (
          <Badge size="lg" variant={full ? 'filled' : 'light'} color={full ? 'red.8' : 'jungle'} data-testid="deploy-counter" aria-label={`${deployedCount} of ${MAX_DINOSAURS_PER_SESSION} dinosaurs deployed`}>
            {deployCounter(deployedCount)}
          </Badge>
        ) : null
      }
    >
      {children}
    </Panel>
  );
}

function SpeciesRow({
  species,
  mark,
  selected,
  disabled,
  onSelect,
}: { species: SpeciesLite; mark: string | undefined; selected: boolean; disabled: boolean; onSelect: () => void }) {
  return (
    <UnstyledButton
      onClick={onSelect}
      disabled={disabled}
      aria-pressed={selected}
      // No aria-label: the name is the visible text (name, rarity, diet), so speech and voice control agree.
      data-testid="species-option"
      p={6}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        border: `2px solid ${selected ? 'var(--mantine-color-blue-7)' : 'var(--mantine-color-gray-3)'}`,
        background: selected ? 'var(--mantine-color-blue-0)' : undefined,
        opacity: disabled ? 0.6 : 1,
        cursor: disabled ? 'not-allowed' : 'pointer',
      }}
    >
      <Group gap="sm" wrap="nowrap">
        <SpeciesIcon species={species} size={36} mark={mark} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={700} size="sm" truncate="end">
            {species.name}
          </Text>
          <Group gap={6}>
            <RarityBadge rarity={species.rarity} size="xs" />
            {species.dietType && (
              <Text size="xs" c="dimmed" tt="capitalize">
                {species.dietType}
              </Text>
            )}
          </Group>
        </Stack>
        {selected && <IconCheck size={20} color="var(--mantine-color-blue-7)" aria-hidden />}
      </Group>
    </UnstyledButton>
  );
}
