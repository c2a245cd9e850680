// Teams (issue 42) through every door: the team doors refuse outsiders (another team's hunter, another game
// master, signed out), the team audience holds on /ws, the tRPC subscription and the REST reads (messages,
// positions, media), each limit answers its 4xx with its message, and observations move the ranking.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_MESSAGES } from '../../../domain/teams';
import { MAX_TEAMS_PER_SESSION } from '../../../domain/rules';
import { JPEG, type Signed, sleep, WsClient } from '../../../../test/support/comms-kit';
import { ApiClient, signUp, startTestServer, subscribedGameMaster, type TestServer } from '../../../../test/support/harness';
import { addSpecies, createSession, guestJoin, HERE, north } from '../../../../test/support/sessions';

let server: TestServer;
let gm: ApiClient;
const sockets: WsClient[] = [];
const closers: (() => unknown)[] = [];

beforeAll(async () => {
  server = await startTestServer();
  gm = await subscribedGameMaster(server);
});
afterAll(async () => {
  for (const ws of sockets) ws.close();
  for (const close of closers) await close();
  await server.close();
});

const teamsPath = (id: number) => `/api/game-sessions/${id}/teams`;
const comms = (id: number) => `/api/game-sessions/${id}/communications`;
type Hunter = ApiClient & { userId: string };

/** A hunter account that joins by the session's password (the real door). */
async function accountJoin(sessionId: number, handle: string): Promise<Hunter> {
  const hunter = (await signUp(server, 'hunter')) as Signed;
  const res = await hunter.post(`/api/game-sessions/${sessionId}/join`, { password: 'raptor-4821', hunterHandle: handle });
  if (res.status !== 200) throw new Error(`join failed: ${res.status} ${JSON.stringify(res.body)}`);
  return Object.assign(hunter, { userId: hunter.user.id });
}

async function playerIdOf(sessionId: number, handle: string): Promise<number> {
  const teams = (await gm.get(teamsPath(sessionId))).body;
  const everyone = [...teams.unassigned, ...teams.teams.flatMap((t: { members: unknown[] }) => t.members)];
  return everyone.find((m: { hunterName: string }) => m.hunterName === handle).playerId;
}

/**
 * The game: an assigned session with teams Alpha and Bravo, two guests and two account hunters,
 * two per team, started.
 */
