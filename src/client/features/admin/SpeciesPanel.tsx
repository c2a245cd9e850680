import { Badge, Button, Card, Group, Loader, Stack, Text, } from '@mantine/core';
import { IconCube, IconPlus, } from '@tabler/icons-react';
import { useState } from 'react';
import { trpc } from '../../trpc';
import { ADMIN_FAILURE, ADMIN_SUCCESS, notifyFailure, notifySuccess } from './adminNotices';
import { ConfirmModal } from './ConfirmModal';
import { RowActions } from './RowActions';
import { SpeciesFormModal } from './SpeciesFormModal';
import type { Species } from './types';

export const RARITY_COLOURS: Record<string, string> = {
  common: 'gray',
  uncommon: 'green',
  rare: 'blue',
  epic: 'grape',
  legendary: 'orange',
};

export function SpeciesPanel() {
  const utils = trpc.useUtils();
  const { data: species, isLoading } = trpc.admin.speciesList.useQuery();
  const [dialog, setDialog] = useState<{ species: Species | null } | null>(null);
  const [toDelete, setToDelete] = useState<Species | null>(null);
  const remove = trpc.admin.speciesDelete.useMutation({
    onSuccess: async () => {
      notifySuccess(ADMIN_SUCCESS.speciesDeleted);
      setToDelete(null);
      await utils.admin.invalidate();
    },
    onError: (error) => {
      setToDelete(null);
      notifyFailure(ADMIN_FAILURE.deleteSpecies, error);
    },
  });

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fw={700}>Dinosaur Species</Text>
        <Button leftSection={<IconPlus size={16} />} size="xs" onClick={() => setDialog({ species: null })}>
          Add Species
        </Button>
      </Group>
      {isLoading && <Loader size="sm" />}
      {species?.length === 0 && <Text c="dimmed">No species yet.</Text>}
      {species?.map((s) => (
        <Card key={s.id} withBorder padding="sm" data-testid="species-row">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {s.name}
              </Text>
              {s.scientificName && (
                <Text size="xs" c="dimmed" fs="italic" style={{ overflowWrap: 'anywhere' }}>
                  {s.scientificName}
                </Text>
              )}
              <Group gap={4} mt={6}>
                {s.rarity && (
                  <Badge size="xs" color={RARITY_COLOURS[s.rarity] ?? 'gray'}>
                    {s.rarity}
                  </Badge>
                )}
                {s.dietType && (
                  <Badge size="xs" variant="light">
                    {s.dietType}
                  </Badge>
                )}
                <Badge size="xs" variant="outline" color="gray">
                  HP {s.health}
                </Badge>
                <Badge size="xs" variant="outline" color="gray">
                  {Math.round(s.captureRate * 100)}% rate
                </Badge>
                {s.modelUrl && (
                  <Badge size="xs" variant="light" color="teal" leftSection={<IconCube size={10} style={{ display: 'block' }} />}>
                    3D model
                  </Badge>
                )}
              </Group>
            </div>
            <RowActions name={s.name} onEdit={() => setDialog({ species: s })} onDelete={() => setToDelete(s)} />
          </Group>
        </Card>
      ))}
      <SpeciesFormModal opened={dialog !== null} species={dialog?.species ?? null} onClose={() => setDialog(null)} />
      <ConfirmModal
        opened={toDelete !== null}
        title="Delete Species"
        message={`Delete species "${toDelete?.name ?? ''}"? This cannot be undone.`}
        loading={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate({ id: toDelete.id })}
      />
    </Stack>
  );
}
