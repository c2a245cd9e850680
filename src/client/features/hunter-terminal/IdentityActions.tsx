// The terminal header's Logout and "Start over as a new hunter" (the spec's reset
// hunter identity), each confirmed in a player's words before anything happens
// (decision 740). A guest's browser keeps a hunter key across logout, so logging
// out and joining again with the same handle is the same hunter with the same
// darts and observations; starting over forgets that hunter on this browser.
import { ActionIcon } from '@mantine/core';
import { IconLogout, IconUserX } from '@tabler/icons-react';
import { type ComponentProps, useState } from 'react';
import { lazyChunk, LazyDialogView } from '../../components/LazyChunk';
import { LazyTooltip } from '../../components/LazyTooltip';
import { useLogout } from '../auth/useLogout';
import { useCurrentUser } from '../auth/useCurrentUser';
import type { IdentityDialogs } from './IdentityDialogs';

// The confirmations' code (modal, focus trap) arrives on a finger on either button (decision 850).
type DialogsProps = ComponentProps<typeof IdentityDialogs> & { opened: boolean };
const identityDialogs = lazyChunk<DialogsProps>(() => import('./IdentityDialogs').then((m) => m.IdentityDialogs));
const LazyIdentityDialogs = (props: DialogsProps) => <LazyDialogView chunk={identityDialogs} what="The confirmation" props={props} />;

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
        <LazyTooltip label="Start over as a new hunter">
          <ActionIcon size={48} variant="subtle" color="gray.0" aria-label="Start over as a new hunter" onPointerDown={identityDialogs.preload} onClick={() => setDialog('reset')}>
            <IconUserX size={24} aria-hidden />
          </ActionIcon>
        </LazyTooltip>
      )}
      <LazyTooltip label="Logout">
        <ActionIcon size={48} variant="subtle" color="gray.0" aria-label="Logout" onPointerDown={identityDialogs.preload} onClick={() => setDialog('logout')}>
          <IconLogout size={24} aria-hidden />
        </ActionIcon>
      </LazyTooltip>

      <LazyIdentityDialogs
        opened={dialog !== null}
        dialog={dialog}
        sessionName={sessionName}
        name={name}
        guest={guest}
        leaving={leaving}
        close={close}
        leave={(forget) => void leave(forget)}
      />
    </>
  );
}
