import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, signUp, startTestServer, type TestServer } from '../../../test/support/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const valid = {
  username: 'rexhunter',
  email: 'rex@example.com',
  password: 'Fossil-Trail-42',
  firstName: 'Rex',
  lastName: 'Hunter',
  role: 'hunter',
};

describe('POST /api/auth/register', () => {
  it('creates the account, signs in and answers user and role', async () => {
    const client = new ApiClient(server.url);
    const res = await client.post('/api/auth/register', valid);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ username: 'rexhunter', firstName: 'Rex', role: 'hunter' });
    expect(res.body.role).toBe('hunter');
    expect(JSON.stringify(res.body)).not.toContain('Fossil-Trail-42');
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|argon2/);
    const cookie = res.headers.getSetCookie().join(';');
    expect(cookie).toMatch(/dinohunt_session=.+; .*HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const me = await client.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.username).toBe('rexhunter');
    expect(me.body.gameSessionId).toBeNull();
  });

  it.each([
    ['username', 'ab', 'Username must be at least 3 characters'],
    ['email', 'not-an-email', 'Please enter a valid email address'],
    ['password', '1234567', 'Password must be at least 8 characters'],
    ['firstName', '', 'First name is required'],
    ['lastName', '   ', 'Last name is required'],
    ['role', 'admin', 'Please select a role'],
    ['role', 'superuser', 'Please select a role'],
  ])('refuses %s=%j with "%s"', async (field, value, message) => {
    const res = await new ApiClient(server.url).post('/api/auth/register', {
      ...valid,
      username: `u${Math.random().toString(36).slice(2, 10)}`,
      email: `${Math.random().toString(36).slice(2, 10)}@example.com`,
      [field]: value,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(res.body.data.fieldErrors[field]).toBe(message);
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts:\d+/);
  });

  it('never creates an admin, whatever the client sends', async () => {
    const res = await new ApiClient(server.url).post('/api/auth/register', {
      ...valid,
      username: 'sneaky',
      email: 'sneaky@example.com',
      role: 'admin',
    });
    expect(res.status).toBe(400);
    const login = await new ApiClient(server.url).post('/api/auth/login', { username: 'sneaky', password: 'Fossil-Trail-42' });
    expect(login.status).toBe(401);
  });

  it('answers 409 for a taken username or email', async () => {
    await signUp(server, 'gamemaster', { username: 'takenname', email: 'taken@example.com' });
    const sameName = await new ApiClient(server.url).post('/api/auth/register', {
      ...valid,
      username: 'TakenName',
      email: 'other@example.com',
    });
    expect(sameName.status).toBe(409);
    expect(sameName.body.error).toBe('Username is already taken');
    expect(sameName.body.data.fieldErrors).toEqual({ username: 'Username is already taken' });
    const sameEmail = await new ApiClient(server.url).post('/api/auth/register', {
      ...valid,
      username: 'othername',
      email: 'TAKEN@example.com',
    });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.error).toBe('An account with this email already exists');
    expect(sameEmail.body.data.fieldErrors).toEqual({ email: 'An account with this email already exists' });
  });

  it('two registrations racing for one name: one account, and 409 (never 500) for the other', async () => {
    const body = { ...valid, username: 'racer', email: 'racer@example.com' };
    const answers = await Promise.all([1, 2, 3].map(() => new ApiClient(server.url).post('/api/auth/register', body)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(['Username is already taken', 'Username or email is already taken']).toContain(refused.body.error);
    }
  });

  it('trims the email address before checking it (phone keyboards add a trailing space)', async () => {
    const res = await new ApiClient(server.url).post('/api/auth/register', {
      ...valid,
      username: 'spacedmail',
      email: '  spaced@example.com ',
    });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe('spaced@example.com');
  });

  it("checks confirmPassword when a client sends it: 'Passwords don't match' on that field", async () => {
    const base = { ...valid, username: 'confirmer', email: 'confirmer@example.com' };
    const mismatch = await new ApiClient(server.url).post('/api/auth/register', { ...base, confirmPassword: 'other123' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error).toBe("Passwords don't match");
    expect(mismatch.body.data.fieldErrors).toEqual({ confirmPassword: "Passwords don't match" });
    const match = await new ApiClient(server.url).post('/api/auth/register', { ...base, confirmPassword: base.password });
    expect(match.status).toBe(200);
  });

  it('answers 400, not 500, for a malformed body', async () => {
    const res = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username": ',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBeTruthy();
  });
});

