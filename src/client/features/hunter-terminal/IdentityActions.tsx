// The terminal header's Logout and "Start over as a new hunter" (the spec's reset
// hunter identity), each confirmed in a player's words before anything happens
// (decision 740). A guest's browser keeps a hunter key across logout, so logging
// out and joining again with the same handle is the same hunter with the same
// darts and observations; starting over forgets that hunter on this browser.
import { ActionIcon, Button, Group, List, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconLogout, IconUserX } from '@tabler/icons-react';
import { useState } from 'react';
import { useLogout } from '../auth/useLogout';
import { useCurrentUser } from '../auth/useCurrentUser';

type Props = { sessionName: string; handle: string | null };
type Dialog = 'logout' | 'reset' | null;

export function IdentityActions({ sessionName, handle }: Props) {
  const logout = useLogout();
  const { user } = useCurrentUser();
  const guest = user?.isGuest ?? false;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [leaving, setLeaving] = useState(false);
  const name = handle ?? 'your hunter';
  const close = () => {
    if (!leaving) setDialog(null);
  };
  const leave = async (forgetHunter: boolean) => {
    setLeaving(true);
    try {
      await logout({ forgetHunter });
    } finally {
      setLeaving(false);
    }
  };

  return (
    <>
      {guest && (
        <Tooltip label="Start over as a new hunter">
          <ActionIcon size={48} variant="subtle" color="gray.0" aria-label="Start over as a new hunter" onClick={() => setDialog('reset')}>
            <IconUserX size={24} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      <Tooltip label="Logout">
        <ActionIcon size={48} variant="subtle" color="gray.0" aria-label="Logout" onClick={() => setDialog('logout')}>
          <IconLogout size={24} aria-hidden />
        </ActionIcon>
      </Tooltip>

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
            <Button color="red.8" loading={leaving} onClick={() => void leave(false)}>
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
            <Button color="red.8" loading={leaving} onClick={() => void leave(true)}>
              Forget {name}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
