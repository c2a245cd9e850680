// Achievements (issue 29): decided by the server, awarded once, seen by the hunter and the owner
// only, and kept by a guest who creates an account.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awardAchievements, awardSessionEnd } from '../../services/achievements';
import { earnedAchievements, messages, sessionPlayers, users } from '../../db/schema';
import { ApiClient, signUp, startTestServer, type TestServer } from '../../../../test/support/harness';
import { addPlayer, hunterIn, sleep, WsClient } from '../../../../test/support/comms-kit';
import { addSpecies, createSession, guestJoin, HERE, setPosition, shiftClock, subscribedGameMaster } from '../../../../test/support/sessions';

let server: TestServer;
let gm: ApiClient & { user: { id: string } };
let sure: number;
beforeAll(async () => {
  server = await startTestServer();
  gm = await subscribedGameMaster(server);
  sure = await addSpecies(server, 1, 'Achievosaurus');
});
afterAll(() => server.close());

async function liveGame(handle = 'Ada', dinosaurs = 1) {
  const s = await createSession(gm);
  const dinos: number[] = [];
  for (let i = 0; i < dinosaurs; i++) {
    const res = await gm.post(`/api/game-sessions/${s.id}/deploy-dinosaur`, {
      sessionId: s.id,
      speciesId: sure,
      latitude: HERE.lat,
      longitude: HERE.lng,
    });
    dinos.push(res.body.id);
  }
  await gm.post(`/api/game-sessions/${s.id}/start`);
  const hunter = await guestJoin(server, s.id, 'raptor-4821', handle);
  await setPosition(server, s.id, hunter.userId, HERE.lat, HERE.lng);
  return { s, dinos, hunter };
}

const observe = (client: ApiClient, sessionId: number, dinosaurId: number) =>
  client.post('/api/hunter/observation', { sessionId, dinosaurId });

const earnedIn = (sessionId: number) => server.deps.db.select().from(earnedAchievements).where(eq(earnedAchievements.sessionId, sessionId));

describe('GET /api/achievements', () => {
  it('lists the catalogue to anyone, with tiers and their thresholds', async () => {
    const res = await new ApiClient(server.url).get('/api/achievements');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThanOrEqual(12);
    const observer = res.body.find((a: { key: string }) => a.key === 'field_observer');
    expect(observer).toMatchObject({ kind: 'tiered', name: 'Field Observer', icon: 'eye' });
    expect(observer.tiers.map((t: { tier: string }) => t.tier)).toEqual(['bronze', 'silver', 'gold']);
    expect(res.body.find((a: { key: string }) => a.key === 'first_contact')).toMatchObject({
      kind: 'single',
      description: 'Observe your first dinosaur.',
    });
  });
});

