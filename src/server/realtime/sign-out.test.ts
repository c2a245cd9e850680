// Sockets live no longer than the sign-in they were opened with: a logout or a
// deleted account closes them at once; an expired sign-in is refused on its next call.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../auth/lucia';
import { authSessions } from '../db/schema';
import { createSignInSweep } from './sign-in-sweep';
import { createSession, hunterIn, type Signed, sleep, WsClient } from '../../../test/support/comms-kit';
import { signInAdmin, startTestServer, subscribedGameMaster, type TestServer } from '../../../test/support/harness';

let server: TestServer;
let gm: Signed;
let session: number;
const sockets: WsClient[] = [];
const closers: (() => void)[] = [];

async function subscribedSocket(client: Signed, sessionId: number) {
  const ws = WsClient.connect(server, `?sessionId=${sessionId}`, client.cookie);
  sockets.push(ws);
  await ws.next((f) => f.type === 'subscribed');
  return ws;
}

function cookieOf(client: Signed): string {
  return client.cookie.replace(/^dinohunt_session=/, '').split(';')[0]!;
}

beforeAll(async () => {
  server = await startTestServer();
  gm = (await subscribedGameMaster(server)) as Signed;
  session = await createSession(server, gm.user.id);
});
afterAll(async () => {
  for (const ws of sockets) ws.close();
  for (const close of closers) close();
  await server.close();
});

describe('a logout', () => {
  it('closes that sign-in\'s /ws socket with 4401 and an error frame, and leaves other sign-ins open', async () => {
    const rex = await hunterIn(server, session, 'Rex');
    const other = await hunterIn(server, session, 'Other');
    const mine = await subscribedSocket(rex, session);
    const theirs = await subscribedSocket(other, session);

    expect((await rex.post('/api/auth/logout')).status).toBe(200);
    const closed = await mine.closed;
    expect(closed.code).toBe(4401);
    expect(mine.frames.at(-1)).toMatchObject({ type: 'error', error: 'Signed out', code: 4401 });

    theirs.send({ type: 'ping', requestId: 'still-here' });
    await theirs.next((f) => f.type === 'pong');
  });

  it('ends that sign-in\'s tRPC subscription with UNAUTHORIZED', async () => {
    const raptor = await hunterIn(server, session, 'Raptor');
    const { trpc, close } = raptor.trpc();
    closers.push(close);
    const errors: { message: string; data?: { code?: string } }[] = [];
    const started: unknown[] = [];
    trpc.comms.events.subscribe(
      { sessionId: session },
      { onStarted: () => started.push(true), onError: (e) => errors.push(e as never) },
    );
    for (let i = 0; i < 100 && started.length === 0; i++) await sleep(20);
    expect(started).toHaveLength(1);

    await raptor.post('/api/auth/logout');
    for (let i = 0; i < 100 && errors.length === 0; i++) await sleep(20);
    expect(errors[0]?.message).toBe('Signed out');
    expect(errors[0]?.data?.code).toBe('UNAUTHORIZED');
  });

  it('refuses the next query or mutation sent over an open tRPC WebSocket', async () => {
    const hunter = await hunterIn(server, session, 'Socketeer');
    const { trpc, close } = hunter.trpc({ allOverWebSocket: true });
    closers.push(close);
    expect(Array.isArray(await trpc.comms.list.query({ id: session }))).toBe(true);

    expect(await trpc.auth.session.query()).toMatchObject({ id: hunter.user.id });

    await hunter.post('/api/auth/logout');
    await expect(trpc.comms.list.query({ id: session })).rejects.toMatchObject({ data: { code: 'UNAUTHORIZED' } });
    // Public procedures see the caller as signed out too.
    expect(await trpc.auth.session.query()).toBeNull();
  });
});

describe('an expired sign-in', () => {
  it('is refused on its next call over an open tRPC WebSocket', async () => {
    const hunter = await hunterIn(server, session, 'Sleepy');
    const { trpc, close } = hunter.trpc({ allOverWebSocket: true });
    closers.push(close);
    await trpc.comms.list.query({ id: session });

    await server.deps.db.update(authSessions).set({ expiresAt: 1 }).where(eq(authSessions.id, hashToken(cookieOf(hunter))));
    await expect(trpc.comms.list.query({ id: session })).rejects.toMatchObject({ data: { code: 'UNAUTHORIZED' } });
  });
});

describe('the periodic check', () => {
  it('ends a watched sign-in that expired without a sign-out, and only once', async () => {
    const hunter = await hunterIn(server, session, 'Watched');
    const signIn = { authSessionId: cookieOf(hunter), userId: hunter.user.id };
    let ended = 0;
    const sweep = createSignInSweep(server.deps, 20);
    const stop = sweep.watch(signIn, () => ended++);
    await sleep(80);
    expect(ended).toBe(0);

    await server.deps.db.update(authSessions).set({ expiresAt: 1 }).where(eq(authSessions.id, hashToken(signIn.authSessionId)));
    for (let i = 0; i < 50 && ended === 0; i++) await sleep(20);
    await sleep(80);
    expect(ended).toBe(1);
    stop();
  });
});

describe('a deleted game master', () => {
  it('loses their open /ws socket at once', async () => {
    const doomed = (await subscribedGameMaster(server)) as Signed;
    const theirSession = await createSession(server, doomed.user.id);
    const ws = await subscribedSocket(doomed, theirSession);
    const admin = await signInAdmin(server);

    expect((await admin.delete(`/api/admin/users/${doomed.user.id}`)).status).toBe(200);
    expect((await ws.closed).code).toBe(4401);
  });
});
