import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { notify } from '../../lib/notify';
import { trpc } from '../../trpc';

/**
 * Logs out on the server, then clears local and session storage and goes to /,
 * even if the call failed; a failure says so ('Logout failed').
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = trpc.auth.logout.useMutation();
  return async () => {
    let failed = false;
    try {
      await mutation.mutateAsync();
    } catch {
      failed = true;
    }
    localStorage.clear();
    sessionStorage.clear();
    if (!failed) {
      // The router's scroll restoration writes to session storage as the page is left: clear after it.
      window.addEventListener('pagehide', () => sessionStorage.clear(), { once: true });
      // A full load: nothing of the signed-in user survives in memory.
      window.location.assign('/');
      return;
    }
    await queryClient.invalidateQueries();
    notify({ title: 'Logout failed', description: 'There was an error logging out.', variant: 'destructive' });
    navigate('/');
  };
}
