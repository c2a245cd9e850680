// An account's tRPC sockets close at once when every sign-in of the account ends (account-sockets.ts):
// an admin suspends it or deletes it (docs/security.md 7.4.2); a single sign-out leaves the socket open.
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import superjson from 'superjson';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppRouter } from '../routers';
import { createSession, hunterIn, type Signed, sleep } from '../../../test/support/comms-kit';
import { signInAdmin, startTestServer, subscribedGameMaster, type TestServer } from '../../../test/support/harness';
import { ACCOUNT_SIGNED_OUT } from './account-sockets';

let server: TestServer;
let session: number;
const closers: (() => void)[] = [];

beforeAll(async () => {
  server = await startTestServer();
  const gm = (await subscribedGameMaster(server)) as Signed;
  session = await createSession(server, gm.user.id);
});
afterAll(async () => {
  for (const close of closers) close();
  await server.close();
});

/** tRPC's own WebSocket client with this hunter's cookie, subscribed to the session's events; its socket is watched. */
async function subscribedTrpcSocket(hunter: Signed) {
  const cookie = hunter.cookies();
  const sockets: WebSocket[] = [];
  const wsClient = createWSClient({
    url: `${server.url.replace('http', 'ws')}/trpc`,
    WebSocket: class extends WebSocket {
      constructor(url: string) {
        super(url, { headers: { cookie } });
        sockets.push(this);
      }
    } as unknown as typeof globalThis.WebSocket,
  });
  closers.push(() => wsClient.close());
  const trpc = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient, transformer: superjson })] });
  const errors: { message: string; data?: { code?: string } }[] = [];
  let started = false;
  trpc.comms.events.subscribe({ sessionId: session }, { onStarted: () => (started = true), onError: (e) => errors.push(e as never) });
  for (let i = 0; i < 100 && !started; i++) await sleep(20);
  expect(started).toBe(true);
  const socket = sockets[0]!;
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  return { socket, closed, errors, trpc };
}

describe("an account's tRPC sockets", () => {
  it('close at once when an admin suspends the account, after its subscription hears why', async () => {
    const hunter = await hunterIn(server, session, 'Suspect');
    const { closed, errors } = await subscribedTrpcSocket(hunter);
    const admin = await signInAdmin(server);
    expect((await admin.post(`/api/admin/users/${hunter.user.id}/suspend`)).status).toBe(200);
    expect(await closed).toEqual({ code: ACCOUNT_SIGNED_OUT.code, reason: ACCOUNT_SIGNED_OUT.reason });
    expect(errors[0]).toMatchObject({ message: 'Signed out', data: { code: 'UNAUTHORIZED' } });
  });

  it('close at once when an admin deletes the account', async () => {
    const hunter = await hunterIn(server, session, 'Deleted');
    const { closed } = await subscribedTrpcSocket(hunter);
    const admin = await signInAdmin(server);
    expect((await admin.delete(`/api/admin/users/${hunter.user.id}`)).status).toBe(200);
    expect((await closed).code).toBe(ACCOUNT_SIGNED_OUT.code);
  });

  it("stay open for another account's suspension, and after a single sign-out (its subscription ends)", async () => {
    const hunter = await hunterIn(server, session, 'Bystander');
    const other = await hunterIn(server, session, 'Other');
    const { socket, errors, trpc } = await subscribedTrpcSocket(hunter);
    const admin = await signInAdmin(server);
    expect((await admin.post(`/api/admin/users/${other.user.id}/suspend`)).status).toBe(200);
    await sleep(100);
    expect(socket.readyState).toBe(WebSocket.OPEN);
    expect(await trpc.auth.session.query()).toMatchObject({ id: hunter.user.id });

    expect((await hunter.post('/api/auth/logout')).status).toBe(200);
    for (let i = 0; i < 100 && errors.length === 0; i++) await sleep(20);
    expect(errors[0]).toMatchObject({ message: 'Signed out', data: { code: 'UNAUTHORIZED' } });
    await sleep(100);
    expect(socket.readyState).toBe(WebSocket.OPEN);
  });
});