describe('awarding', () => {
  it('a first observation earns First Contact, announced to the hunter and HQ on /ws, once', async () => {
    const { s, dinos, hunter } = await liveGame('Ada');
    const hq = WsClient.connect(server, `?sessionId=${s.id}`, gm.cookies());
    const phone = WsClient.connect(server, `?sessionId=${s.id}`, hunter.cookies());
    await hq.next((f) => f.type === 'subscribed');
    await phone.next((f) => f.type === 'subscribed');

    expect((await observe(hunter, s.id, dinos[0]!)).body.outcome).toBe('observed');
    const heard = await phone.next((f) => f.type === 'achievement_earned');
    expect(heard).toMatchObject({ key: 'first_contact', tier: 'single', title: 'First Contact', hunterName: 'Ada', sessionId: s.id });
    expect(await hq.next((f) => f.type === 'achievement_earned')).toMatchObject({ key: 'first_contact', hunterName: 'Ada' });
    hq.close();
    phone.close();

    const mine = await hunter.get(`/api/hunter/achievements?sessionId=${s.id}`);
    expect(mine.status).toBe(200);
    // One dinosaur deployed and found: the hunt is full too.
    expect(mine.body.thisHunt.map((a: { key: string }) => a.key).sort()).toEqual(['first_contact', 'full_house']);
    const observer = mine.body.progress.find((p: { key: string }) => p.key === 'field_observer');
    expect(observer).toMatchObject({ value: 1, tier: null, next: { tier: 'bronze', threshold: 5 } });

    // Replayed: deciding again from the same facts awards nothing and announces nothing.
    const [player] = await server.deps.db.select().from(sessionPlayers).where(eq(sessionPlayers.userId, hunter.userId)).limit(1);
    expect(await awardAchievements(server.deps, player!)).toEqual([]);
    expect(await awardAchievements(server.deps, player!)).toEqual([]);
    expect(await earnedIn(s.id)).toHaveLength(2);
    const announced = (await server.deps.bus.since(s.id, 0)).filter((e) => e.type === 'achievement_earned');
    expect(announced).toHaveLength(2);
    expect(announced[0]!.audience).toBe(`owner+user:${hunter.userId}`);
  });

  it("reaches the hunter and HQ on the tRPC subscription too, and not a fellow hunter's", async () => {
    const { s, dinos, hunter } = await liveGame('Tia');
    const fellow = await guestJoin(server, s.id, 'raptor-4821', 'Tom');
    const type = (e: unknown) => (e as { data: { type: string; payload: Record<string, unknown> } }).data;
    const heard = { hunter: [] as string[], hq: [] as string[], fellow: [] as string[] };
    const clients = { hunter: hunter.trpc(), hq: gm.trpc(), fellow: fellow.trpc() };
    try {
      for (const who of ['hunter', 'hq', 'fellow'] as const) {
        clients[who].trpc.comms.events.subscribe(
          { sessionId: s.id },
          {
            onData: (e) => {
              const d = type(e);
              if (d.type === 'achievement_earned') heard[who].push(String(d.payload.title));
            },
          },
        );
      }
      await sleep(300);
      await observe(hunter, s.id, dinos[0]!);
      for (let i = 0; i < 100 && (heard.hunter.length < 2 || heard.hq.length < 2); i++) await sleep(20);
      expect(heard.hunter.sort()).toEqual(['First Contact', 'Full House (bronze)']);
      expect(heard.hq.sort()).toEqual(['First Contact', 'Full House (bronze)']);
      await sleep(100);
      expect(heard.fellow).toEqual([]);
    } finally {
      for (const c of Object.values(clients)) c.close();
    }
  });

  it('hunts completed are awarded at the end, once even if the end is decided twice', async () => {
    const { s, hunter } = await liveGame('Bob');
    expect((await gm.post(`/api/game-sessions/${s.id}/end`)).status).toBe(200);
    const keys = (await earnedIn(s.id)).map((r) => `${r.key}:${r.tier}`);
    expect(keys).toEqual(['veteran:bronze']);
    await awardSessionEnd(server.deps, s.id);
    expect(await earnedIn(s.id)).toHaveLength(1);
    const mine = await hunter.get(`/api/hunter/achievements?sessionId=${s.id}`);
    expect(mine.body.thisHunt[0]).toMatchObject({ key: 'veteran', tier: 'bronze', title: 'Veteran (bronze)' });
  });

  it('a hunt whose time runs out counts as played to its end too', async () => {
    const { s } = await liveGame('Uma');
    const reset = shiftClock(server, 2 * 60 * 60_000);
    try {
      expect((await gm.get(`/api/game-sessions/${s.id}/time-status`)).body.status).toBe('completed');
    } finally {
      reset();
    }
    expect((await earnedIn(s.id)).map((r) => `${r.key}:${r.tier}`)).toEqual(['veteran:bronze']);
  });

  it('a report earns Field Reporter; a message of the game master earns nothing', async () => {
    const { s, hunter } = await liveGame('Cyd');
    const sent = await hunter.post(`/api/game-sessions/${s.id}/communications`, {
      message: 'Tracks by the river',
      recipientType: 'headquarters',
    });
    expect(sent.status).toBe(200);
    expect((await earnedIn(s.id)).map((r) => r.key)).toEqual(['field_reporter']);
    await gm.post(`/api/game-sessions/${s.id}/communications`, { message: 'Keep going', recipientType: 'all' });
    expect(await earnedIn(s.id)).toHaveLength(1);
  });

  it('a client cannot claim one: there is no input naming an achievement, and unknown fields change nothing', async () => {
    const { s, hunter } = await liveGame('Dia');
    const claim = await hunter.post('/api/hunter/achievements', { key: 'living_legend', tier: 'single' });
    expect([404, 405]).toContain(claim.status);
    // Extra fields on the writes that decide are ignored: the facts alone decide.
    await hunter.post(`/api/game-sessions/${s.id}/location`, {
      lat: HERE.lat,
      lng: HERE.lng,
      accuracy: 5,
      distanceTraveled: 50_000,
      achievement: 'trailblazer',
    });
    expect(await earnedIn(s.id)).toEqual([]);
    const mine = await hunter.get('/api/hunter/achievements');
    expect(mine.body.earned).toEqual([]);
  });
});

