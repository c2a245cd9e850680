// The subscription flow of the accounts spec (section 4): signed out -> login;
// otherwise submit the plan and follow the answer.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Plan } from '../../../domain/billing-schemas';
import { ApiError, errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../trpc';
import { useCurrentUser } from '../auth/useCurrentUser';
import { createSubscription } from './api';
import { BILLING_NOTICES as N } from './messages';

export function useChoosePlan() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const { isAuthenticated, isLoading } = useCurrentUser();
  const [pendingPlanId, setPendingPlanId] = useState<number | null>(null);

  async function choose(plan: Plan) {
    // A click before the sign-in status is known waits for it.
    const signedIn = isLoading ? await utils.auth.user.fetch().then(Boolean, () => false) : isAuthenticated;
    if (!signedIn) {
      notify({ ...N.authRequired, variant: 'destructive' });
      navigate('/login');
      return;
    }
    setPendingPlanId(plan.id);
    try {
      const answer = await createSubscription(plan.id);
      if (answer.requiresPayment && answer.checkoutUrl) {
        navigate(answer.checkoutUrl);
      } else if (answer.success) {
        await queryClient.invalidateQueries();
        notify({ title: N.activated.title, description: answer.message ?? `Your ${plan.name} plan is active.` });
        navigate('/gamemaster');
      } else {
        notify({ ...N.paymentRequired, variant: 'destructive' });
      }
    } catch (error) {
      const body = error instanceof ApiError ? (error.body as { contactRequired?: boolean; message?: string; error?: string }) : null;
      if (error instanceof ApiError && error.status === 401) {
        notify({ ...N.authRequired, variant: 'destructive' });
        navigate('/login');
      } else if (body?.contactRequired) {
        notify({ title: N.contactRequired.title, description: body.message ?? body.error ?? errorMessage(error) });
      } else {
        notify({
          title: N.failed.title,
          description: body?.message ?? body?.error ?? errorMessage(error, N.failed.fallback),
          variant: 'destructive',
        });
      }
    } finally {
      setPendingPlanId(null);
    }
  }

  return { choose, pendingPlanId };
}