async function assignedGame() {
  const session = await createSession(gm, { teamMode: 'assigned', maxTeamSize: 2 });
  const id = session.id;
  const alpha = (await gm.post(teamsPath(id), { name: 'Alpha' })).body;
  const bravo = (await gm.post(teamsPath(id), { name: 'Bravo' })).body;
  const a1 = await guestJoin(server, id, 'raptor-4821', 'Ada');
  const a2 = await accountJoin(id, 'Abe');
  const b1 = await guestJoin(server, id, 'raptor-4821', 'Bea');
  const b2 = await accountJoin(id, 'Bob');
  for (const [team, handle] of [
    [alpha, 'Ada'],
    [alpha, 'Abe'],
    [bravo, 'Bea'],
    [bravo, 'Bob'],
  ] as const) {
    const res = await gm.post(`${teamsPath(id)}/${team.id}/members`, { playerId: await playerIdOf(id, handle) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  expect((await gm.post(`/api/game-sessions/${id}/start`, { duration: 60 })).status).toBe(200);
  return { id, alpha, bravo, a1, a2, b1, b2 };
}

async function subscribedWs(client: ApiClient, sessionId: number): Promise<WsClient> {
  const ws = WsClient.connect(server, `?sessionId=${sessionId}`, client.cookies());
  sockets.push(ws);
  await ws.next((f) => f.type === 'subscribed');
  return ws;
}

describe('session team settings', () => {
  it('creates solo sessions by default, and a team session with its settings', async () => {
    const solo = await createSession(gm);
    expect(solo).toMatchObject({ teamMode: 'solo', maxTeamSize: 4, teamSwitchAfterStart: false });
    const open = await createSession(gm, { teamMode: 'open', maxTeamSize: 3, teamSwitchAfterStart: true });
    expect(open).toMatchObject({ teamMode: 'open', maxTeamSize: 3, teamSwitchAfterStart: true });
    const tooBig = await gm.post('/api/game-sessions', { name: 'Too big', password: 'raptor-4821', maxPlayers: 10, teamMode: 'open', maxTeamSize: 11 });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error).toBe(TEAM_MESSAGES.maxTeamSizeRange(10));
    const oneHunter = await gm.post('/api/game-sessions', { name: 'Lonely', password: 'raptor-4821', teamMode: 'open', maxTeamSize: 1 });
    expect(oneHunter.status).toBe(400);
  });

  it('keeps a solo session as it was: no teams, and hunters cannot make one', async () => {
    const { id } = await createSession(gm);
    const hunter = await guestJoin(server, id, 'raptor-4821', 'Solo');
    const teams = await hunter.get(teamsPath(id));
    expect(teams.status).toBe(200);
    expect(teams.body).toMatchObject({ teamMode: 'solo', teams: [], myTeamId: null });
    const made = await hunter.post(teamsPath(id), { name: 'Nope' });
    expect(made.status).toBe(409);
    expect(made.body.error).toBe(TEAM_MESSAGES.solo);
    // A solo hunter still reads no one's position.
    expect((await hunter.get(`/api/game-sessions/${id}/hunter-locations`)).status).toBe(403);
  });

  it('edits the settings before the start only for the mode, never below a team, and back to solo drops the teams', async () => {
    const { id } = await createSession(gm, { teamMode: 'open', maxPlayers: 10 });
    const settings = `/api/game-sessions/${id}/team-settings`;
    expect((await gm.put(settings, { maxTeamSize: 11 })).status).toBe(400);
    const team = (await gm.post(teamsPath(id), { name: 'Crowd' })).body;
    const [h1, h2, h3] = [await guestJoin(server, id, 'raptor-4821', 'Cal'), await guestJoin(server, id, 'raptor-4821', 'Cam'), await guestJoin(server, id, 'raptor-4821', 'Cid')];
    for (const h of [h1, h2, h3]) expect((await h.post(`${teamsPath(id)}/${team.id}/join`, {})).status).toBe(200);
    const below = await gm.put(settings, { maxTeamSize: 2 });
    expect(below.status).toBe(409);
    expect(below.body.error).toBe(TEAM_MESSAGES.maxTeamSizeBelowMembers('Crowd', 3));
    const solo = await gm.put(settings, { teamMode: 'solo' });
    expect(solo.status).toBe(200);
    expect(solo.body).toMatchObject({ teamMode: 'solo', teams: [] });
    expect((await h1.get(teamsPath(id))).body.myTeamId).toBeNull();
    await gm.put(settings, { teamMode: 'open' });
    await gm.post(`/api/game-sessions/${id}/start`, { duration: 60 });
    const late = await gm.put(settings, { teamMode: 'assigned' });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe(TEAM_MESSAGES.modeAfterStart);
    expect((await gm.put(settings, { teamSwitchAfterStart: true })).body.teamSwitchAfterStart).toBe(true);
  });
});

describe('team doors refuse outsiders', () => {
  it('answers 401 signed out, 403 to another game master and to hunters on game-master doors, 403 to another team', async () => {
    const g = await assignedGame();
    const anon = new ApiClient(server.url);
    const otherGm = await subscribedGameMaster(server);
    const stranger = await signUp(server, 'hunter');
    const b1Id = await playerIdOf(g.id, 'Bea');
    const doors: [string, string, unknown?][] = [
      ['GET', teamsPath(g.id)],
      ['GET', `${teamsPath(g.id)}/ranking`],
      ['POST', teamsPath(g.id), { name: 'Intruders' }],
      ['POST', `${teamsPath(g.id)}/${g.alpha.id}/join`, {}],
      ['POST', `${teamsPath(g.id)}/join-by-code`, { code: g.alpha.code }],
      ['POST', `${teamsPath(g.id)}/leave`, {}],
      ['PATCH', `${teamsPath(g.id)}/${g.alpha.id}`, { locked: true }],
      ['DELETE', `${teamsPath(g.id)}/${g.alpha.id}`],
      ['POST', `${teamsPath(g.id)}/${g.alpha.id}/members`, { playerId: b1Id }],
      ['DELETE', `${teamsPath(g.id)}/${g.bravo.id}/members/${b1Id}`],
      ['POST', `${teamsPath(g.id)}/auto-balance`, {}],
      ['PUT', `/api/game-sessions/${g.id}/team-settings`, { teamSwitchAfterStart: true }],
    ];
    for (const [method, path, body] of doors) {
      expect((await anon.request(method, path, body)).status, `${method} ${path} signed out`).toBe(401);
      expect((await stranger.request(method, path, body)).status, `${method} ${path} stranger`).toBe(403);
      expect((await otherGm.request(method, path, body)).status, `${method} ${path} other game master`).toBe(403);
    }
    // Another team's hunter: not on Alpha's team doors, nor on any game-master door.
    const rename = await g.b1.request('PATCH', `${teamsPath(g.id)}/${g.alpha.id}`, { name: 'Ours now' });
    expect(rename.status).toBe(403);
    expect(rename.body.error).toBe(TEAM_MESSAGES.notYourTeam);
    for (const [method, path, body] of doors.slice(7)) {
      expect((await g.b1.request(method, path, body)).status, `${method} ${path} hunter`).toBe(403);
    }
    // In an assigned session hunters do not choose.
    const join = await g.b1.post(`${teamsPath(g.id)}/${g.alpha.id}/join`, {});
    expect(join.status).toBe(409);
    expect(join.body.error).toBe(TEAM_MESSAGES.assignedOnly);
    // Nothing changed.
    const after = (await gm.get(teamsPath(g.id))).body;
    expect(after.teams.map((t: { name: string; memberCount: number }) => [t.name, t.memberCount])).toEqual([
      ['Alpha', 2],
      ['Bravo', 2],
    ]);
  });

  it("shows a team's code to the game master and its own hunters only, and never an email", async () => {
    const g = await assignedGame();
    const seen = (await g.a1.get(teamsPath(g.id))).body;
    expect(seen.myTeamId).toBe(g.alpha.id);
    expect(seen.teams.find((t: { id: number }) => t.id === g.alpha.id).code).toMatch(/^[A-Z2-9]{6}$/);
    expect(seen.teams.find((t: { id: number }) => t.id === g.bravo.id).code).toBeUndefined();
    expect(JSON.stringify(seen)).not.toMatch(/@/);
    const hq = (await gm.get(teamsPath(g.id))).body;
    expect(hq.teams.every((t: { code?: string }) => typeof t.code === 'string')).toBe(true);
  });
});

describe('the team audience', () => {
  it('keeps team messages within the team and HQ on the REST list', async () => {
    const g = await assignedGame();
    const sent = await g.a1.post(comms(g.id), { message: 'Alpha only', recipientType: 'team' });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ recipientType: 'team', teamId: g.alpha.id });
    const texts = async (c: ApiClient) => (await c.get(comms(g.id))).body.map((m: { message: string }) => m.message);
    expect(await texts(g.a2)).toContain('Alpha only');
    expect(await texts(gm)).toContain('Alpha only');
    expect(await texts(g.b1)).not.toContain('Alpha only');
    expect(await texts(g.b2)).not.toContain('Alpha only');
    // A hunter writes to their own team only; HQ names the team.
    const intrude = await g.b1.post(comms(g.id), { message: 'Hi Alpha', recipientType: 'team', teamId: g.alpha.id });
    expect(intrude.status).toBe(403);
    expect((await gm.post(comms(g.id), { message: 'Which team?', recipientType: 'team' })).status).toBe(400);
    expect((await gm.post(comms(g.id), { message: 'Nobody', recipientType: 'team', teamId: 999_999 })).status).toBe(404);
    expect((await gm.post(comms(g.id), { message: 'Bravo, go north', recipientType: 'team', teamId: g.bravo.id })).status).toBe(200);
    expect(await texts(g.b2)).toContain('Bravo, go north');
    expect(await texts(g.a1)).not.toContain('Bravo, go north');
  });

  it('holds on /ws: a team message and a teammate position reach the team and HQ, never the other team', async () => {
    const g = await assignedGame();
    const [a2, b1, hq] = [await subscribedWs(g.a2, g.id), await subscribedWs(g.b1, g.id), await subscribedWs(gm, g.id)];
    await g.a1.post(comms(g.id), { message: 'Tracks here', recipientType: 'team', quickAction: 'mark_location', location: north(5) });
    await g.a1.post(`/api/game-sessions/${g.id}/location`, { ...HERE, accuracy: 5 });
    // A message to everyone after them: once B1 has it, B1 would have had the team's frames before it.
    await gm.post(comms(g.id), { message: 'Sentinel', recipientType: 'all' });
    for (const ws of [a2, hq]) {
      const mark = await ws.next((f) => f.type === 'new_communication' && f.message === 'Tracks here');
      expect(mark).toMatchObject({ teamId: g.alpha.id, quickAction: 'mark_location', location: north(5) });
      expect(await ws.next((f) => f.type === 'hunter_location' && f.hunterName === 'Ada')).toMatchObject({ teamId: g.alpha.id });
    }
    await b1.next((f) => f.type === 'new_communication' && f.message === 'Sentinel');
    expect(b1.frames.some((f) => f.message === 'Tracks here' || f.type === 'hunter_location')).toBe(false);
  });

  it("sends a team hunter's quick actions to the team with the location, and never a marked location to other teams", async () => {
    const g = await assignedGame();
    await g.a1.post(`/api/game-sessions/${g.id}/location`, { ...HERE, accuracy: 5 });
    const backup = await g.a1.post(comms(g.id), { quickAction: 'request_backup' });
    expect(backup.status).toBe(200);
    expect(backup.body).toMatchObject({ recipientType: 'team', teamId: g.alpha.id, location: HERE });
    const leak = await g.a1.post(comms(g.id), { quickAction: 'mark_location', recipientType: 'all' });
    expect(leak.status).toBe(400);
    expect(leak.body.error).toBe('In a team hunt, a marked location goes to your team or to headquarters only');
    const seen = (await g.b1.get(comms(g.id))).body as { quickAction: string | null; location: unknown }[];
    expect(seen.filter((m) => m.location !== null)).toEqual([]);
  });

  it('holds on a sign-in socket opened without a session (a hunter account follows all its sessions)', async () => {
    const g = await assignedGame();
    const b2 = WsClient.connect(server, '', g.b2.cookies());
    sockets.push(b2);
    await b2.next((f) => f.type === 'connected');
    await g.a1.post(comms(g.id), { message: 'Alpha secret', recipientType: 'team' });
    await gm.post(comms(g.id), { message: 'Bravo note', recipientType: 'team', teamId: g.bravo.id });
    await b2.next((f) => f.type === 'new_communication' && f.message === 'Bravo note');
    expect(b2.frames.some((f) => f.message === 'Alpha secret')).toBe(false);
  });

  it("follows a switch: a live stream carries the new team's channel from the switch on, and no longer the old one's", async () => {
    const { id } = await createSession(gm, { teamMode: 'open', teamSwitchAfterStart: true });
    const red = (await gm.post(teamsPath(id), { name: 'Red' })).body;
    const blue = (await gm.post(teamsPath(id), { name: 'Blue' })).body;
    const [mover, redStay, blueStay] = [
      await guestJoin(server, id, 'raptor-4821', 'Mover'),
      await guestJoin(server, id, 'raptor-4821', 'Rudy'),
      await guestJoin(server, id, 'raptor-4821', 'Bluey'),
    ];
    await mover.post(`${teamsPath(id)}/${red.id}/join`, {});
    await redStay.post(`${teamsPath(id)}/${red.id}/join`, {});
    await blueStay.post(`${teamsPath(id)}/${blue.id}/join`, {});
    await gm.post(`/api/game-sessions/${id}/start`, { duration: 60 });
    const ws = await subscribedWs(mover, id);
    await redStay.post(comms(id), { message: 'Red before', recipientType: 'team' });
    await ws.next((f) => f.message === 'Red before');
    const switched = await mover.post(`${teamsPath(id)}/${blue.id}/join`, {});
    expect(switched.body).toMatchObject({ teamId: blue.id, previousTeamId: red.id });
    await ws.next((f) => f.type === 'team_membership' && f.hunterName === 'Mover');
    await redStay.post(comms(id), { message: 'Red after', recipientType: 'team' });
    await blueStay.post(comms(id), { message: 'Blue after', recipientType: 'team' });
    await ws.next((f) => f.message === 'Blue after');
    expect(ws.frames.some((f) => f.message === 'Red after')).toBe(false);
    const list = (await mover.get(comms(id))).body.map((m: { message: string }) => m.message);
    expect(list).toContain('Blue after');
    expect(list).not.toContain('Red after');
    expect(list).not.toContain('Red before');
  });

  it('holds on the tRPC subscription', async () => {
    const g = await assignedGame();
    const got = { a2: [] as { type: string; payload: Record<string, unknown> }[], b1: [] as { type: string; payload: Record<string, unknown> }[] };
    for (const [name, hunter] of [
      ['a2', g.a2],
      ['b1', g.b1],
    ] as const) {
      const { trpc, close } = hunter.trpc();
      closers.push(close);
      const started = new Promise<void>((resolve) => {
        trpc.comms.events.subscribe(
          { sessionId: g.id },
          { onStarted: () => resolve(), onData: (e) => got[name].push((e as unknown as { data: { type: string; payload: Record<string, unknown> } }).data) },
        );
      });
      await started;
    }
    await g.a1.post(comms(g.id), { message: 'Over the socket', recipientType: 'team' });
    await g.a1.post(`/api/game-sessions/${g.id}/location`, { ...HERE, accuracy: 5 });
    await gm.post(comms(g.id), { message: 'Sentinel 2', recipientType: 'all' });
    const until = async (check: () => boolean) => {
      for (let i = 0; i < 300 && !check(); i++) await sleep(10);
      expect(check()).toBe(true);
    };
    await until(() => got.a2.some((e) => e.type === 'new_communication' && e.payload.message === 'Over the socket'));
    await until(() => got.a2.some((e) => e.type === 'hunter_location'));
    await until(() => got.b1.some((e) => e.payload.message === 'Sentinel 2'));
    expect(got.b1.some((e) => e.payload.message === 'Over the socket' || e.type === 'hunter_location')).toBe(false);
  });

  it("lets hunters read their teammates' positions and not the other team's; HQ reads all with their teams", async () => {
    const g = await assignedGame();
    for (const h of [g.a1, g.b1]) expect((await h.post(`/api/game-sessions/${g.id}/location`, { ...HERE, accuracy: 5 })).status).toBe(200);
    const names = async (c: ApiClient) => {
      const res = await c.get(`/api/game-sessions/${g.id}/hunter-locations`);
      expect(res.status).toBe(200);
      return res.body.map((p: { hunterName: string; teamId: number }) => `${p.hunterName}:${p.teamId}`);
    };
    expect(await names(g.a2)).toEqual([`Ada:${g.alpha.id}`]);
    expect(await names(g.b2)).toEqual([`Bea:${g.bravo.id}`]);
    expect(await names(gm)).toEqual([`Ada:${g.alpha.id}`, `Bea:${g.bravo.id}`]);
  });

  it("keeps a team's photo to the team and HQ", async () => {
    const g = await assignedGame();
    const form = new FormData();
    form.append('recipientType', 'team');
    form.append('media', new Blob([new Uint8Array(JPEG)], { type: 'image/jpeg' }), 'photo.jpg');
    const up = await g.a1.request('POST', `/api/game-sessions/${g.id}/upload-media`, form);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body).toMatchObject({ recipientType: 'team', teamId: g.alpha.id });
    const url = up.body.mediaUrl as string;
    expect((await g.a2.get(url)).status).toBe(200);
    expect((await gm.get(url)).status).toBe(200);
    expect([403, 404]).toContain((await g.b1.get(url)).status);
  });
});

