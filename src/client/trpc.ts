// The typed tRPC client: queries and mutations over HTTP (batched), subscriptions
// over one WebSocket on the same origin. Only the router's *type* is imported.
import { createWSClient, httpBatchLink, splitLink, wsLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import superjson from 'superjson';
import type { AppRouter } from '../server/routers';

export const trpc = createTRPCReact<AppRouter>();

let wsClient: ReturnType<typeof createWSClient> | undefined;

/** One socket per page, opened lazily: pages without live data never open it. */
function sharedSocket() {
  wsClient ??= createWSClient({ url: socketUrl, lazy: { enabled: true, closeMs: 10_000 } });
  return wsClient;
}

function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/trpc`;
}

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: wsLink({
          client: sharedSocket(),
          transformer: superjson,
        }),
        false: httpBatchLink({
          url: '/trpc',
          transformer: superjson,
          fetch: (input, init) => fetch(input, { ...init, credentials: 'include' }),
        }),
      }),
    ],
  });
}
