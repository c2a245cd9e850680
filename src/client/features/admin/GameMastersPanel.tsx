import { Badge, Button, Card, Group, Loader, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { IconCoins, IconDevicesOff, IconMailForward, IconTrash, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useState } from 'react';
import { parseCreditsPrompt } from '../../../domain/catalogue-schemas';
import { DEFAULT_CREDITS_PROMPT } from '../../../domain/rules';
import { useShownWhileClosing } from '../../lib/useShownWhileClosing';
import { trpc } from '../../trpc';
import { ADMIN_FAILURE, ADMIN_SUCCESS, notifyFailure, notifySuccess } from './adminNotices';
import { AccountStatusModal } from './AccountStatusModal';
import { ConfirmModal } from './ConfirmModal';
import { accountName as displayName, isSuspended } from './accountName';
import type { GameMaster } from './types';

/** The numeric prompt (default 5): only a positive whole number acts; anything else does nothing. */
function AddCreditsModal({ gameMaster, onClose }: { gameMaster: GameMaster | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const [value, setValue] = useState<string | number>(DEFAULT_CREDITS_PROMPT);
  const add = trpc.admin.creditsAdd.useMutation({
    onSuccess: async () => {
      notifySuccess(ADMIN_SUCCESS.creditsAdded);
      await utils.admin.invalidate();
    },
    onError: (error) => notifyFailure(ADMIN_FAILURE.addCredits, error),
  });
  const close = () => {
    setValue(DEFAULT_CREDITS_PROMPT);
    onClose();
  };
  const shown = useShownWhileClosing(gameMaster);
  const confirm = () => {
    const credits = parseCreditsPrompt(value);
    if (gameMaster && credits !== null) add.mutate({ id: gameMaster.id, credits });
    close();
  };
  return (
    <Modal opened={gameMaster !== null} onClose={close} title="Add Credits" centered size="sm">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          confirm();
        }}
      >
        <Stack>
          <NumberInput
            label={`How many session credits to add to ${shown ? displayName(shown) : ''}?`}
            value={value}
            onChange={setValue}
            clampBehavior="none"
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit">OK</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function GameMastersPanel() {
  const utils = trpc.useUtils();
  const { data: gameMasters, isLoading } = trpc.admin.gameMastersList.useQuery();
  const [crediting, setCrediting] = useState<GameMaster | null>(null);
  const [toDelete, setToDelete] = useState<GameMaster | null>(null);
  const [toSignOut, setToSignOut] = useState<GameMaster | null>(null);
  const [toChangeStatus, setToChangeStatus] = useState<GameMaster | null>(null);
  const signOut = trpc.admin.userSignOut.useMutation({
    onSuccess: () => notifySuccess(ADMIN_SUCCESS.signInsEnded),
    onError: (error) => notifyFailure(ADMIN_FAILURE.endSignIns, error),
    onSettled: () => setToSignOut(null),
  });
  const resend = trpc.admin.userResendVerification.useMutation({
    onSuccess: () => notifySuccess('Confirmation link sent'),
    onError: (error) => notifyFailure('Link not sent', error),
  });
  const remove = trpc.admin.userDelete.useMutation({
    onSuccess: async () => {
      notifySuccess(ADMIN_SUCCESS.gameMasterDeleted);
      setToDelete(null);
      await utils.admin.invalidate();
    },
    onError: (error) => {
      setToDelete(null);
      notifyFailure(ADMIN_FAILURE.deleteGameMaster, error);
    },
  });

  return (
    <Stack gap="sm">
      <Text fw={700}>GameMaster Management</Text>
      {isLoading && <Loader size="sm" />}
      {gameMasters?.length === 0 && <Text c="dimmed">No game masters yet.</Text>}
      {gameMasters?.map((g) => (
        <Card key={g.id} withBorder padding="sm" data-testid="gamemaster-row">
          <Group justify="space-between" wrap="wrap" align="flex-start" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {displayName(g)}
              </Text>
              {g.username && (
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  @{g.username}
                </Text>
              )}
              {/* Its own line, wrapping anywhere: a long address is read whole, even at 360 px. */}
              {g.email && (
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="gamemaster-email">
                  {g.email}
                </Text>
              )}
              <Group gap={4} mt={6}>
                <Badge size="xs" color="yellow" leftSection={<IconCoins size={10} />} data-testid="gamemaster-credits">
                  {g.sessionCredits} credits
                </Badge>
                <Badge
                  size="xs"
                  variant="light"
                  color={g.accountStatus === 'active' ? 'green' : isSuspended(g) ? 'red' : 'gray'}
                  data-testid="gamemaster-status"
                >
                  {g.accountStatus}
                </Badge>
                {!g.emailVerified && (
                  <Badge size="xs" variant="light" color="amber" data-testid="gamemaster-unconfirmed">
                    address not confirmed
                  </Badge>
                )}
              </Group>
            </div>
            {/* Labelled actions (issue 23): the name says what each does, not an icon alone. */}
            <Group gap={4} wrap="wrap" justify="flex-end">
              <Button size="compact-sm" variant="default" leftSection={<IconCoins size={16} aria-hidden />} aria-label={`Add credits to ${displayName(g)}`} onClick={() => setCrediting(g)}>
                Add credits
              </Button>
              {!g.emailVerified && (
                <Button
                  size="compact-sm"
                  variant="default"
                  leftSection={<IconMailForward size={16} aria-hidden />}
                  aria-label={`Resend the confirmation link to ${displayName(g)}`}
                  loading={resend.isPending && resend.variables?.id === g.id}
                  onClick={() => resend.mutate({ id: g.id })}
                >
                  Resend confirmation
                </Button>
              )}
              <Button size="compact-sm" variant="default" leftSection={<IconDevicesOff size={16} aria-hidden />} aria-label={`End sign-ins of ${displayName(g)}`} onClick={() => setToSignOut(g)}>
                End sign-ins
              </Button>
              <Button
                size="compact-sm"
                variant="default"
                leftSection={isSuspended(g) ? <IconUserCheck size={16} aria-hidden /> : <IconUserOff size={16} aria-hidden />}
                aria-label={`${isSuspended(g) ? 'Reactivate' : 'Suspend'} ${displayName(g)}`}
                onClick={() => setToChangeStatus(g)}
              >
                {isSuspended(g) ? 'Reactivate' : 'Suspend'}
              </Button>
              <Button size="compact-sm" variant="outline" color="red.8" leftSection={<IconTrash size={16} aria-hidden />} aria-label={`Delete ${displayName(g)}`} onClick={() => setToDelete(g)}>
                Delete
              </Button>
            </Group>
          </Group>
        </Card>
      ))}
      <AddCreditsModal gameMaster={crediting} onClose={() => setCrediting(null)} />
      <AccountStatusModal account={toChangeStatus} kind="GameMaster" onClose={() => setToChangeStatus(null)} />
      <ConfirmModal
        opened={toSignOut !== null}
        title="End Sign-ins"
        confirmLabel="End Sign-ins"
        message={`End every sign-in of ${toSignOut ? displayName(toSignOut) : ''}? They are signed out on every device at once.`}
        loading={signOut.isPending}
        onCancel={() => setToSignOut(null)}
        onConfirm={() => toSignOut && signOut.mutate({ id: toSignOut.id })}
      />
      <ConfirmModal
        opened={toDelete !== null}
        title="Delete GameMaster"
        message={`Delete GameMaster ${toDelete ? displayName(toDelete) : ''}? This cannot be undone.`}
        loading={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate({ id: toDelete.id })}
      />
    </Stack>
  );
}