describe('score and ranking', () => {
  it("scores an observation for the hunter's team and publishes the new ranking", async () => {
    const g = await assignedGame();
    const species = await addSpecies(server, 1, `Sure-thing ${g.id}`);
    const deployed = await gm.post(`/api/game-sessions/${g.id}/deploy-dinosaur`, { sessionId: g.id, speciesId: species, latitude: HERE.lat, longitude: HERE.lng });
    expect(deployed.status).toBe(200);
    const hq = await subscribedWs(gm, g.id);
    const b2 = await subscribedWs(g.b2, g.id);
    await g.b1.post(`/api/game-sessions/${g.id}/location`, { ...HERE, accuracy: 5 });
    const observed = await g.b1.post('/api/hunter/observation', { sessionId: g.id, dinosaurId: deployed.body.id });
    expect(observed.body.success, JSON.stringify(observed.body)).toBe(true);
    for (const ws of [hq, b2]) {
      const ranking = await ws.next((f) => f.type === 'team_ranking');
      expect(ranking.ranking.map((r: { name: string; rank: number }) => [r.name, r.rank])).toEqual([
        ['Bravo', 1],
        ['Alpha', 2],
      ]);
      expect(ranking.ranking[0]).toMatchObject({ uniqueSpecies: 1, observations: 1, dartsUsed: 1, accuracy: 100 });
    }
    const read = (await g.a1.get(`${teamsPath(g.id)}/ranking`)).body;
    expect(read.ranking[0]).toMatchObject({ teamId: g.bravo.id, rank: 1 });
  });
});

