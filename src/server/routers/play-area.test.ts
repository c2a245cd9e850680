import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PLAY_AREA_MESSAGES as M } from '../../domain/play-area-schemas';
import { GPS_RETENTION_MS, MAX_PLAY_AREA_VERTICES, ZONE_HYSTERESIS_M } from '../../domain/rules';
import { sessionPlayers } from '../db/schema';
import { purgeExpiredPositions } from '../services/positions';
import { ApiClient, signInAdmin, signUp, startTestServer, type TestServer } from '../../../test/support/harness';
import { addSpecies, createSession, guestJoin, HERE, subscribedGameMaster } from '../../../test/support/sessions';

let server: TestServer;
let gm: ApiClient;
let speciesId: number;
let clock = Date.now();
beforeAll(async () => {
  server = await startTestServer();
  server.deps.now = () => clock;
  gm = await subscribedGameMaster(server);
  speciesId = await addSpecies(server, 0.5, 'Fenceosaurus');
});
afterAll(() => server.close());
beforeEach(() => {
  // Fixes a minute apart are never speed outliers, and each has the position budget to itself.
  clock += 60_000;
});

const M_LAT = 1 / 111_195;
const M_LNG = 1 / (111_195 * Math.cos((HERE.lat * Math.PI) / 180));
/** `east` and `north` metres from HERE. */
const at = (east: number, north = 0) => ({ lat: HERE.lat + north * M_LAT, lng: HERE.lng + east * M_LNG });
const square = (half: number, east = 0) => [at(east - half, -half), at(east + half, -half), at(east + half, half), at(east - half, half)];
const AREA = square(100);
const ZONE = square(15, 50);
const path = (id: number) => `/api/game-sessions/${id}/play-area`;
const setArea = (client: ApiClient, id: number, body: unknown = { area: AREA, noGoZones: [ZONE] }) => client.put(path(id), body);

