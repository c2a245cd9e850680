// The typed tRPC client: queries and mutations over HTTP (batched), subscriptions
// over one WebSocket on the same origin. Only the router's *type* is imported.
import { createWSClient, httpBatchLink, splitLink, wsLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import superjson from 'superjson';
import { TRPC_BATCH_URL_MAX, TRPC_MAX_BATCH_SIZE, WS_CLIENT_LAZY_CLOSE_MS, WS_CLIENT_PING_MS, WS_CLIENT_PONG_TIMEOUT_MS, WS_CLIENT_RETRY_BASE_MS, WS_CLIENT_RETRY_MAX_MS } from '../domain/transport';
import type { AppRouter } from '../server/routers';

export const trpc = createTRPCReact<AppRouter>();

let wsClient: ReturnType<typeof createWSClient> | undefined;

/** One socket per page, opened lazily: pages without live data never open it. */
function sharedSocket() {
  wsClient ??= createWSClient({
    url: socketUrl,
    // Under the ping interval, so an idle close never meets a ping (WS_CLIENT_LAZY_CLOSE_MS).
    lazy: { enabled: true, closeMs: WS_CLIENT_LAZY_CLOSE_MS },
    // A phone walking out of coverage leaves a socket that looks open: pings find
    // it dead within seconds, so the screen says so and falls back to polling.
    keepAlive: { enabled: true, intervalMs: WS_CLIENT_PING_MS, pongTimeoutMs: WS_CLIENT_PONG_TIMEOUT_MS },
    // Come back quickly after a blip, without hammering a server that is down.
    retryDelayMs: (attempt) => Math.min(WS_CLIENT_RETRY_BASE_MS * 2 ** attempt, WS_CLIENT_RETRY_MAX_MS),
  });
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
          maxURLLength: TRPC_BATCH_URL_MAX,
          // The server refuses larger batches (maxBatchSize): a refetch of more queries goes in several.
          maxItems: TRPC_MAX_BATCH_SIZE,
          transformer: superjson,
          fetch: (input, init) => fetch(input, { ...init, credentials: 'include' }),
        }),
      }),
    ],
  });
}