describe('limits and bad input', () => {
  it('refuses bad, refused and taken names, and more than 20 teams', async () => {
    const { id } = await createSession(gm, { teamMode: 'open' });
    const hunter = await guestJoin(server, id, 'raptor-4821', 'Namer');
    const short = await hunter.post(teamsPath(id), { name: 'x' });
    expect(short.status).toBe(400);
    expect(short.body.error).toBe(TEAM_MESSAGES.nameTooShort);
    expect((await hunter.post(teamsPath(id), { name: 'x'.repeat(33) })).status).toBe(400);
    const rude = await hunter.post(teamsPath(id), { name: 'Sh1t Squad' });
    expect(rude.status).toBe(400);
    expect(rude.body.error).toBe(TEAM_MESSAGES.nameNotAllowed);
    expect((await gm.post(teamsPath(id), { name: 'Équipe Rex' })).status).toBe(200);
    const taken = await hunter.post(teamsPath(id), { name: 'EQUIPE rex' });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe(TEAM_MESSAGES.nameTaken('Équipe Rex'));
    for (let i = 2; i <= MAX_TEAMS_PER_SESSION; i++) expect((await gm.post(teamsPath(id), { name: `Team ${i}` })).status).toBe(200);
    const tooMany = await hunter.post(teamsPath(id), { name: 'One more' });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.error).toBe(TEAM_MESSAGES.tooManyTeams);
  });

  it('refuses a rude hunter handle', async () => {
    const { id } = await createSession(gm, { teamMode: 'open' });
    const res = await new ApiClient(server.url).post('/api/hunter/join-session', { sessionId: String(id), password: 'raptor-4821', hunterHandle: 'Sh1tface' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(TEAM_MESSAGES.handleNotAllowed);
  });

  it('refuses a full team, a locked one without its code, a wrong code, and a switch after the start', async () => {
    const { id } = await createSession(gm, { teamMode: 'open', maxTeamSize: 2 });
    const [h1, h2, h3] = [await guestJoin(server, id, 'raptor-4821', 'Fox'), await guestJoin(server, id, 'raptor-4821', 'Fig'), await guestJoin(server, id, 'raptor-4821', 'Fin')];
    const made = await h1.post(teamsPath(id), { name: 'Raptors' });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ memberCount: 1, code: expect.stringMatching(/^[A-Z2-9]{6}$/) });
    const raptors = made.body;
    expect((await h1.request('PATCH', `${teamsPath(id)}/${raptors.id}`, { locked: true })).body.locked).toBe(true);
    const locked = await h2.post(`${teamsPath(id)}/${raptors.id}/join`, {});
    expect(locked.status).toBe(403);
    expect(locked.body.error).toBe(TEAM_MESSAGES.locked('Raptors'));
    const wrong = await h2.post(`${teamsPath(id)}/join-by-code`, { code: 'AAAAAA' });
    expect(wrong.status).toBe(404);
    expect(wrong.body.error).toBe(TEAM_MESSAGES.wrongCode);
    const byCode = await h2.post(`${teamsPath(id)}/join-by-code`, { code: raptors.code.toLowerCase().replace(/(...)/, '$1-') });
    expect(byCode.status, JSON.stringify(byCode.body)).toBe(200);
    expect(byCode.body).toMatchObject({ teamId: raptors.id, previousTeamId: null });
    const full = await h3.post(`${teamsPath(id)}/${raptors.id}/join`, { code: raptors.code });
    expect(full.status).toBe(409);
    expect(full.body.error).toBe(TEAM_MESSAGES.full('Raptors', 2));
    const other = (await h3.post(teamsPath(id), { name: 'Stegos' })).body;
    await gm.post(`/api/game-sessions/${id}/start`, { duration: 60 });
    const late = await h2.post(`${teamsPath(id)}/${other.id}/join`, {});
    expect(late.status).toBe(409);
    expect(late.body.error).toBe(TEAM_MESSAGES.switchAfterStart);
    expect((await h2.post(`${teamsPath(id)}/leave`, {})).status).toBe(409);
  });

  it('rate-limits team changes and wrong codes with 429 and a message', async () => {
    const { id } = await createSession(gm, { teamMode: 'open' });
    const hopper = await guestJoin(server, id, 'raptor-4821', 'Hopper');
    const team = (await gm.post(teamsPath(id), { name: 'Hops' })).body;
    let last = 200;
    for (let i = 0; i < 12 && last === 200; i++) {
      last = (await hopper.post(i % 2 === 0 ? `${teamsPath(id)}/${team.id}/join` : `${teamsPath(id)}/leave`, {})).status;
    }
    const refused = await hopper.post(`${teamsPath(id)}/leave`, {});
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(TEAM_MESSAGES.tooManyChanges);

    const guesser = await guestJoin(server, id, 'raptor-4821', 'Guesser');
    for (let i = 0; i < 10; i++) expect((await guesser.post(`${teamsPath(id)}/join-by-code`, { code: 'ZZZZZZ' })).status).toBe(404);
    const exhausted = await guesser.post(`${teamsPath(id)}/join-by-code`, { code: team.code });
    expect(exhausted.status).toBe(429);
    expect(exhausted.body.error).toBe(TEAM_MESSAGES.guessesExhausted);
  });
});

