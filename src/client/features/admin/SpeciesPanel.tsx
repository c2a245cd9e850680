import { Anchor, Badge, Button, Card, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconCube, IconEye, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useShownWhileClosing } from '../../lib/useShownWhileClosing';
import { trpc } from '../../trpc';
import { observationRateLabel } from '../species/observationRate';
import { ADMIN_FAILURE, ADMIN_SUCCESS, notifyFailure, notifySuccess } from './adminNotices';
import { LazyModelViewer } from '../models/LazyModelViewer';
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
  const shownDialog = useShownWhileClosing(dialog);
  const [toDelete, setToDelete] = useState<Species | null>(null);
  const [previewing, setPreviewing] = useState<Species | null>(null);
  const previewed = useShownWhileClosing(previewing);
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
        <Group gap="sm">
          <Text fw={700}>Dinosaur Species</Text>
          <Anchor component={Link} to="/debug-models" size="sm">
            All 3D models
          </Anchor>
        </Group>
        <Button leftSection={<IconPlus size={16} />} size="xs" onClick={() => setDialog({ species: null })}>
          Add Species
        </Button>
      </Group>
      {isLoading && <Loader size="sm" />}
      {species?.length === 0 && <Text c="dimmed">No species yet.</Text>}
      {species?.map((s) => (
        <Card key={s.id} withBorder padding="sm" data-testid="species-row">
          <Group justify="space-between" wrap="wrap" align="flex-start" gap="xs">
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
                  Observation rate {observationRateLabel(s.captureRate)}
                </Badge>
                {s.modelUrl && (
                  <Badge size="xs" variant="light" color="teal" leftSection={<IconCube size={10} style={{ display: 'block' }} />}>
                    3D model
                  </Badge>
                )}
              </Group>
            </div>
            <Group gap={4} wrap="nowrap">
              {s.modelUrl && (
                <Button
                  size="compact-sm"
                  variant="default"
                  leftSection={<IconEye size={16} aria-hidden />}
                  aria-label={`Preview ${s.name} in 3D`}
                  onClick={() => setPreviewing(s)}
                >
                  Preview
                </Button>
              )}
              <RowActions name={s.name} onEdit={() => setDialog({ species: s })} onDelete={() => setToDelete(s)} />
            </Group>
          </Group>
        </Card>
      ))}
      {/* three.js loads only when a preview opens (the viewer is lazy; the modal mounts it on open). */}
      <Modal opened={previewing !== null} onClose={() => setPreviewing(null)} title={previewed ? `${previewed.name}: 3D model` : ''} size="lg" centered>
        {previewed?.modelUrl && (
          <Stack gap="xs" data-testid="species-preview">
            <LazyModelViewer url={previewed.modelUrl} height={360} autoRotate interaction="always" label={`${previewed.name} model`} />
            <Text size="xs" c="dimmed">
              Drag to turn the model, scroll or pinch to zoom.
            </Text>
          </Stack>
        )}
      </Modal>
      <SpeciesFormModal opened={dialog !== null} species={shownDialog?.species ?? null} onClose={() => setDialog(null)} />
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
