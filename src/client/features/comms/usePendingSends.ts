// Messages and quick actions sent while the device is offline: TanStack Query holds
// the send back (paused) and makes it as soon as the network returns. Until then
// the feed shows each one as pending, so a player sees the message was taken.
import { useMutationState } from '@tanstack/react-query';
import { getMutationKey } from '@trpc/react-query';
import type { inferRouterInputs } from '@trpc/server';
import type { AppRouter } from '../../../server/routers';
import { trpc } from '../../trpc';

type SendInput = inferRouterInputs<AppRouter>['comms']['send'];

export type PendingSend = { key: number; input: SendInput; paused: boolean };

/** The sends of this session held back while offline, oldest first (an ordinary send in flight is not listed). */
export function usePendingSends(sessionId: number | null): PendingSend[] {
  const sends = useMutationState({
    filters: { mutationKey: getMutationKey(trpc.comms.send), status: 'pending' },
    select: (mutation) => ({
      key: mutation.mutationId,
      input: mutation.state.variables as SendInput,
      paused: mutation.state.isPaused,
    }),
  });
  return sessionId === null ? [] : sends.filter((s) => s.paused && s.input?.id === sessionId);
}
