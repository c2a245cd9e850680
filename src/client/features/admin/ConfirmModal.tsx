import { Button, Group, Modal, Text } from '@mantine/core';

type Props = {
  opened: boolean;
  title: string;
  /** The exact question shown (the spec's confirmation texts). */
  message: string;
  confirmLabel?: string;
  /** The confirm button's colour: red (destructive) unless said otherwise. */
  confirmColor?: string;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** A destructive confirmation with the exact text, Cancel focused first. */
export function ConfirmModal({
  opened,
  title,
  message,
  confirmLabel = 'Delete',
  confirmColor = 'red',
  loading,
  onConfirm,
  onCancel,
}: Props) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Text mb="lg">{message}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} data-autofocus>
          Cancel
        </Button>
        <Button color={confirmColor} onClick={onConfirm} loading={loading}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