describe('POST /api/auth/login', () => {
  it('signs in by username with a fresh session and answers username and role', async () => {
    const gm = await signUp(server, 'gamemaster', { username: 'loginuser' });
    const before = gm.cookie;
    const client = new ApiClient(server.url);
    const res = await client.post('/api/auth/login', { username: 'loginuser', password: 'Fossil-Trail-42' });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ username: 'loginuser', role: 'gamemaster' });
    expect(client.cookie).not.toBe(before);
  });

  it('refuses a wrong password with 401 and a clear message', async () => {
    const res = await new ApiClient(server.url).post('/api/auth/login', { username: 'loginuser', password: 'nope-nope' });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Invalid username or password');
  });

  it('validates with the spec messages', async () => {
    const res = await new ApiClient(server.url).post('/api/auth/login', { username: '', password: '' });
    expect(res.status).toBe(400);
    expect(res.body.data.fieldErrors).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
  });

  it('says a value is too long, not that it is missing', async () => {
    const res = await new ApiClient(server.url).post('/api/auth/login', { username: 'a'.repeat(255), password: 'p'.repeat(201) });
    expect(res.status).toBe(400);
    expect(res.body.data.fieldErrors).toEqual({
      username: 'Must be at most 254 characters',
      password: 'Must be at most 200 characters',
    });
    const join = await new ApiClient(server.url).post('/api/hunter/join-session', {
      sessionId: '1',
      password: 'p'.repeat(201),
      hunterHandle: 'rexy',
    });
    expect(join.status).toBe(400);
    expect(join.body.data.fieldErrors).toEqual({ password: 'Must be at most 200 characters' });
  });

  it('lets the seeded admin in', async () => {
    const res = await new ApiClient(server.url).post('/api/auth/login', { username: 'admin', password: 'admin-password' });
    expect(res.status).toBe(200);
    expect(res.body.user.role).toBe('admin');
  });
});

describe('GET /api/auth/user and POST /api/auth/logout', () => {
  it('answers 401 when signed out', async () => {
    const res = await new ApiClient(server.url).get('/api/auth/user');
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Unauthorized');
  });

  it('invalidates the session on the server at logout', async () => {
    const client = await signUp(server, 'hunter');
    const stolen = client.cookie;
    const res = await client.post('/api/auth/logout');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const replay = new ApiClient(server.url);
    replay.cookie = stolen;
    expect((await replay.get('/api/auth/user')).status).toBe(401);
  });

  it('works the same over tRPC', async () => {
    const client = await signUp(server, 'hunter', { username: 'trpcuser' });
    const { trpc, close } = client.trpc();
    const me = await trpc.auth.user.query();
    expect(me.username).toBe('trpcuser');
    const anonymous = new ApiClient(server.url).trpc();
    await expect(anonymous.trpc.auth.user.query()).rejects.toMatchObject({
      data: { httpStatus: 401 },
    });
    close();
    anonymous.close();
  });
});

describe('plumbing', () => {
  it('GET /api/login redirects to /login', async () => {
    const res = await new ApiClient(server.url).get('/api/login');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login');
  });

  it('serves the OpenAPI document with the auth paths', async () => {
    const res = await new ApiClient(server.url).get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/auth/register', '/auth/login', '/auth/user', '/auth/logout']),
    );
  });

  it('serves the interactive API reference', async () => {
    const res = await fetch(`${server.url}/api/docs/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('swagger');
  });

  it('answers 415 with a plain message for a body that is not JSON', async () => {
    const res = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'username=rex',
    });
    expect(res.status).toBe(415);
    expect((await res.json()).error).toBe('Unsupported content type');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await new ApiClient(server.url).get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.error).toBeTruthy();
  });
});