describe('Trailblazer from positions', () => {
  /** Puts the hunter's walked distance and anchor just short of the bronze tier, at HERE, 10 s ago. */
  async function walkedSoFar(sessionId: number, userId: string, metres: number) {
    const at = Date.now() - 10_000;
    await server.deps.db
      .update(sessionPlayers)
      .set({ distanceTraveledM: metres, anchorLat: HERE.lat, anchorLng: HERE.lng, anchorAt: at, lastPositionAt: at })
      .where(and(eq(sessionPlayers.sessionId, sessionId), eq(sessionPlayers.userId, userId)));
  }
  const step = (client: ApiClient, sessionId: number, northM: number) =>
    client.post(`/api/game-sessions/${sessionId}/location`, { lat: HERE.lat + northM / 111_195, lng: HERE.lng, accuracy: 5 });

  it("a guest's position that crosses 1 km earns Trailblazer (bronze); the fixes before it earn nothing", async () => {
    const { s, hunter } = await liveGame('Kai');
    await walkedSoFar(s.id, hunter.userId, 970);
    expect((await step(hunter, s.id, 20)).body).toMatchObject({ accepted: true });
    expect(await earnedIn(s.id)).toEqual([]);
    // The next fix 10 s later (a fix within milliseconds would be an implausible jump).
    await walkedSoFar(s.id, hunter.userId, 990);
    expect((await step(hunter, s.id, 20)).body.distanceTraveled).toBeGreaterThanOrEqual(1000);
    expect((await earnedIn(s.id)).map((r) => `${r.key}:${r.tier}`)).toEqual(['trailblazer:bronze']);
  });

  it("an account's distance adds up its hunts", async () => {
    const earlier = await createSession(gm);
    const now = await liveGame('Lou');
    const account = await hunterIn(server, now.s.id, 'Luca');
    await addPlayer(server, earlier.id, account.user.id, 'Luca');
    await walkedSoFar(earlier.id, account.user.id, 600);
    await walkedSoFar(now.s.id, account.user.id, 380);
    await step(account, now.s.id, 30);
    const mine = await account.get(`/api/hunter/achievements?sessionId=${now.s.id}`);
    expect(mine.body.thisHunt.map((a: { key: string }) => a.key)).toEqual(['trailblazer']);
    expect(mine.body.progress.find((p: { key: string }) => p.key === 'trailblazer')).toMatchObject({
      tier: 'bronze',
      next: { tier: 'silver', threshold: 5000 },
    });
  });
});

describe('who sees what', () => {
  it('a hunter of another session cannot see who earned what in this one', async () => {
    const { s, dinos, hunter } = await liveGame('Eddy');
    await observe(hunter, s.id, dinos[0]!);
    const other = await liveGame('Faye');

    const asOther = await other.hunter.get(`/api/game-sessions/${s.id}/achievements`);
    expect(asOther.status).toBe(403);
    const ownRead = await other.hunter.get(`/api/hunter/achievements?sessionId=${s.id}`);
    expect(ownRead.status).toBe(403);
    // An account hunter in another session of the same game master: the same.
    const account = await hunterIn(server, other.s.id, 'Gust');
    expect((await account.get(`/api/game-sessions/${s.id}/achievements`)).status).toBe(403);
    expect((await account.get(`/api/hunter/achievements?sessionId=${s.id}`)).status).toBe(403);
    // A fellow hunter of the same session reads only their own.
    const fellow = await guestJoin(server, s.id, 'raptor-4821', 'Hale');
    expect((await fellow.get(`/api/game-sessions/${s.id}/achievements`)).status).toBe(403);
    expect((await fellow.get(`/api/hunter/achievements?sessionId=${s.id}`)).body.thisHunt).toEqual([]);

    const owner = await gm.get(`/api/game-sessions/${s.id}/achievements`);
    expect(owner.status).toBe(200);
    expect(owner.body).toEqual([
      expect.objectContaining({ key: 'first_contact', hunterName: 'Eddy', hunterId: hunter.userId }),
      expect.objectContaining({ key: 'full_house', tier: 'bronze', hunterName: 'Eddy' }),
    ]);
  });
});

