// The first reads in a route shell (decision 855): a signed-in user's page carries the answers of its first
// tRPC batch, read by the procedures themselves for that request's sign-in; nobody else's, never cached.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_READS_ELEMENT_ID } from '../../domain/transport';
import { latestEventId } from '../db/events';
import { missions } from '../db/schema';
import { createSession, guestJoin, subscribedGameMaster } from '../../../test/support/sessions';
import { ApiClient, signUp, startTestServer, type TestServer } from '../../../test/support/harness';
import { type FirstRead, scriptSafeJson, sessionIdParam, withFirstReads } from './first-reads';

const SHELL = '<!doctype html><html><head><title>Dinohunt</title></head><body><div id="root"></div></body></html>';

describe('first reads in the route shells', () => {
  let server: TestServer;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dinohunt-client-'));
    fs.mkdirSync(path.join(clientDir, 'route-shells'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), SHELL);
    fs.writeFileSync(path.join(clientDir, 'route-shells', 'hunter-mobile.html'), SHELL);
    fs.writeFileSync(path.join(clientDir, 'route-shells', 'hunter.html'), SHELL);
    fs.writeFileSync(path.join(clientDir, 'route-shells', 'gamemaster.html'), SHELL);
    server = await startTestServer({ CLIENT_DIR: clientDir });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  const open = async (client: ApiClient, url: string) => {
    const res = await client.get(url);
    const text = typeof res.body === 'string' ? res.body : String(res.body);
    const match = new RegExp(`<script type="application/json" id="${FIRST_READS_ELEMENT_ID}">(.*?)</script>`).exec(text);
    const reads = match ? (JSON.parse(match[1]!) as FirstRead[]) : null;
    return {
      text,
      status: res.status,
      cache: res.headers.get('cache-control'),
      reads: reads?.map((r) => ({ path: r.path, input: r.input, data: superjson.deserialize(r.result) as any })) ?? null,
    };
  };

  it("embeds a guest's sign-in and own session, private and not stored; its own wins over a stale link", async () => {
    const gm = await subscribedGameMaster(server);
    const own = await createSession(gm);
    const other = await createSession(gm);
    const guest = await guestJoin(server, own.id, 'raptor-4821', 'Rexy');
    for (const url of [`/hunter-mobile?sessionId=${own.id}`, `/hunter-mobile?sessionId=${other.id}`, '/hunter-mobile', '/mobile-hunter']) {
      const page = await open(guest, url);
      expect(page.status, url).toBe(200);
      expect(page.cache, url).toBe('private, no-store');
      expect(page.reads?.map((r) => [r.path, r.input]), url).toEqual([
        ['auth.session', undefined],
        ['sessions.get', { id: own.id }],
        ['comms.events', { sessionId: own.id }],
        // The rest of the terminal's first screen (decision 917); no mission, so no mission list.
        ['deploy.list', { id: own.id }],
        ['admin.speciesList', undefined],
        ['stats.hunterStats', { sessionId: own.id }],
        ['playArea.get', { id: own.id }],
      ]);
      expect(page.reads?.[0]?.data).toMatchObject({ isGuest: true, gameSessionId: own.id });
      expect(page.reads?.[1]?.data).toMatchObject({ id: own.id, name: own.name });
    }
    // The same reads as the API answers them (dates and all, through superjson).
    const api = await guest.get(`/trpc/sessions.get?input=${encodeURIComponent(JSON.stringify({ json: { id: own.id } }))}`);
    const page = await open(guest, '/hunter-mobile');
    expect(page.reads?.[1]?.data).toEqual(superjson.deserialize(api.body.result.data));
  });

  it("carries the terminal's whole first screen, each read as the API answers it for this hunter (decision 917)", async () => {
    const gm = await subscribedGameMaster(server);
    const [mission] = await server.deps.db.insert(missions).values({ name: 'Valley', description: 'Find the herd' }).returning();
    const own = await createSession(gm, { missionId: mission!.id });
    const species = (await gm.get('/api/dinosaur-species')).body as { id: number }[];
    const deployed = await gm.post(`/api/game-sessions/${own.id}/deploy-dinosaur`, { sessionId: own.id, speciesId: species[0]!.id, latitude: 48.85, longitude: 2.29 });
    expect(deployed.status).toBe(200);
    const guest = await guestJoin(server, own.id, 'raptor-4821', 'Whole');
    const api = async (path: string, input?: unknown) => {
      const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
      const res = await guest.get(`/trpc/${path}${query}`);
      expect(res.status, path).toBe(200);
      return superjson.deserialize(res.body.result.data);
    };
    const check = async () => {
      const page = await open(guest, '/hunter-mobile');
      const reads = new Map(page.reads?.map((r) => [r.path, r]));
      expect([...reads.keys()]).toEqual(['auth.session', 'sessions.get', 'comms.events', 'deploy.list', 'admin.speciesList', 'stats.hunterStats', 'playArea.get', 'admin.missionsList']);
      for (const path of ['deploy.list', 'admin.speciesList', 'stats.hunterStats', 'playArea.get', 'admin.missionsList']) {
        const read = reads.get(path)!;
        expect(read.data, path).toEqual(await api(path, read.input));
      }
      return reads;
    };
    // Not started: the hunter is not shown the dinosaurs, in the page as through the API.
    expect((await check()).get('deploy.list')?.data).toEqual([]);
    expect((await gm.post(`/api/game-sessions/${own.id}/start`, {})).status).toBe(200);
    expect((await check()).get('deploy.list')?.data).toHaveLength(1);
  });

  it("carries where the session's events stood before its reads: the stream resumes from there (decision 916)", async () => {
    const gm = await subscribedGameMaster(server);
    const own = await createSession(gm);
    const guest = await guestJoin(server, own.id, 'raptor-4821', 'Cursor');
    const cursorOf = async () => (await open(guest, '/hunter-mobile')).reads?.find((r) => r.path === 'comms.events')?.data;
    const before = await cursorOf();
    expect(before).toEqual({ lastEventId: await latestEventId(server.deps.db, [own.id]) });
    const sent = await gm.post(`/api/game-sessions/${own.id}/communications`, { message: 'Spread out', type: 'broadcast', recipientType: 'all' });
    expect(sent.status).toBe(200);
    const after = await cursorOf();
    expect(after.lastEventId).toBeGreaterThan(before.lastEventId);
    expect(after).toEqual({ lastEventId: await latestEventId(server.deps.db, [own.id]) });
  });

  it('leaves out a session the user may not read, and gives a visitor the plain shell', async () => {
    const gm = await subscribedGameMaster(server);
    const theirs = await createSession(gm);
    const hunter = await signUp(server, 'hunter');
    const page = await open(hunter, `/hunter-mobile?sessionId=${theirs.id}`);
    expect(page.reads?.map((r) => r.path)).toEqual(['auth.session']);
    expect(page.reads?.[0]?.data).toMatchObject({ id: hunter.user.id, isGuest: false });

    const visitor = await open(new ApiClient(server.url), `/hunter-mobile?sessionId=${theirs.id}`);
    expect(visitor).toMatchObject({ status: 200, cache: 'no-cache', reads: null });
    const stale = new ApiClient(server.url);
    stale.cookie = 'dinohunt_session=not-a-session';
    expect(await open(stale, '/hunter-mobile')).toMatchObject({ status: 200, cache: 'no-cache', reads: null });
  });

  /** A read as the API answers it to `client` (superjson, dates and all). */
  const apiRead = async (client: ApiClient, path: string, input?: unknown) => {
    const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
    const res = await client.get(`/trpc/${path}${query}`);
    expect(res.status, path).toBe(200);
    return superjson.deserialize(res.body.result.data);
  };

  it("carries Mission HQ's first screen: the session it opens on and its panels, each as the API answers it (decision 922)", async () => {
    const gm = await subscribedGameMaster(server);
    await createSession(gm);
    const opened = await createSession(gm);
    const species = (await gm.get('/api/dinosaur-species')).body as { id: number }[];
    const deploy = { sessionId: opened.id, speciesId: species[0]!.id, latitude: 48.85, longitude: 2.29 };
    expect((await gm.post(`/api/game-sessions/${opened.id}/deploy-dinosaur`, deploy)).status).toBe(200);
    await guestJoin(server, opened.id, 'raptor-4821', 'Tracked');
    const page = await open(gm, '/gamemaster');
    expect(page.status).toBe(200);
    expect(page.cache).toBe('private, no-store');
    const id = opened.id;
    // The newest open session (pickDefaultSession, as the screen picks).
    expect(page.reads?.map((r) => [r.path, r.input])).toEqual([
      ['auth.session', undefined],
      ['billing.userSubscription', undefined],
      ['sessions.list', {}],
      ['sessions.list', { includeEnded: true }],
      ['admin.speciesList', undefined],
      ['hunts.listLayouts', undefined],
      ['places.lastPlayed', undefined],
      ['system.config', undefined],
      ['sessions.get', { id }],
      ['comms.events', { sessionId: id }],
      ['deploy.list', { id }],
      ['comms.hunterLocations', { id }],
      ['stats.sessionHunterStats', { id }],
      ['playArea.get', { id }],
      ['achievements.session', { id }],
      ['comms.list', { id }],
    ]);
    for (const read of page.reads!.slice(1)) {
      if (read.path === 'comms.events') expect(read.data).toEqual({ lastEventId: await latestEventId(server.deps.db, [id]) });
      else expect(read.data, read.path).toEqual(await apiRead(gm, read.path, read.input));
    }
    expect(page.reads?.find((r) => r.path === 'deploy.list')?.data).toHaveLength(1);
    expect(JSON.stringify(page.reads?.find((r) => r.path === 'stats.sessionHunterStats')?.data)).toContain('Tracked');
  });

  it('gives HQ no session reads when nothing is open, and no more than the guard reads to whom it turns away', async () => {
    const gm = await subscribedGameMaster(server);
    expect((await open(gm, '/gamemaster')).reads?.map((r) => r.path)).toEqual([
      'auth.session',
      'billing.userSubscription',
      'sessions.list',
      'sessions.list',
      'admin.speciesList',
      'hunts.listLayouts',
      'places.lastPlayed',
      'system.config',
    ]);
    // Without an active plan the guard sends the game master to /subscription: its status, nothing more.
    const unpaid = await signUp(server, 'gamemaster');
    const unpaidPage = await open(unpaid, '/gamemaster');
    expect(unpaidPage.reads?.map((r) => r.path)).toEqual(['auth.session', 'billing.userSubscription']);
    expect(unpaidPage.reads?.[1]?.data).toEqual(await apiRead(unpaid, 'billing.userSubscription'));
    // A hunter is sent to /hunter; a guest too.
    const hunter = await signUp(server, 'hunter');
    expect((await open(hunter, '/gamemaster')).reads?.map((r) => r.path)).toEqual(['auth.session']);
    const own = await createSession(gm);
    const guest = await guestJoin(server, own.id, 'raptor-4821', 'Nosy');
    expect((await open(guest, '/gamemaster')).reads?.map((r) => r.path)).toEqual(['auth.session']);
    expect(await open(new ApiClient(server.url), '/gamemaster')).toMatchObject({ status: 200, cache: 'no-cache', reads: null });
  });

  it("embeds text with `$'`, `` $` `` and `$&` exactly as stored, and leaves the page around it as it was", async () => {
    // String.replace would read these as patterns and splice the shell's HTML into the JSON (issue #48 review).
    const gm = await subscribedGameMaster(server);
    const name = `Hunt $' $\` $& ${process.pid}`;
    const s = await createSession(gm, { name });
    const handle = "R$'$`$&x";
    const guest = await guestJoin(server, s.id, 'raptor-4821', handle);
    const message = "ATTENTION $' call $` now $& $$";
    const sent = await guest.post(`/api/game-sessions/${s.id}/communications`, { message, recipientType: 'headquarters' });
    expect(sent.status).toBe(200);
    const element = new RegExp(`<script type="application/json" id="${FIRST_READS_ELEMENT_ID}">[^<]*</script>\\n  `);
    for (const [client, url] of [[gm, '/gamemaster'], [guest, '/hunter-mobile']] as const) {
      const page = await open(client, url);
      expect(page.status, url).toBe(200);
      // The page is the shell and the one element, nothing else.
      expect(page.text.replace(element, ''), url).toBe(SHELL);
      const read = (path: string) => page.reads?.find((r) => r.path === path)?.data;
      expect(read('sessions.get')?.name, url).toBe(name);
    }
    const hq = await open(gm, '/gamemaster');
    const stats = hq.reads?.find((r) => r.path === 'stats.sessionHunterStats')?.data as { hunterName: string }[];
    expect(stats.map((h) => h.hunterName)).toEqual([handle]);
    const comms = hq.reads?.find((r) => r.path === 'comms.list')?.data as { message: string }[];
    expect(comms.map((m) => m.message)).toContain(message);
  });

  it("embeds a hunter's sign-in and joined sessions on Field Operations", async () => {
    const hunter = await signUp(server, 'hunter');
    const page = await open(hunter, '/hunter');
    expect(page.cache).toBe('private, no-store');
    expect(page.reads?.map((r) => [r.path, r.input])).toEqual([['auth.session', undefined], ['sessions.list', {}]]);
    expect(page.reads?.[1]?.data).toEqual([]);
  });
});

describe('first reads in HTML', () => {
  it('cannot end or open a script element', () => {
    const reads: FirstRead[] = [{ path: 'sessions.get', input: { id: 1 }, result: superjson.serialize({ name: '</script><script>alert(1)</script><!--\u2028' }) }];
    const html = withFirstReads(SHELL, reads);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain('<!--');
    expect(html).not.toContain('\u2028');
    const json = /<script type="application\/json" id="[^"]+">(.*)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(json)).toEqual(reads);
    expect(scriptSafeJson('<')).toBe('"\\u003c"');
    expect(withFirstReads(SHELL, [])).toBe(SHELL);
  });

  it('reads the session id of a link as the terminal does', () => {
    expect(sessionIdParam('/hunter-mobile?sessionId=12')).toBe(12);
    expect(sessionIdParam('/hunter-mobile?x=1&sessionId=7')).toBe(7);
    for (const url of ['/hunter-mobile', '/hunter-mobile?sessionId=', '/hunter-mobile?sessionId=-3', '/hunter-mobile?sessionId=1e3', '/hunter-mobile?sessionId=0', '/hunter-mobile?sessionId=99999999999999999999']) {
      expect(sessionIdParam(url), url).toBeNull();
    }
  });
});
