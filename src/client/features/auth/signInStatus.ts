// The sign-in status and the public settings for the pages drawn without the tRPC and Query clients
// (the landing and sign-in pages, and every page's site header): one plain GET each, so those pages
// never download the API clients (issue #25, decision 803). The status is the tRPC query
// `auth.session` read over HTTP (GET /trpc/auth.session: null when signed out, never a 401).
import { useEffect, useState } from 'react';
import type { inferRouterOutputs } from '@trpc/server';
import { notify } from '../../lib/notify';
import type { AppRouter } from '../../../server/routers';

export type SignedInUser = NonNullable<inferRouterOutputs<AppRouter>['auth']['session']>;

/** GET /trpc/auth.session; its body is superjson's envelope, whose `json` holds the plain value. */
export async function fetchSignInStatus(): Promise<SignedInUser | null> {
  const res = await fetch('/trpc/auth.session', { credentials: 'include' });
  if (!res.ok) return null;
  const body = (await res.json()) as { result?: { data?: { json?: SignedInUser | null } } };
  return body.result?.data?.json ?? null;
}

/** The signed-in user once known: undefined while asking (and when the answer fails), null when signed out. */
export function useSignInStatus(): SignedInUser | null | undefined {
  const [user, setUser] = useState<SignedInUser | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    fetchSignInStatus()
      .then((u) => live && setUser(u))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return user;
}

/** The server's public settings (GET /api/config): the support address. */
export function useSupportEmail(): string | undefined {
  const [email, setEmail] = useState<string>();
  useEffect(() => {
    let live = true;
    fetch('/api/config')
      .then((res) => (res.ok ? (res.json() as Promise<{ supportEmail: string }>) : Promise.reject(new Error(res.statusText))))
      .then((c) => live && setEmail(c.supportEmail))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return email;
}

/**
 * Logs out through the REST door (POST /api/auth/logout, the same procedure as auth.logout), then
 * clears local and session storage and opens / afresh, as useLogout does. When the call fails, storage
 * is cleared all the same, 'Logout failed' says so, and `goHome` (the app's in-place navigation, so the
 * notice stays on screen) or a full load opens /.
 */
export async function logOutAndLeave(goHome?: ((to: string) => void) | null): Promise<void> {
  // Plain fetch, not lib/api.ts: its error type brings the tRPC client along (issue #25).
  const ok = await fetch('/api/auth/logout', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  }).then(
    (res) => res.ok,
    () => false,
  );
  localStorage.clear();
  sessionStorage.clear();
  if (!ok) {
    notify({ title: 'Logout failed', description: 'There was an error logging out.', variant: 'destructive' });
    if (goHome) goHome('/');
    else if (window.location.pathname !== '/') window.location.assign('/');
    return;
  }
  // The router's scroll restoration writes to session storage as the page is left: clear after it.
  window.addEventListener('pagehide', () => sessionStorage.clear(), { once: true });
  // A full load: nothing of the signed-in user survives in memory.
  window.location.assign('/');
}
