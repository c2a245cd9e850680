// The race behind a sign-in that bounced back to /login: the header's first status read left
// before the sign-in's cookie was set and answered "signed out" after it.
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { refreshAfterSignIn } from './refreshAfterSignIn';

type Status = { username: string } | null;

describe('refreshAfterSignIn', () => {
  it('replaces a signed-out answer that was in flight during the sign-in', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
    let signedIn = false;
    let answerFirst!: (status: Status) => void;
    const firstAnswer = new Promise<Status>((resolve) => {
      answerFirst = resolve;
    });
    let calls = 0;
    const observer = new QueryObserver<Status>(queryClient, {
      queryKey: ['auth', 'session'],
      queryFn: () => {
        calls += 1;
        // The first read was sent before the cookie existed, whenever its answer arrives.
        return calls === 1 ? firstAnswer : Promise.resolve(signedIn ? { username: 'ellie' } : null);
      },
    });
    const unsubscribe = observer.subscribe(() => {});
    expect(queryClient.isFetching()).toBe(1);

    signedIn = true;
    const refreshed = refreshAfterSignIn(queryClient);
    answerFirst(null);
    await refreshed;

    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(queryClient.getQueryData(['auth', 'session'])).toEqual({ username: 'ellie' });
    unsubscribe();
  });
});
