// The admin screen's guard: signed-out visitors get 'Unauthorized' and go to
// /login after 0.5 s; signed-in non-admins are turned away to / the same way.
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { UNAUTHORIZED_REDIRECT_MS } from '../../../domain/rules';
import { notify } from '../../lib/notify';
import { useCurrentUser } from '../auth/useCurrentUser';

export function useAdminGuard(): { ready: boolean } {
  const { user, isLoading } = useCurrentUser();
  const navigate = useNavigate();
  const isAdmin = user?.role === 'admin';
  const signedIn = Boolean(user);

  useEffect(() => {
    if (isLoading || isAdmin) return;
    if (!signedIn) {
      notify({ title: 'Unauthorized', description: 'Please sign in as an admin.', variant: 'destructive' });
    } else {
      notify({ title: 'Unauthorized', description: 'Admin access is required.', variant: 'destructive' });
    }
    const to = signedIn ? '/' : '/login';
    const timer = window.setTimeout(() => navigate(to, { replace: true }), UNAUTHORIZED_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [isLoading, isAdmin, signedIn, navigate]);

  return { ready: !isLoading && isAdmin };
}
