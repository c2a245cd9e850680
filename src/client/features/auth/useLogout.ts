import { useQueryClient } from '@tanstack/react-query';
import { notify } from '../../lib/notify';
import { trpc } from '../../trpc';

/** Logs out on the server, then clears local and session storage and goes to /, even if the call failed. */
export function useLogout() {
  const queryClient = useQueryClient();
  const mutation = trpc.auth.logout.useMutation();
  return async () => {
    try {
      await mutation.mutateAsync();
    } catch {
      notify({ title: 'Logout failed', description: 'There was an error logging out.', variant: 'destructive' });
    } finally {
      localStorage.clear();
      sessionStorage.clear();
      queryClient.clear();
      window.location.assign('/');
    }
  };
}
