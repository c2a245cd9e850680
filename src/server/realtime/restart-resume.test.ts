// A stopping server's sockets hear 1012 'Server restarting' (app.ts's preClose, decision 898); the
// web client's tRPC socket client then reconnects by itself, through the balancer to another server
// on the same database, resubscribes with the last event id it tracked, and gets what it missed:
// no gap, no duplicate. Two in-process servers on one database behind the round-robin proxy.
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import superjson from 'superjson';
import { afterAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type RoundRobinProxy, startRoundRobinProxy } from '../../../scripts/round-robin-proxy';
import { WS_CLIENT_PING_MS, WS_CLIENT_PONG_TIMEOUT_MS } from '../../domain/transport';
import type { AppRouter } from '../routers';
import { createSession, hunterIn, type Signed, sleep } from '../../../test/support/comms-kit';
import { removeTestDir, startTestServer, subscribedGameMaster, type TestServer } from '../../../test/support/harness';
import { numberedEvent, numberOf } from '../../../test/support/bus-events';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

type Tracked = { id: string; data: { id: number; type: string; payload: Record<string, unknown> } };

it('after 1012 the tRPC client reconnects to another server and resumes by its last event id', async () => {
  const a: TestServer = await startTestServer({}, { keepDir: true });
  cleanups.push(() => removeTestDir(a.dir));
  const b: TestServer = await startTestServer({}, { dir: a.dir, keepDir: true });
  cleanups.push(() => b.close());
  const port = (s: TestServer) => Number(new URL(s.url).port);
  const proxy: RoundRobinProxy = await startRoundRobinProxy({
    upstreams: [
      { host: '127.0.0.1', port: port(a) },
      { host: '127.0.0.1', port: port(b) },
    ],
  });
  cleanups.push(() => proxy.close());

  const gm = (await subscribedGameMaster(a)) as Signed;
  const session = await createSession(a, gm.user.id);
  const hunter = await hunterIn(a, session, 'Roamer');
  // The web client's socket (src/client/trpc.ts): keep-alive pings, retries after a drop.
  const wsClient = createWSClient({
    url: `ws://127.0.0.1:${proxy.port}/trpc`,
    WebSocket: class extends WebSocket {
      constructor(url: string) {
        super(url, { headers: { cookie: hunter.cookie } });
      }
    } as unknown as typeof globalThis.WebSocket,
    keepAlive: { enabled: true, intervalMs: WS_CLIENT_PING_MS, pongTimeoutMs: WS_CLIENT_PONG_TIMEOUT_MS },
    retryDelayMs: () => 100,
  });
  cleanups.push(() => wsClient.close());
  const trpc = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient, transformer: superjson })] });
  const got: Tracked[] = [];
  let started = 0;
  let errors = 0;
  const subscription = trpc.comms.events.subscribe(
    { sessionId: session },
    { onStarted: () => started++, onData: (e) => got.push(e as never), onError: () => errors++ },
  );
  cleanups.push(() => subscription.unsubscribe());
  await until(() => started === 1, 'subscribed');
  expect(proxy.served()).toEqual([1, 0]); // on server A

  const publish = (server: TestServer, n: number) => server.deps.bus.publish(server.deps.db, numberedEvent(session, n));
  await publish(a, 1);
  await until(() => got.length === 1, 'the first event');

  // A stops: its socket hears 1012. What B publishes before and after the client is back arrives once, in order.
  const closed = new Promise<number>((resolve) => wsClient.connection!.ws.addEventListener('close', (e) => resolve(e.code)));
  await a.close();
  expect(await closed).toBe(1012);
  await publish(b, 2);
  await publish(b, 3);
  await until(() => started === 2, 'subscribed again');
  await publish(b, 4);
  await until(() => got.length === 4, 'the missed and the new events');
  expect(got.map((e) => numberOf(e.data))).toEqual([1, 2, 3, 4]);
  expect(new Set(got.map((e) => e.id)).size).toBe(4);
  expect(proxy.served()[1]).toBeGreaterThanOrEqual(1); // reconnected to server B
  expect(errors).toBe(0);
});