describe("the game master's team tools", () => {
  it('auto-balances, and removing a hunter from the session removes them from their team', async () => {
    const { id } = await createSession(gm, { teamMode: 'assigned' });
    const t1 = (await gm.post(teamsPath(id), { name: 'North' })).body;
    const t2 = (await gm.post(teamsPath(id), { name: 'South' })).body;
    const hunters = [];
    for (const h of ['Nia', 'Ned', 'Nat', 'Nob', 'Nel']) hunters.push(await guestJoin(server, id, 'raptor-4821', h));
    const balanced = await gm.post(`${teamsPath(id)}/auto-balance`, {});
    expect(balanced.body).toMatchObject({ moved: 5, unplaced: 0 });
    const counts = (await gm.get(teamsPath(id))).body.teams.map((t: { memberCount: number }) => t.memberCount).sort();
    expect(counts).toEqual([2, 3]);
    const n1 = hunters[0]!;
    const mine = (await n1.get(teamsPath(id))).body.myTeamId as number;
    expect([t1.id, t2.id]).toContain(mine);
    expect((await gm.post(`/api/game-sessions/${id}/hunters/${n1.userId}/remove`, {})).status).toBe(200);
    const after = (await gm.get(teamsPath(id))).body;
    expect(after.teams.flatMap((t: { members: { hunterName: string }[] }) => t.members.map((m) => m.hunterName))).not.toContain('Nia');
    expect(after.unassigned.map((m: { hunterName: string }) => m.hunterName)).not.toContain('Nia');
  });
});

