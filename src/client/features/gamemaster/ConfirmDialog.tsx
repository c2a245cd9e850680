// A yes/no confirmation for destructive Mission HQ actions (End, Clear all).
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useShownWhileClosing } from '../../lib/useShownWhileClosing';

type Props = {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  pending?: boolean;
};

export function ConfirmDialog({ opened, title, message, confirmLabel, onConfirm, onClose, pending }: Props) {
  // Its words stay while it fades out: callers clear the item they name as it closes.
  const shownTitle = useShownWhileClosing(opened ? title : null) ?? title;
  const shownMessage = useShownWhileClosing(opened ? message : null) ?? message;
  return (
    <Modal opened={opened} onClose={onClose} title={shownTitle} centered>
      <Stack>
        <Text>{shownMessage}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button
            color="red.8"
            loading={pending}
            onClick={() => {
              onConfirm();
              onClose();
            }}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
