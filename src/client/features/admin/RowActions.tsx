import { Button, Group } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';

/**
 * The Edit and Delete buttons at the end of a catalogue row: visible labels (issue 23),
 * and accessible names that add the row's name for screen readers.
 */
export function RowActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Button size="compact-sm" variant="default" leftSection={<IconPencil size={16} aria-hidden />} aria-label={`Edit ${name}`} onClick={onEdit}>
        Edit
      </Button>
      <Button size="compact-sm" variant="outline" color="red.8" leftSection={<IconTrash size={16} aria-hidden />} aria-label={`Delete ${name}`} onClick={onDelete}>
        Delete
      </Button>
    </Group>
  );
}
