import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { notify } from '../../lib/notify';
import { trpc } from '../../trpc';

/**
 * Logs out on the server, then clears local and session storage and goes to /,
 * even if the call failed; a failure says so ('Logout failed'). With
 * `forgetHunter`, a guest's browser also forgets its hunter first (the terminal's
 * "Start over as a new hunter", decision 740): nobody can rejoin as it afterwards.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = trpc.auth.logout.useMutation();
  const forget = trpc.sessions.forgetHunter.useMutation();
  return async (opts: { forgetHunter?: boolean } = {}) => {
    let failed = false;
    try {
      await (opts.forgetHunter ? forget.mutateAsync() : mutation.mutateAsync());
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
