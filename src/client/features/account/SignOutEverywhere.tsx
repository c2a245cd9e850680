// "Sign out everywhere" (issue #14): every sign-in of the account ends, on every
// device, this one included, and their live connections close at once.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDevicesOff } from '@tabler/icons-react';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../trpc';

export function SignOutEverywhere() {
  const [opened, { open, close }] = useDisclosure(false);
  const signOut = trpc.auth.logoutEverywhere.useMutation();

  const confirm = async () => {
    try {
      await signOut.mutateAsync();
    } catch (error) {
      notify({ title: 'Sign Out Failed', description: errorMessage(error), variant: 'destructive' });
      return;
    }
    localStorage.clear();
    sessionStorage.clear();
    // A full load: nothing of the signed-in user survives in memory.
    window.location.assign('/login');
  };

  return (
    <Stack gap="sm">
      <Text size="sm">
        Lost a phone, or signed in on a shared computer? End every sign-in of this account, on every device, this one
        included.
      </Text>
      <Button color="red" variant="outline" size="md" leftSection={<IconDevicesOff size={18} aria-hidden />} onClick={open}>
        Sign Out Everywhere
      </Button>
      <Modal opened={opened} onClose={close} title="Sign out everywhere?" centered>
        <Stack>
          <Text size="sm">Every sign-in of this account ends, on every device, this one included. You will sign in again.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button color="red" loading={signOut.isPending} onClick={() => void confirm()}>
              Sign Out Everywhere
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