describe('POST /api/hunter/keep-achievements', () => {
  const account = (n: string) => ({
    username: `keeper${process.pid}${n}`,
    email: `keeper${process.pid}${n}@example.com`,
    password: 'Fossil-Trail-42',
    confirmPassword: 'Fossil-Trail-42',
    firstName: 'Kim',
    lastName: 'Keeper',
  });

  it("moves the guest's hunter record and achievements to the new account, nothing else", async () => {
    const { s, dinos, hunter } = await liveGame('Ivey');
    await observe(hunter, s.id, dinos[0]!);
    await hunter.post(`/api/game-sessions/${s.id}/communications`, { message: 'Seen one', recipientType: 'headquarters' });
    await gm.post(`/api/game-sessions/${s.id}/end`);
    const guestId = hunter.userId;
    const before = (await hunter.get(`/api/hunter/stats?sessionId=${s.id}`)).body;
    const earnedBefore = (await earnedIn(s.id)).map((r) => `${r.key}:${r.tier}`).sort();
    expect(earnedBefore).toEqual(['field_reporter:bronze', 'first_contact:single', 'full_house:bronze', 'veteran:bronze']);

    const kept = await hunter.post('/api/hunter/keep-achievements', account('a'));
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ role: 'hunter', user: { isGuest: false, username: `keeper${process.pid}a` } });
    const accountId = kept.body.user.id as string;

    // The browser is now the account; the guest is gone.
    expect((await hunter.get('/api/auth/user')).body).toMatchObject({ id: accountId, isGuest: false });
    expect(await server.deps.db.select().from(users).where(eq(users.id, guestId))).toEqual([]);
    const [row] = await server.deps.db.select().from(sessionPlayers).where(eq(sessionPlayers.sessionId, s.id)).limit(1);
    expect(row).toMatchObject({ userId: accountId, handle: 'Ivey', rejoinKey: null });
    expect((await earnedIn(s.id)).every((r) => r.userId === accountId)).toBe(true);
    expect(await server.deps.db.select().from(messages).where(eq(messages.senderUserId, accountId))).toHaveLength(1);

    // Same figures, same achievements, now on the profile.
    const after = (await hunter.get(`/api/hunter/stats?sessionId=${s.id}`)).body;
    expect({ ...after, hunterId: guestId }).toEqual(before);
    const mine = await hunter.get('/api/hunter/achievements');
    expect(mine.body.earned.map((a: { key: string; tier: string }) => `${a.key}:${a.tier}`).sort()).toEqual(earnedBefore);
    // The game master sees the same hunter under its new id.
    const owner = await gm.get(`/api/game-sessions/${s.id}/achievements`);
    expect(owner.body.every((a: { hunterId: string; hunterName: string }) => a.hunterId === accountId && a.hunterName === 'Ivey')).toBe(
      true,
    );
  });

  it('refuses accounts, and a taken username leaves the guest as it was', async () => {
    const hunter = await signUp(server, 'hunter');
    const refused = await hunter.post('/api/hunter/keep-achievements', account('b'));
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('Only a guest hunter can keep their achievements by creating an account');

    const { s, hunter: guest } = await liveGame('Joss');
    const taken = await guest.post('/api/hunter/keep-achievements', { ...account('c'), username: hunter.user.username });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('Username is already taken');
    expect((await guest.get('/api/auth/user')).body).toMatchObject({ id: guest.userId, isGuest: true });
    expect((await guest.get(`/api/hunter/stats?sessionId=${s.id}`)).status).toBe(200);

    const invalid = await guest.post('/api/hunter/keep-achievements', { ...account('d'), confirmPassword: 'nope' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toBe("Passwords don't match");
  });
});
