// The game master screen's guard (live-play spec, section 6): signed out ->
// 'Authentication Required' and / after 1 s; a non-admin without an active
// subscription -> 'Subscription Required' and /subscription after 1 s. A hunter
// (who cannot buy a plan) is told the screen is for game masters and sent to
// /hunter after 1 s instead of to a plan page it cannot use. Right
// after a confirmed payment, the status is re-checked for a while (the server
// confirms it with Stripe) before the guard decides.
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { GAMEMASTER_GUARD_REDIRECT_MS } from '../../../domain/rules';
import { notify } from '../../lib/notify';
import { trpc } from '../../trpc';
import { useCurrentUser } from '../auth/useCurrentUser';
import { BILLING_NOTICES as N } from './messages';

const CONFIRM_POLL_MS = 1500;
const CONFIRM_MAX_MS = 30_000;

export type GuardState = 'checking' | 'confirming-payment' | 'allowed' | 'denied' | 'wrong-role';

export function useGameMasterGuard(): GuardState {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const { user, isLoading } = useCurrentUser();
  const isAdmin = user?.role === 'admin';
  const isGameMaster = user?.role === 'gamemaster';
  const justPaid =
    Boolean((location.state as { paymentSucceeded?: unknown } | null)?.paymentSucceeded) ||
    params.get('redirect_status') === 'succeeded';
  const startedAt = useRef(Date.now());
  const subscription = trpc.billing.userSubscription.useQuery(undefined, {
    enabled: isGameMaster,
    retry: false,
    refetchInterval: (query) =>
      justPaid && query.state.data?.status === 'incomplete' && Date.now() - startedAt.current < CONFIRM_MAX_MS
        ? CONFIRM_POLL_MS
        : false,
  });
  const noticeShown = useRef(false);

  const status = subscription.data?.status;
  const confirming = justPaid && status === 'incomplete' && Date.now() - startedAt.current < CONFIRM_MAX_MS;
  let state: GuardState;
  if (isLoading) state = 'checking';
  else if (!user) state = 'denied';
  else if (isAdmin) state = 'allowed';
  else if (!isGameMaster) state = 'wrong-role';
  else if (subscription.isLoading) state = 'checking';
  else if (status === 'active') state = 'allowed';
  else if (confirming) state = 'confirming-payment';
  else state = 'denied';

  const signedIn = Boolean(user);
  useEffect(() => {
    if (state !== 'denied' && state !== 'wrong-role') return;
    let notice: { title: string; description: string } = N.guardAuth;
    let target = '/';
    if (state === 'wrong-role') {
      notice = N.guardRole;
      target = '/hunter';
    } else if (signedIn) {
      notice = N.guardSubscription;
      target = '/subscription';
    }
    if (!noticeShown.current) {
      noticeShown.current = true;
      notify({ ...notice, variant: 'destructive' });
    }
    const timer = window.setTimeout(() => navigate(target), GAMEMASTER_GUARD_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [state, signedIn, navigate]);

  // A return from Stripe's redirect (3-D Secure) announces the payment here.
  const announced = useRef(false);
  useEffect(() => {
    if (announced.current || params.get('redirect_status') !== 'succeeded' || state !== 'allowed') return;
    announced.current = true;
    notify(params.get('purchase') === 'credits' ? N.creditsPaid : N.paymentSucceeded);
  }, [params, state]);

  return state;
}