describe('after the hunt', () => {
  it('shows results per team and per hunter, a CSV team column, a replay of one team; Run again and layouts keep the team rules', async () => {
    const g = await assignedGame();
    const species = await addSpecies(server, 1, `Archive-saur ${g.id}`);
    const dino = (await gm.post(`/api/game-sessions/${g.id}/deploy-dinosaur`, { sessionId: g.id, speciesId: species, latitude: HERE.lat, longitude: HERE.lng })).body;
    await g.a1.post(`/api/game-sessions/${g.id}/location`, { ...HERE, accuracy: 5 });
    expect((await g.a1.post('/api/hunter/observation', { sessionId: g.id, dinosaurId: dino.id })).body.success).toBe(true);
    expect((await gm.post(`/api/game-sessions/${g.id}/end`, {})).status).toBe(200);
    // Team achievements: Ada's team ended first; Bea's played to the end without winning.
    const earned = async (h: ApiClient) => ((await h.get('/api/hunter/achievements')).body.earned as { key: string }[]).map((a) => a.key);
    expect(await earned(g.a1)).toEqual(expect.arrayContaining(['team_player', 'winning_team']));
    expect(await earned(g.b1)).toContain('team_player');
    expect(await earned(g.b1)).not.toContain('winning_team');

    // Per team: the teams read stays after the end, ranked.
    const teams = (await gm.get(teamsPath(g.id))).body;
    expect(teams.teams.map((t: { name: string; score: { rank: number; observations: number } }) => [t.name, t.score.rank, t.score.observations])).toEqual([
      ['Alpha', 1, 1],
      ['Bravo', 2, 0],
    ]);
    // Per hunter, with their team.
    const results = (await gm.get(`/api/game-sessions/${g.id}/hunter-results`)).body;
    expect(results.find((r: { hunterName: string }) => r.hunterName === 'Ada')).toMatchObject({ teamId: g.alpha.id, teamName: 'Alpha' });
    // The CSV's team column.
    const csv = await (await fetch(`${server.url}/api/game-sessions/${g.id}/results.csv`, { headers: { cookie: gm.cookies() } })).text();
    const [header, ...lines] = csv.trim().split('\r\n');
    expect(header!.split(',').slice(0, 3)).toEqual(['rank', 'hunter', 'team']);
    expect(lines.find((l) => l.includes('Ada'))).toContain(',Alpha,');
    // One team's replay.
    const replay = (await gm.get(`/api/game-sessions/${g.id}/replay?teamId=${g.bravo.id}`)).body;
    expect(replay.hunters.map((h: { hunterName: string }) => h.hunterName).sort()).toEqual(['Bea', 'Bob']);
    expect(replay.observations).toEqual([]);
    expect((await gm.get(`/api/game-sessions/${g.id}/replay?teamId=999999`)).status).toBe(404);
    // The team rules run again, and travel in a saved layout.
    const again = await gm.post(`/api/game-sessions/${g.id}/run-again`, { name: `Again ${g.id}`, password: 'raptor-4821' });
    expect(again.body).toMatchObject({ teamMode: 'assigned', maxTeamSize: 2, teamSwitchAfterStart: false });
    const saved = await gm.post('/api/gamemaster/layouts', { sessionId: g.id, name: `Teams layout ${g.id}` });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.teamSettings).toEqual({ teamMode: 'assigned', maxTeamSize: 2, teamSwitchAfterStart: false });
    const fresh = await createSession(gm);
    expect((await gm.post(`/api/game-sessions/${fresh.id}/apply-layout`, { layoutId: saved.body.id })).status).toBe(200);
    expect((await gm.get(teamsPath(fresh.id))).body).toMatchObject({ teamMode: 'assigned', maxTeamSize: 2 });
  });
});
