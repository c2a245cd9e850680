// One tranquilizer dart at the nearest target (live-play spec, section 4
// "Observation"). The server decides everything that matters (distance from the
// hunter's last reported position, range, the captureRate roll, darts left); the
// client only refuses what it can already see is impossible and reports the verdict.
import { useRef, useState } from 'react';
import { HUNTER_VISIBLE_STATUSES } from '../../../domain/rules';
import { errorMessage, isUnauthorized } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../trpc';
import { useCurrentUser } from '../auth/useCurrentUser';
import { OBSERVE_MESSAGES, verdictDescription } from './observeMessages';
import type { ObservationResult } from './types';

export type { ObservationResult } from './types';

/** What useObserve needs of scanner/useNearestTarget's target (structural, so any nearest-target shape fits). */
export type ObserveTarget = { dinosaur: { id: number }; distance: number };

export type UseObserve = {
  observe: () => void;
  pending: boolean;
  last: ObservationResult | null;
};

export function useObserve({
  sessionId,
  target,
  hunterId,
  onResult,
}: {
  sessionId: number | null | undefined;
  target: ObserveTarget | null | undefined;
  /** Each verdict as it arrives (before the stats catch up): the terminal marks a success at once. */
  onResult?: (result: ObservationResult) => void;
  /** The screen's local hunter id (Hunter Terminal); defaults to the signed-in user's id. Never an identity on the server. */
  hunterId?: string | null;
}): UseObserve {
  const utils = trpc.useUtils();
  const { user } = useCurrentUser();
  const [last, setLast] = useState<ObservationResult | null>(null);
  // A ref, not state: two taps in the same frame must not both fire.
  const inFlight = useRef(false);
  const mutation = trpc.stats.observe.useMutation({
    onSuccess: (result) => {
      setLast(result);
      onResult?.(result);
      notify({
        title: result.message,
        description: verdictDescription(result),
        variant: result.success ? 'default' : 'destructive',
      });
    },
    onError: (error) => {
      // The QueryClient already shows 'Unauthorized' and redirects.
      if (isUnauthorized(error)) return;
      notify({
        title: OBSERVE_MESSAGES.failedTitle,
        description: errorMessage(error, OBSERVE_MESSAGES.failedFallback),
        variant: 'destructive',
      });
    },
    onSettled: async (_data, _error, input) => {
      inFlight.current = false;
      // A dart was (probably) used: darts, counts and accuracy come from the server again.
      await Promise.all([
        utils.stats.hunterStats.invalidate({ sessionId: input.sessionId }),
        utils.deploy.list.invalidate({ id: input.sessionId }),
      ]);
    },
  });

  const observe = () => {
    if (inFlight.current) return;
    const id = hunterId ?? user?.id ?? null;
    if (!sessionId) {
      notify({ ...OBSERVE_MESSAGES.noSession, variant: 'destructive' });
      return;
    }
    // The cached session (kept current by SessionLive); the server checks again.
    const status = utils.sessions.get.getData({ id: sessionId })?.status;
    if (status !== undefined && !(HUNTER_VISIBLE_STATUSES as readonly string[]).includes(status)) {
      notify({ ...OBSERVE_MESSAGES.notActive, variant: 'destructive' });
      return;
    }
    if (!id) {
      notify({ ...OBSERVE_MESSAGES.noHunter, variant: 'destructive' });
      return;
    }
    if (!target) {
      notify({ ...OBSERVE_MESSAGES.noTarget, variant: 'destructive' });
      return;
    }
    inFlight.current = true;
    mutation.mutate({
      sessionId,
      dinosaurId: target.dinosaur.id,
      distance: Math.round(target.distance * 10) / 10,
      hunterId: id,
    });
  };

  return { observe, pending: mutation.isPending, last };
}
