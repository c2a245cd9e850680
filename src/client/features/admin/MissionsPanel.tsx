import { Badge, Button, Card, Group, Loader, Stack, Text, } from '@mantine/core';
import { IconMovie, IconPhoto, IconPlus, } from '@tabler/icons-react';
import { useState } from 'react';
import { useShownWhileClosing } from '../../lib/useShownWhileClosing';
import { trpc } from '../../trpc';
import { ADMIN_FAILURE, ADMIN_SUCCESS, notifyFailure, notifySuccess } from './adminNotices';
import { ConfirmModal } from './ConfirmModal';
import { RowActions } from './RowActions';
import { MissionFormModal } from './MissionFormModal';
import type { Mission } from './types';

/** The spec's badge colours: easy green, medium yellow, hard orange, anything else red. */
export const DIFFICULTY_COLOURS: Record<string, string> = { easy: 'green', medium: 'yellow', hard: 'orange' };

export function MissionsPanel() {
  const utils = trpc.useUtils();
  const { data: missions, isLoading } = trpc.admin.missionsList.useQuery();
  const [dialog, setDialog] = useState<{ mission: Mission | null } | null>(null);
  const shownDialog = useShownWhileClosing(dialog);
  const [toDelete, setToDelete] = useState<Mission | null>(null);
  const remove = trpc.admin.missionDelete.useMutation({
    onSuccess: async () => {
      notifySuccess(ADMIN_SUCCESS.missionDeleted);
      setToDelete(null);
      await utils.admin.invalidate();
    },
    onError: (error) => {
      setToDelete(null);
      notifyFailure(ADMIN_FAILURE.deleteMission, error);
    },
  });

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fw={700}>Missions</Text>
        <Button leftSection={<IconPlus size={16} />} size="xs" onClick={() => setDialog({ mission: null })}>
          Add Mission
        </Button>
      </Group>
      {isLoading && <Loader size="sm" />}
      {missions?.length === 0 && <Text c="dimmed">No missions yet.</Text>}
      {missions?.map((m) => (
        <Card key={m.id} withBorder padding="sm" data-testid="mission-row">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {m.name}
              </Text>
              {m.description && (
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {m.description}
                </Text>
              )}
              <Group gap={4} mt={6}>
                <Badge size="xs" color={m.difficulty ? (DIFFICULTY_COLOURS[m.difficulty] ?? 'red') : 'gray'}>
                  {m.difficulty ?? 'CLASSIFIED'}
                </Badge>
                <Badge size="xs" variant="outline" color="gray">
                  {m.maxPlayers} players
                </Badge>
                {m.duration !== null && (
                  <Badge size="xs" variant="outline" color="gray">
                    {m.duration} min
                  </Badge>
                )}
                {m.objectives.length > 0 && (
                  <Badge size="xs" variant="light">
                    {m.objectives.length} objectives
                  </Badge>
                )}
                {m.coverPhotoUrl && <IconPhoto size={14} aria-label="Has a cover photo" />}
                {m.briefingVideoUrl && <IconMovie size={14} aria-label="Has a briefing video" />}
              </Group>
            </div>
            <RowActions name={m.name} onEdit={() => setDialog({ mission: m })} onDelete={() => setToDelete(m)} />
          </Group>
        </Card>
      ))}
      <MissionFormModal opened={dialog !== null} mission={shownDialog?.mission ?? null} onClose={() => setDialog(null)} />
      <ConfirmModal
        opened={toDelete !== null}
        title="Delete Mission"
        message={`Are you sure you want to delete mission "${toDelete?.name ?? ''}"? This action cannot be undone.`}
        loading={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate({ id: toDelete.id })}
      />
    </Stack>
  );
}
