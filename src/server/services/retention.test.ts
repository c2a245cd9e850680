// Privacy: positions of a session that is not live are deleted 48 h after its last
// position, whatever its status (paused and preparing included), and sessions left
// paused or preparing for 24 h end themselves. Media of a session (photo and video
// files) follow the same schedule: the file is deleted and its message keeps its
// text with mediaUrl null. Driven by a clock, not sleeps.
import fs from 'node:fs';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABANDONED_SESSION_MS, GPS_RETENTION_MS } from '../../domain/rules';
import { events, gameSessions, messages, positions, sessionPlayers } from '../db/schema';
import { addPlayer, createSession, hunterIn, JPEG } from '../../../test/support/comms-kit';
import { form } from '../../../test/support/sample-files';
import { signUp, startTestServer, subscribedGameMaster, type TestServer } from '../../../test/support/harness';
import { endAbandonedSessions, purgeExpiredPositions } from './positions';

let server: TestServer;
let gmId: string;
beforeAll(async () => {
  server = await startTestServer();
  gmId = (await subscribedGameMaster(server)).user.id;
});
afterAll(() => server.close());

const T0 = Date.UTC(2030, 0, 1);
const HOUR = 60 * 60 * 1000;

async function sessionWithFix(status: 'paused' | 'preparing' | 'active', at: number) {
  const id = await createSession(server, gmId, {
    status,
    startTime: status === 'preparing' ? null : at,
    duration: 120,
    pausedAt: status === 'paused' ? at : null,
    createdAt: at - 2 * HOUR,
  });
  const hunter = await signUp(server, 'hunter');
  const playerId = await addPlayer(server, id, hunter.user.id, 'Walker');
  await server.deps.db.insert(positions).values({ sessionId: id, playerId, lat: 45.5, lng: -73.5, accuracy: 5, precision: 'high', recordedAt: at });
  await server.deps.db.update(sessionPlayers).set({ lastLat: 45.5, lastLng: -73.5, lastPositionAt: at }).where(eq(sessionPlayers.id, playerId));
  return id;
}
const purge = (now: number) => purgeExpiredPositions(server.deps, now);
const fixes = async (id: number) => (await server.deps.db.select().from(positions).where(eq(positions.sessionId, id))).length;
const status = async (id: number) => (await server.deps.db.select().from(gameSessions).where(eq(gameSessions.id, id)).limit(1))[0]!.status;
/** The sessions named by the newest positions_purged event (no session: the read cache drops them). */
const lastPurged = async () =>
  (
    await server.deps.db.select().from(events).where(eq(events.type, 'positions_purged')).orderBy(desc(events.id)).limit(1)
  )[0];

describe('GPS retention', () => {
  it('deletes positions of paused and preparing sessions 48 h after their last position; live ones keep theirs', async () => {
    const paused = await sessionWithFix('paused', T0);
    const preparing = await sessionWithFix('preparing', T0);
    const live = await sessionWithFix('active', T0);
    const recentPause = await sessionWithFix('paused', T0 + HOUR);
    await purge(T0 + GPS_RETENTION_MS - 1);
    expect([await fixes(paused), await fixes(preparing), await fixes(live), await fixes(recentPause)]).toEqual([1, 1, 1, 1]);
    expect(await lastPurged()).toBeUndefined();
    const purged = await purge(T0 + GPS_RETENTION_MS + 1);
    expect([await fixes(paused), await fixes(preparing), await fixes(recentPause)]).toEqual([0, 0, 1]);
    expect(await fixes(live)).toBe(1); // running: it ends on its own clock first, then 48 h after that
    const [player] = await server.deps.db.select().from(sessionPlayers).where(eq(sessionPlayers.sessionId, paused)).limit(1);
    expect(player!.lastLat).toBeNull();
    // The purge itself tells the cached reads which sessions changed, in one event outside any session.
    const event = await lastPurged();
    expect(event).toMatchObject({ sessionId: null, audience: 'owner' });
    expect(event!.payload.sessionIds).toHaveLength(purged.sessions);
    expect(event!.payload.sessionIds).toEqual(expect.arrayContaining([paused, preparing]));
    expect(event!.payload.sessionIds).not.toContain(recentPause);
  });
});

