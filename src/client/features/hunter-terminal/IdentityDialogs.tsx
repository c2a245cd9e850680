// The terminal header's two confirmations (IdentityActions), loaded on first use with the modal code
// (decision 850).
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';

type Props = {
  dialog: 'logout' | 'reset' | null;
  sessionName: string;
  name: string;
  guest: boolean;
  leaving: boolean;
  close: () => void;
  leave: (forgetHunter: boolean) => void;
};

export function IdentityDialogs({ dialog, sessionName, name, guest, leaving, close, leave }: Props) {
  return (
    <>
      <Modal opened={dialog === 'logout'} onClose={close} title={`Log out of ${sessionName}?`} centered data-testid="logout-dialog">
        <Stack gap="sm">
          {guest ? (
            <>
              <Text>
                <b>{name}</b> stays in the hunt with its darts and observations.
              </Text>
              <Text>
                To come back as {name}, join again <b>from this phone</b> with the session name, its password and the
                handle <b>{name}</b>.
              </Text>
            </>
          ) : (
            <Text>Your progress stays with your account. Sign in again to come back to this hunt.</Text>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close} data-autofocus disabled={leaving}>
              Stay in the hunt
            </Button>
            <Button color="red.8" loading={leaving} onClick={() => leave(false)}>
              Log out
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal opened={dialog === 'reset'} onClose={close} title="Start over as a new hunter?" centered data-testid="reset-dialog">
        <Stack gap="sm">
          <Text>For handing this phone to another player. This phone then:</Text>
          <List spacing={4}>
            <List.Item>forgets {name} and logs out;</List.Item>
            <List.Item>
              keeps {name}'s results in the hunt, but nobody can play as {name} again, not even from this phone.
            </List.Item>
          </List>
          <Text>The next player joins with their own handle.</Text>
          <Text size="sm" c="dimmed">
            Only leaving for a while? Use Logout instead: you can come back as {name}.
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close} data-autofocus disabled={leaving}>
              Keep playing
            </Button>
            <Button color="red.8" loading={leaving} onClick={() => leave(true)}>
              Forget {name}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
