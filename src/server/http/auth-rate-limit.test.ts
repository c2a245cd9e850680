// Sign-in, registration and join are limited per client address (AUTH_RATE_LIMIT a
// minute). The address comes from X-Forwarded-For only when TRUST_PROXY says so.
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support/harness';

const servers: TestServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
});

async function server(env: Record<string, string>) {
  const s = await startTestServer({ AUTH_RATE_LIMIT: '3', ...env });
  servers.push(s);
  return s;
}

function badLogin(s: TestServer, forwardedFor?: string) {
  return fetch(`${s.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    body: JSON.stringify({ username: 'nobody', password: 'wrong-password' }),
  });
}

describe('auth rate limit', () => {
  it("answers 429 'Too many attempts...' with Retry-After past the limit", async () => {
    const s = await server({});
    for (let i = 0; i < 3; i++) expect((await badLogin(s)).status).toBe(401);
    const refused = await badLogin(s);
    expect(refused.status).toBe(429);
    // The same body as every procedure's error (the limit now lives in the procedure): `error` is the message.
    expect(await refused.json()).toMatchObject({ error: 'Too many attempts. Please wait a minute and try again.' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('ignores X-Forwarded-For by default, so rotating it does not lift the limit', async () => {
    const s = await server({});
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await badLogin(s, `198.51.100.${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('counts by the forwarded address when TRUST_PROXY names the proxy', async () => {
    const s = await server({ TRUST_PROXY: '127.0.0.1' });
    for (let i = 0; i < 3; i++) expect((await badLogin(s, '198.51.100.7')).status).toBe(401);
    expect((await badLogin(s, '198.51.100.7')).status).toBe(429);
    expect((await badLogin(s, '198.51.100.8')).status).toBe(401);
  });
});