describe('media retention', () => {
  const fileOf = (url: string) => path.join(server.dir, 'uploads', url.replace(/^\/uploads\//, ''));
  const messageOf = async (id: number) => (await server.deps.db.select().from(messages).where(eq(messages.id, id)).limit(1))[0]!;
  async function sessionWithPhoto(caption: string, duration = 60) {
    const id = await createSession(server, gmId, { duration });
    const hunter = await hunterIn(server, id, `Snap${id}`);
    const res = await hunter.request('POST', `/api/game-sessions/${id}/upload-media`, form({ message: caption }, { media: [JPEG, 'p.jpg'] }));
    expect(res.status).toBe(200);
    expect(fs.existsSync(fileOf(res.body.mediaUrl))).toBe(true);
    return { id, messageId: res.body.id as number, url: res.body.mediaUrl as string };
  }

  it('deletes the files of an ended session 48 h after its last photo or position; the message keeps its text with mediaUrl null', async () => {
    const ended = await sessionWithPhoto('Nest at the ridge');
    const live = await sessionWithPhoto('Still hunting', 10 * 24 * 60);
    const endedAt = (await messageOf(ended.messageId)).createdAt;
    await server.deps.db.update(gameSessions).set({ status: 'completed', endTime: endedAt }).where(eq(gameSessions.id, ended.id));
    await purge(endedAt + GPS_RETENTION_MS - 1);
    expect(fs.existsSync(fileOf(ended.url))).toBe(true);
    expect((await messageOf(ended.messageId)).mediaUrl).toBe(ended.url);
    await purge(endedAt + GPS_RETENTION_MS + 1);
    expect(fs.existsSync(fileOf(ended.url))).toBe(false);
    expect(await messageOf(ended.messageId)).toMatchObject({ mediaUrl: null, message: 'Nest at the ridge', messageType: 'media' });
    expect((await fetch(server.url + ended.url)).status).toBe(404);
    // A running session (planned for 10 days) keeps its media 48 h after its last photo.
    await purge(Date.now() + GPS_RETENTION_MS + HOUR);
    expect(fs.existsSync(fileOf(live.url))).toBe(true);
    expect((await messageOf(live.messageId)).mediaUrl).toBe(live.url);
  });

  it('counts a paused session from its last media message, not from a missing position', async () => {
    const paused = await sessionWithPhoto('Paused here');
    const sentAt = (await messageOf(paused.messageId)).createdAt;
    await server.deps.db.update(gameSessions).set({ status: 'paused', pausedAt: sentAt }).where(eq(gameSessions.id, paused.id));
    await purge(sentAt + GPS_RETENTION_MS - 1);
    expect(fs.existsSync(fileOf(paused.url))).toBe(true);
    await purge(sentAt + GPS_RETENTION_MS + 1);
    expect(fs.existsSync(fileOf(paused.url))).toBe(false);
    expect((await messageOf(paused.messageId)).mediaUrl).toBeNull();
  });
});

describe('abandoned sessions', () => {
  it('end themselves after 24 h paused or preparing without activity; scheduled and recent ones stay', async () => {
    const paused = await sessionWithFix('paused', T0);
    const preparing = await createSession(server, gmId, { status: 'preparing', startTime: null, createdAt: T0 });
    const scheduled = await createSession(server, gmId, {
      status: 'preparing',
      startTime: null,
      createdAt: T0,
      scheduledStartTime: T0 + ABANDONED_SESSION_MS + 2 * HOUR,
    });
    const recent = await sessionWithFix('paused', T0 + 2 * HOUR);
    const deps = { ...server.deps, now: () => T0 + ABANDONED_SESSION_MS + HOUR };
    expect(await endAbandonedSessions(deps)).toBeGreaterThanOrEqual(2);
    expect([await status(paused), await status(preparing), await status(scheduled), await status(recent)]).toEqual([
      'completed',
      'completed',
      'preparing',
      'paused',
    ]);
    expect((await server.deps.bus.since(paused, 0)).some((e) => e.type === 'session_ended')).toBe(true);
  });
});
