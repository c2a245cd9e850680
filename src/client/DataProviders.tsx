// The tRPC and TanStack Query clients, kept out of the entry chunk: the landing page renders
// without them and every other page loads them with its own code (see routes.tsx).
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Outlet } from 'react-router';
import { seedFirstReads } from './lib/firstReads';
import { registerServiceWorker } from './lib/serviceWorker';
import { createQueryClient } from './queryClient';
import { createTrpcClient, trpc } from './trpc';

// One of each per page load, shared by every route and by the landing page's account buttons.
export const queryClient = createQueryClient();
// What the server embedded in the page for this sign-in (decision 855): the screen draws from it at once.
// (Not while a page is prerendered in Node, at build time: there is no document then.)
if (typeof document !== 'undefined') seedFirstReads(queryClient);
const trpcClient = createTrpcClient();

export function DataProviders({ children }: { children: ReactNode }) {
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}

/**
 * The layout route of every page that reads the API. Those pages register the service worker (the
 * installable Hunter Terminal); the landing and sign-in pages do not download it (issue #25).
 */
export function DataLayout() {
  useEffect(registerServiceWorker, []);
  return (
    <DataProviders>
      <Outlet />
    </DataProviders>
  );
}