describe('setting the play area', () => {
  it('stores the area and zones, answers them to the owner and the hunters, and tells everyone', async () => {
    const s = await createSession(gm);
    const hunter = await guestJoin(server, s.id, s.password, 'Fencer');
    const res = await setArea(gm, s.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sessionId: s.id, playArea: AREA, noGoZones: [ZONE], dinosaursMisplaced: 0 });
    expect(res.body.hunters).toEqual([expect.objectContaining({ hunterName: 'Fencer', zone: null })]);
    const read = await hunter.get(path(s.id));
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ playArea: AREA, noGoZones: [ZONE] });
    expect(read.body.hunters).toHaveLength(1);
    const event = (await server.deps.bus.since(s.id, 0)).find((e) => e.type === 'play_area_updated');
    expect(event).toMatchObject({ audience: 'all', payload: { playArea: AREA, noGoZones: [ZONE] } });
    // A closing corner equal to the first is dropped.
    const closed = await setArea(gm, s.id, { area: [...AREA, AREA[0]] });
    expect(closed.body.playArea).toEqual(AREA);
    expect(closed.body.noGoZones).toEqual([]);
  });

  it('clears the area', async () => {
    const s = await createSession(gm);
    await setArea(gm, s.id);
    const res = await gm.delete(path(s.id));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ playArea: null, noGoZones: [] });
  });

  it.each([
    ['a self-intersecting polygon', { area: [AREA[0], AREA[2], AREA[1], AREA[3]] }, M.selfIntersecting],
    ['too few corners', { area: AREA.slice(0, 2) }, M.tooFewVertices],
    [
      'too many corners',
      {
        area: Array.from({ length: MAX_PLAY_AREA_VERTICES + 2 }, (_, i) => {
          const a = (2 * Math.PI * i) / (MAX_PLAY_AREA_VERTICES + 2);
          return at(100 * Math.cos(a), 100 * Math.sin(a));
        }),
      },
      M.tooManyVertices,
    ],
    ['a no-go zone outside the area', { area: AREA, noGoZones: [square(15, 300)] }, M.zoneOutside(1)],
    ['a crossing no-go zone', { area: AREA, noGoZones: [[ZONE[0], ZONE[2], ZONE[1], ZONE[3]]] }, M.zoneSelfIntersecting(1)],
    ['a corner out of range', { area: [{ lat: 91, lng: 0 }, ...AREA] }, M.invalidPoint],
    ['a corner that is not a number', { area: [{ lat: 'north', lng: 0 }, ...AREA] }, M.invalidPoint],
    ['no area', {}, M.tooFewVertices],
  ])('refuses %s with a clear 400', async (_name, body, message) => {
    const s = await createSession(gm);
    const res = await setArea(gm, s.id, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  it('refuses another game master, a hunter account, a guest of the session and a signed-out caller; an admin may', async () => {
    const s = await createSession(gm);
    const otherGm = await subscribedGameMaster(server);
    const hunterAccount = await signUp(server, 'hunter');
    const guest = await guestJoin(server, s.id, s.password, 'Sneaky');
    for (const client of [otherGm, hunterAccount, guest]) {
      expect((await setArea(client, s.id)).status).toBe(403);
      expect((await client.delete(path(s.id))).status).toBe(403);
    }
    expect((await setArea(new ApiClient(server.url), s.id)).status).toBe(401);
    expect((await new ApiClient(server.url).get(path(s.id))).status).toBe(401);
    // Reading: the session's people only.
    expect((await otherGm.get(path(s.id))).status).toBe(403);
    expect((await hunterAccount.get(path(s.id))).status).toBe(403);
    expect((await gm.get(path(999_999))).status).toBe(404);
    const admin = await signInAdmin(server);
    expect((await setArea(admin, s.id)).status).toBe(200);
  });

  it('is refused while the session is live (409) and allowed again while paused', async () => {
    const s = await createSession(gm);
    expect((await gm.post(`/api/game-sessions/${s.id}/start`, {})).status).toBe(200);
    const live = await setArea(gm, s.id);
    expect(live.status).toBe(409);
    expect(live.body.error).toBe(M.notNow);
    expect((await gm.post(`/api/game-sessions/${s.id}/pause`, {})).status).toBe(200);
    expect((await setArea(gm, s.id)).status).toBe(200);
    await gm.post(`/api/game-sessions/${s.id}/end`, {});
    const ended = await gm.delete(path(s.id));
    expect(ended.status).toBe(409);
    expect(ended.body.error).toBe(M.ended);
  });
});

describe('placing dinosaurs', () => {
  const deploy = (id: number, p: { lat: number; lng: number }) =>
    gm.post(`/api/game-sessions/${id}/deploy-dinosaur`, { speciesId, latitude: p.lat, longitude: p.lng });

  it('deploys inside the area only, never in a no-go zone, with the message to show', async () => {
    const s = await createSession(gm);
    expect((await deploy(s.id, at(300))).status).toBe(200); // no area yet: anywhere
    await setArea(gm, s.id);
    expect((await deploy(s.id, at(-50))).status).toBe(200);
    const outside = await deploy(s.id, at(150));
    expect(outside.status).toBe(400);
    expect(outside.body.error).toBe(M.outsideArea);
    const inZone = await deploy(s.id, at(50));
    expect(inZone.status).toBe(400);
    expect(inZone.body.error).toBe(M.inNoGoZone);
    // The dinosaur deployed before the area is counted for the start's warning.
    expect((await gm.get(path(s.id))).body.dinosaursMisplaced).toBe(1);
  });
});

describe('hunters leaving the area', () => {
  const report = (client: ApiClient, id: number, p: { lat: number; lng: number }) => {
    clock += 60_000;
    return client.post(`/api/game-sessions/${id}/location`, { lat: p.lat, lng: p.lng, accuracy: 5 });
  };
  const zoneEvents = async (id: number) => (await server.deps.bus.since(id, 0)).filter((e) => e.type === 'hunter_zone');

  it('judges every fix on the server and tells the hunter and the owner when the state changes', async () => {
    const s = await createSession(gm);
    await setArea(gm, s.id);
    await gm.post(`/api/game-sessions/${s.id}/start`, {});
    const hunter = await guestJoin(server, s.id, s.password, 'Wanderer');
    expect((await report(hunter, s.id, at(0))).status).toBe(200);
    expect((await report(hunter, s.id, at(20))).status).toBe(200); // still inside: no event
    // Just past the line: within the hysteresis, the state holds.
    await report(hunter, s.id, at(100 + ZONE_HYSTERESIS_M / 2));
    await report(hunter, s.id, at(130));
    await report(hunter, s.id, at(0));
    await report(hunter, s.id, at(50));
    const events = await zoneEvents(s.id);
    expect(events.map((e) => [e.payload.previous, e.payload.zone])).toEqual([
      [null, 'inside'],
      ['inside', 'outside_area'],
      ['outside_area', 'inside'],
      ['inside', 'in_no_go'],
    ]);
    expect(events[1]).toMatchObject({
      audience: `owner+user:${hunter.userId}`,
      payload: { sessionId: s.id, hunterName: 'Wanderer', zone: 'outside_area', location: at(130) },
    });
    const [row] = await server.deps.db.select().from(sessionPlayers).where(eq(sessionPlayers.userId, hunter.userId)).limit(1);
    expect(row?.zoneState).toBe('in_no_go');
    const own = await hunter.get(path(s.id));
    expect(own.body.hunters).toEqual([expect.objectContaining({ hunterName: 'Wanderer', zone: 'in_no_go' })]);
  });

  it('forgets the zone state with the positions when the GPS retention ends', async () => {
    const s = await createSession(gm);
    await setArea(gm, s.id);
    const hunter = await guestJoin(server, s.id, s.password, 'Forgotten');
    await report(hunter, s.id, at(300));
    const zoneOf = async () =>
      (await server.deps.db.select().from(sessionPlayers).where(eq(sessionPlayers.userId, hunter.userId)).limit(1))[0];
    expect((await zoneOf())?.zoneState).toBe('outside_area');
    await gm.post(`/api/game-sessions/${s.id}/end`, {});
    await purgeExpiredPositions(server.deps, clock + GPS_RETENTION_MS + 60_000);
    expect(await zoneOf()).toMatchObject({ zoneState: null, zoneChangedAt: null, lastLat: null });
  });

  it('judges hunters again from their last fix when the area changes', async () => {
    const s = await createSession(gm);
    const hunter = await guestJoin(server, s.id, s.password, 'Stayer');
    await report(hunter, s.id, at(300));
    expect(await zoneEvents(s.id)).toEqual([]); // no area: no state
    await setArea(gm, s.id);
    expect((await zoneEvents(s.id)).map((e) => e.payload.zone)).toEqual(['outside_area']);
    await gm.delete(path(s.id));
    expect((await zoneEvents(s.id)).map((e) => e.payload.zone)).toEqual(['outside_area', null]);
  });
});
