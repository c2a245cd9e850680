// Start now, schedule, pause, resume and end, each with the spec's failure text.
// The answer is written into the cache at once; the session events refresh the rest.
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../trpc';
import { HQ_FAILURE, HQ_SUCCESS, notifyHqFailure, serverReason } from './hqNotices';
import type { HqSession } from './types';

export function useLifecycle(session: HqSession | null) {
  const utils = trpc.useUtils();
  const settle = async (next: HqSession) => {
    utils.sessions.get.setData({ id: next.id }, next);
    await Promise.all([utils.sessions.list.invalidate(), utils.sessions.timeStatus.invalidate({ id: next.id })]);
  };

  const start = trpc.sessions.start.useMutation({
    onSuccess: async (next, input) => {
      const scheduled = input.scheduledStartTime !== undefined && input.scheduledStartTime !== null;
      notify(
        scheduled
          ? { title: HQ_SUCCESS.scheduled, description: `Starts at ${new Date(next.scheduledStartTime ?? Date.now()).toLocaleString()}` }
          : { title: HQ_SUCCESS.started, description: 'The countdown is running.' },
      );
      await settle(next);
    },
    onError: (error) => notifyHqFailure(error, HQ_FAILURE.start(errorMessage(error, 'Unknown error'))),
  });
  const pause = trpc.sessions.pause.useMutation({
    onSuccess: async (next) => {
      notify({ title: HQ_SUCCESS.paused, description: 'The countdown is frozen.' });
      await settle(next);
    },
    onError: (error) => notifyHqFailure(error, HQ_FAILURE.pause, serverReason(error, '') || undefined),
  });
  const resume = trpc.sessions.resume.useMutation({
    onSuccess: async (next) => {
      notify({ title: HQ_SUCCESS.resumed, description: 'The countdown is running again.' });
      await settle(next);
    },
    onError: (error) => notifyHqFailure(error, HQ_FAILURE.resume, serverReason(error, '') || undefined),
  });
  const end = trpc.sessions.end.useMutation({
    onSuccess: async (next) => {
      notify({ title: HQ_SUCCESS.ended, description: 'The result is recorded.' });
      await Promise.all([settle(next), utils.sessions.result.invalidate({ id: next.id })]);
    },
    onError: (error) => notifyHqFailure(error, HQ_FAILURE.end, serverReason(error, '') || undefined),
  });

  const id = session?.id ?? null;
  return {
    pending: start.isPending || pause.isPending || resume.isPending || end.isPending,
    startNow: () => id !== null && session && start.mutate({ id, duration: session.duration }),
    schedule: (at: number) => id !== null && session && start.mutate({ id, duration: session.duration, scheduledStartTime: new Date(at).toISOString() }),
    pause: () => id !== null && pause.mutate({ id }),
    resume: () => id !== null && resume.mutate({ id }),
    end: () => id !== null && end.mutate({ id }),
    startPending: start.isPending,
    endPending: end.isPending,
  };
}
