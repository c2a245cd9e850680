// Account disable is real (issue 24, decision 721): an admin suspends an account, which ends its
// sign-ins and sockets at once and keeps it from signing in, and reactivates it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createSession, sleep, WsClient } from '../../../../test/support/comms-kit';
import { ApiClient, signInAdmin, signUp, startTestServer, subscribedGameMaster, type TestServer } from '../../../../test/support/harness';

let server: TestServer;
let admin: ApiClient;
const sockets: WsClient[] = [];
beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAdmin(server);
});
afterAll(async () => {
  for (const ws of sockets) ws.close();
  await server.close();
});

const SUSPENDED = 'This account has been suspended. Contact support.';
const RIGHT = 'Fossil-Trail-42';

describe('suspending an account', () => {
  it('answers 401 to its cookie at once, closes its sockets, refuses its sign-in; reactivation lets it in again', async () => {
    const gm = await subscribedGameMaster(server);
    const session = await createSession(server, gm.user.id);
    // Warm: the sign-in row is in the cache.
    expect((await gm.get('/api/auth/user')).status).toBe(200);
    expect((await gm.get('/api/auth/user')).status).toBe(200);
    const ws = WsClient.connect(server, `?sessionId=${session}`, gm.cookies());
    sockets.push(ws);
    await ws.next((f) => f.type === 'subscribed');
    const { trpc, close } = gm.trpc({ allOverWebSocket: true });
    expect((await trpc.auth.session.query())?.id).toBe(gm.user.id);
    const errors: { message: string; data?: { code?: string } }[] = [];
    const started: unknown[] = [];
    trpc.comms.events.subscribe({ sessionId: session }, { onStarted: () => started.push(true), onError: (e) => errors.push(e as never) });
    for (let i = 0; i < 100 && started.length === 0; i++) await sleep(20);
    expect(started).toHaveLength(1);

    const res = await admin.post(`/api/admin/users/${gm.user.id}/suspend`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, id: gm.user.id, accountStatus: 'suspended' });

    expect((await gm.get('/api/auth/user')).status).toBe(401);
    expect((await gm.get(`/api/game-sessions/${session}`)).status).toBe(401);
    expect((await ws.closed).code).toBe(4401);
    for (let i = 0; i < 100 && errors.length === 0; i++) await sleep(20);
    expect(errors[0]?.data?.code).toBe('UNAUTHORIZED');
    close();

    // It cannot sign in: the right password gets the suspension notice, a wrong one the usual answer.
    const again = new ApiClient(server.url);
    const refused = await again.post('/api/auth/login', { username: gm.user.username, password: RIGHT });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(SUSPENDED);
    expect(refused.headers.getSetCookie()).toEqual([]);
    const wrong = await again.post('/api/auth/login', { username: gm.user.username, password: 'not-it' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('Invalid username or password');
    // The list shows it.
    const list = (await admin.get('/api/admin/gamemasters')).body as { id: string; accountStatus: string }[];
    expect(list.find((g) => g.id === gm.user.id)?.accountStatus).toBe('suspended');

    const back = await admin.post(`/api/admin/users/${gm.user.id}/reactivate`);
    expect(back.status).toBe(200);
    expect(back.body).toEqual({ success: true, id: gm.user.id, accountStatus: 'active' });
    expect((await gm.get('/api/auth/user')).status).toBe(401); // ended sign-ins stay ended
    expect((await again.post('/api/auth/login', { username: gm.user.username, password: RIGHT })).status).toBe(200);
    expect((await again.get('/api/auth/user')).body.accountStatus).toBe('active');
    expect((await again.get(`/api/game-sessions/${session}`)).status).toBe(200); // its game master access is back
  });

  it('works over tRPC too, for hunters as well as game masters', async () => {
    const hunter = await signUp(server, 'hunter');
    const { trpc, close } = admin.trpc();
    try {
      expect(await trpc.admin.userSuspend.mutate({ id: hunter.user.id })).toEqual({
        success: true,
        id: hunter.user.id,
        accountStatus: 'suspended',
      });
      expect((await hunter.get('/api/auth/user')).status).toBe(401);
      expect((await trpc.admin.userReactivate.mutate({ id: hunter.user.id })).accountStatus).toBe('active');
    } finally {
      close();
    }
  });

  it('refuses admins, oneself and unknown ids; only admins may call it', async () => {
    const adminId = (await admin.get('/api/auth/user')).body.id as string;
    const self = await admin.post(`/api/admin/users/${adminId}/suspend`);
    expect(self.status).toBe(400);
    expect(self.body.error).toBe('You cannot suspend your own account');
    const otherAdmin = await signUp(server, 'hunter');
    await server.deps.db.update(users).set({ role: 'admin' }).where(eq(users.id, otherAdmin.user.id));
    const anAdmin = await admin.post(`/api/admin/users/${otherAdmin.user.id}/suspend`);
    expect(anAdmin.status).toBe(400);
    expect(anAdmin.body.error).toBe('Admin accounts cannot be suspended');
    expect((await admin.post('/api/admin/users/nobody-at-all/suspend')).status).toBe(404);
    expect((await admin.post('/api/admin/users/nobody-at-all/reactivate')).status).toBe(404);

    const gm = await subscribedGameMaster(server);
    const victim = await signUp(server, 'gamemaster');
    const byGm = await gm.post(`/api/admin/users/${victim.user.id}/suspend`);
    expect(byGm.status).toBe(403);
    expect((await gm.post(`/api/admin/users/${adminId}/suspend`)).status).toBe(403);
    expect((await new ApiClient(server.url).post(`/api/admin/users/${victim.user.id}/suspend`)).status).toBe(401);
    expect((await victim.get('/api/auth/user')).status).toBe(200); // nothing happened
  });
});
