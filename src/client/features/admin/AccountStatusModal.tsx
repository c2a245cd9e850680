// Suspend (signed out everywhere, no sign-in) or reactivate one account, after a confirmation (decision 721):
// a game master from the GameMasters tab, any account from the Users tab (issue #46).
import { trpc } from '../../trpc';
import { type Account, accountName, isSuspended } from './accountName';
import { ADMIN_FAILURE, ADMIN_SUCCESS, notifyFailure, notifySuccess } from './adminNotices';
import { ConfirmModal } from './ConfirmModal';

/** 'GameMaster' keeps the GameMasters tab's words; 'account' is any role. */
type Kind = 'GameMaster' | 'account';

export function AccountStatusModal({ account, kind, onClose }: { account: Account | null; kind: Kind; onClose: () => void }) {
  const utils = trpc.useUtils();
  const done = {
    onSettled: async () => {
      onClose();
      await utils.admin.invalidate();
    },
  };
  const gm = kind === 'GameMaster';
  const suspend = trpc.admin.userSuspend.useMutation({
    ...done,
    onSuccess: () => notifySuccess(gm ? ADMIN_SUCCESS.accountSuspended : ADMIN_SUCCESS.userSuspended),
    onError: (error) => notifyFailure(gm ? ADMIN_FAILURE.suspend : ADMIN_FAILURE.suspendUser, error),
  });
  const reactivate = trpc.admin.userReactivate.useMutation({
    ...done,
    onSuccess: () => notifySuccess(gm ? ADMIN_SUCCESS.accountReactivated : ADMIN_SUCCESS.userReactivated),
    onError: (error) => notifyFailure(gm ? ADMIN_FAILURE.reactivate : ADMIN_FAILURE.reactivateUser, error),
  });
  const name = account ? accountName(account) : '';
  const suspending = account !== null && !isSuspended(account);
  const noun = gm ? 'GameMaster' : 'account';
  const title = `${suspending ? 'Suspend' : 'Reactivate'} ${gm ? 'GameMaster' : 'Account'}`;
  return (
    <ConfirmModal
      opened={account !== null}
      title={title}
      confirmLabel={suspending ? 'Suspend' : 'Reactivate'}
      confirmColor={suspending ? 'red' : 'green'}
      message={
        suspending
          ? `Suspend ${noun} ${name}? They are signed out on every device at once and cannot sign in${gm ? ' or run sessions' : ''} until reactivated.`
          : `Reactivate ${noun} ${name}? They can sign in again.`
      }
      loading={suspend.isPending || reactivate.isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (!account) return;
        if (suspending) suspend.mutate({ id: account.id });
        else reactivate.mutate({ id: account.id });
      }}
    />
  );
}
