import { Button, Group, Modal, Text } from '@mantine/core';
import { useShownWhileClosing } from '../../lib/useShownWhileClosing';

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
  // Its words stay while it fades out: callers clear the item they name as it closes.
  const shownTitle = useShownWhileClosing(opened ? title : null) ?? title;
  const shownMessage = useShownWhileClosing(opened ? message : null) ?? message;
  const shownLabel = useShownWhileClosing(opened ? confirmLabel : null) ?? confirmLabel;
  const shownColor = useShownWhileClosing(opened ? confirmColor : null) ?? confirmColor;
  return (
    <Modal opened={opened} onClose={onCancel} title={shownTitle} centered>
      <Text mb="lg">{shownMessage}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} data-autofocus>
          Cancel
        </Button>
        <Button color={shownColor} onClick={onConfirm} loading={loading}>
          {shownLabel}
        </Button>
      </Group>
    </Modal>
  );
}
