// The admin's account search across roles (issue #46, point 9): GET /api/admin/users by name, username or
// email and by role, so a hunter account can be found and suspended like a game master.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, signInAdmin, signUp, startTestServer, type TestServer } from '../../../../test/support/harness';

let server: TestServer;
let admin: ApiClient;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAdmin(server);
});
afterAll(() => server.close());

type Row = { id: string; role: string; firstName: string; lastName: string; username: string | null; accountStatus: string };
const search = async (query: string) => {
  const res = await admin.get(`/api/admin/users${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Row[];
};

describe('GET /api/admin/users', () => {
  it('finds hunter and game master accounts by name, username or email, any case, and filters by role', async () => {
    const hunter = await signUp(server, 'hunter', { firstName: 'Priya', lastName: 'Quillfeather' });
    const gm = await signUp(server, 'gamemaster', { firstName: 'Quentin', lastName: 'Quillfeather' });

    const both = await search('?q=QUILLFEATHER');
    expect(both.map((u) => u.id).sort()).toEqual([hunter.user.id, gm.user.id].sort());
    expect(both.find((u) => u.id === hunter.user.id)).toMatchObject({ role: 'hunter', firstName: 'Priya', accountStatus: 'active' });
    expect((await search('?q=priya%20quill')).map((u) => u.id)).toEqual([hunter.user.id]);
    expect((await search(`?q=${hunter.user.username}`)).map((u) => u.id)).toEqual([hunter.user.id]);
    expect((await search('?q=quillfeather&role=hunter')).map((u) => u.id)).toEqual([hunter.user.id]);
    expect((await search('?q=quillfeather&role=gamemaster')).map((u) => u.id)).toEqual([gm.user.id]);
    // The text is literal: a wildcard finds nothing extra.
    expect(await search('?q=quill%25feather')).toEqual([]);
    expect(await search('?q=zz_no_one')).toEqual([]);
  });

  it('lets the admin suspend the hunter found, who is then listed as suspended', async () => {
    const hunter = await signUp(server, 'hunter', { firstName: 'Suspendable', lastName: 'Hunterson' });
    const [found] = await search('?q=hunterson&role=hunter');
    expect(found?.id).toBe(hunter.user.id);
    expect((await admin.post(`/api/admin/users/${found!.id}/suspend`)).status).toBe(200);
    expect((await search('?q=hunterson'))[0]).toMatchObject({ id: hunter.user.id, accountStatus: 'suspended' });
    expect((await hunter.get('/api/auth/user')).status).toBe(401);
  });

  it('refuses an unknown role and an over-long text (400), anyone but an admin (403) and no sign-in (401)', async () => {
    expect((await admin.get('/api/admin/users?role=guest')).status).toBe(400);
    expect((await admin.get(`/api/admin/users?q=${'x'.repeat(101)}`)).status).toBe(400);
    const gm = await signUp(server, 'gamemaster');
    expect((await gm.get('/api/admin/users')).status).toBe(403);
    expect((await new ApiClient(server.url).get('/api/admin/users')).status).toBe(401);
  });
});
