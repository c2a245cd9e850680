// Pages prerendered at build time (scripts/prerender.ts, decision 800): the server sends their HTML for
// the plain path (or the one query a page is prerendered for), and the shell for the same path with any other
// query string and for every other route.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support/harness';

const SHELL = '<!doctype html><html><body><div id="root"></div></body></html>';
const page = (name: string) => `<!doctype html><html><body><div id="root"><main>${name}</main></div></body></html>`;

describe('prerendered pages', () => {
  let server: TestServer;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dinohunt-client-'));
    fs.mkdirSync(path.join(clientDir, 'prerendered'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), SHELL);
    fs.writeFileSync(path.join(clientDir, 'prerendered', 'index.html'), page('landing'));
    fs.writeFileSync(path.join(clientDir, 'prerendered', 'login.html'), page('sign in'));
    fs.writeFileSync(path.join(clientDir, 'prerendered', 'register.html'), page('create account'));
    fs.writeFileSync(path.join(clientDir, 'prerendered', 'register-gamemaster.html'), page('create a game master account'));
    fs.mkdirSync(path.join(clientDir, 'route-shells'));
    fs.writeFileSync(path.join(clientDir, 'route-shells', 'hunter-mobile.html'), page('terminal shell'));
    server = await startTestServer({ CLIENT_DIR: clientDir });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  const get = async (url: string) => {
    const res = await fetch(server.url + url);
    return { status: res.status, type: res.headers.get('content-type'), cache: res.headers.get('cache-control'), body: await res.text() };
  };

  it('sends /, /login and /register (also with ?role=gamemaster) as prerendered, revalidated on every visit', async () => {
    for (const [url, name] of [
      ['/', 'landing'],
      ['/login', 'sign in'],
      ['/login/', 'sign in'],
      ['/register', 'create account'],
      ['/register?role=gamemaster', 'create a game master account'],
    ] as const) {
      const res = await get(url);
      expect(res.status, url).toBe(200);
      expect(res.type).toMatch(/^text\/html/);
      expect(res.cache).toBe('no-cache');
      expect(res.body).toBe(page(name));
    }
  });

  it('sends the shell for a query string, other routes and unknown paths (404)', async () => {
    expect((await get('/login?tab=hunter&sessionId=4')).body).toBe(SHELL);
    expect((await get('/?from=qr')).body).toBe(SHELL);
    for (const url of ['/register?role=hunter', '/register?role=gamemaster&x=1', '/register?ROLE=gamemaster']) expect((await get(url)).body, url).toBe(SHELL);
    expect(await get('/privacy-policy')).toMatchObject({ status: 200, body: SHELL });
    expect(await get('/no-such-page')).toMatchObject({ status: 404, body: SHELL });
  });

  it("sends a route shell (decision 854) for its paths, with or without a query string", async () => {
    for (const url of ['/hunter-mobile', '/hunter-mobile/', '/hunter-mobile?sessionId=4', '/mobile-hunter']) {
      const res = await get(url);
      expect(res, url).toMatchObject({ status: 200, cache: 'no-cache', body: page('terminal shell') });
    }
    // A build without the route's shell: the plain one.
    expect(await get('/hunter')).toMatchObject({ status: 200, body: SHELL });
  });

  it('sends the shell when a build has no prerendered file', async () => {
    fs.rmSync(path.join(clientDir, 'prerendered', 'login.html'));
    expect((await get('/login')).body).toBe(SHELL);
  });
});
