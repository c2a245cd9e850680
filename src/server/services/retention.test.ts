// Privacy: positions of a session that is not live are deleted 48 h after its last
// position, whatever its status (paused and preparing included), and sessions left
// paused or preparing for 24 h end themselves. Media of a session (photo and video
// files) follow the same schedule: the file is deleted and its message keeps its
// text with mediaUrl null. Driven by a clock, not sleeps.
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABANDONED_SESSION_MS, GPS_RETENTION_MS } from '../../domain/rules';
import { gameSessions, messages, positions, sessionPlayers } from '../db/schema';
import { addPlayer, createSession, hunterIn, JPEG } from '../testing/comms-kit';
import { form } from '../testing/sample-files';
import { signUp, startTestServer, subscribedGameMaster, type TestServer } from '../testing/harness';
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
  const id = createSession(server, gmId, {
    status,
    startTime: status === 'preparing' ? null : at,
    duration: 120,
    pausedAt: status === 'paused' ? at : null,
    createdAt: at - 2 * HOUR,
  });
  const hunter = await signUp(server, 'hunter');
  const playerId = addPlayer(server, id, hunter.user.id, 'Walker');
  server.deps.db.insert(positions).values({ sessionId: id, playerId, lat: 45.5, lng: -73.5, accuracy: 5, precision: 'high', recordedAt: at }).run();
  server.deps.db.update(sessionPlayers).set({ lastLat: 45.5, lastLng: -73.5, lastPositionAt: at }).where(eq(sessionPlayers.id, playerId)).run();
  return id;
}
const purge = (now: number) => purgeExpiredPositions(server.deps.db, now, server.deps.config.UPLOADS_DIR);
const fixes = (id: number) => server.deps.db.select().from(positions).where(eq(positions.sessionId, id)).all().length;
const status = (id: number) => server.deps.db.select().from(gameSessions).where(eq(gameSessions.id, id)).get()!.status;

describe('GPS retention', () => {
  it('deletes positions of paused and preparing sessions 48 h after their last position; live ones keep theirs', async () => {
    const paused = await sessionWithFix('paused', T0);
    const preparing = await sessionWithFix('preparing', T0);
    const live = await sessionWithFix('active', T0);
    const recentPause = await sessionWithFix('paused', T0 + HOUR);
    purge(T0 + GPS_RETENTION_MS - 1);
    expect([fixes(paused), fixes(preparing), fixes(live), fixes(recentPause)]).toEqual([1, 1, 1, 1]);
    purge(T0 + GPS_RETENTION_MS + 1);
    expect([fixes(paused), fixes(preparing), fixes(recentPause)]).toEqual([0, 0, 1]);
    expect(fixes(live)).toBe(1); // running: it ends on its own clock first, then 48 h after that
    const player = server.deps.db.select().from(sessionPlayers).where(eq(sessionPlayers.sessionId, paused)).get()!;
    expect(player.lastLat).toBeNull();
  });
});

describe('media retention', () => {
  const fileOf = (url: string) => path.join(server.dir, 'uploads', url.replace(/^\/uploads\//, ''));
  const messageOf = (id: number) => server.deps.db.select().from(messages).where(eq(messages.id, id)).get()!;
  async function sessionWithPhoto(caption: string, duration = 60) {
    const id = createSession(server, gmId, { duration });
    const hunter = await hunterIn(server, id, `Snap${id}`);
    const res = await hunter.request('POST', `/api/game-sessions/${id}/upload-media`, form({ message: caption }, { media: [JPEG, 'p.jpg'] }));
    expect(res.status).toBe(200);
    expect(fs.existsSync(fileOf(res.body.mediaUrl))).toBe(true);
    return { id, messageId: res.body.id as number, url: res.body.mediaUrl as string };
  }

  it('deletes the files of an ended session 48 h after its last photo or position; the message keeps its text with mediaUrl null', async () => {
    const ended = await sessionWithPhoto('Nest at the ridge');
    const live = await sessionWithPhoto('Still hunting', 10 * 24 * 60);
    const endedAt = messageOf(ended.messageId).createdAt;
    server.deps.db.update(gameSessions).set({ status: 'completed', endTime: endedAt }).where(eq(gameSessions.id, ended.id)).run();
    purge(endedAt + GPS_RETENTION_MS - 1);
    expect(fs.existsSync(fileOf(ended.url))).toBe(true);
    expect(messageOf(ended.messageId).mediaUrl).toBe(ended.url);
    purge(endedAt + GPS_RETENTION_MS + 1);
    expect(fs.existsSync(fileOf(ended.url))).toBe(false);
    expect(messageOf(ended.messageId)).toMatchObject({ mediaUrl: null, message: 'Nest at the ridge', messageType: 'media' });
    expect((await fetch(server.url + ended.url)).status).toBe(404);
    // A running session (planned for 10 days) keeps its media 48 h after its last photo.
    purge(Date.now() + GPS_RETENTION_MS + HOUR);
    expect(fs.existsSync(fileOf(live.url))).toBe(true);
    expect(messageOf(live.messageId).mediaUrl).toBe(live.url);
  });

  it('counts a paused session from its last media message, not from a missing position', async () => {
    const paused = await sessionWithPhoto('Paused here');
    const sentAt = messageOf(paused.messageId).createdAt;
    server.deps.db.update(gameSessions).set({ status: 'paused', pausedAt: sentAt }).where(eq(gameSessions.id, paused.id)).run();
    purge(sentAt + GPS_RETENTION_MS - 1);
    expect(fs.existsSync(fileOf(paused.url))).toBe(true);
    purge(sentAt + GPS_RETENTION_MS + 1);
    expect(fs.existsSync(fileOf(paused.url))).toBe(false);
    expect(messageOf(paused.messageId).mediaUrl).toBeNull();
  });
});

describe('abandoned sessions', () => {
  it('end themselves after 24 h paused or preparing without activity; scheduled and recent ones stay', async () => {
    const paused = await sessionWithFix('paused', T0);
    const preparing = createSession(server, gmId, { status: 'preparing', startTime: null, createdAt: T0 });
    const scheduled = createSession(server, gmId, {
      status: 'preparing',
      startTime: null,
      createdAt: T0,
      scheduledStartTime: T0 + ABANDONED_SESSION_MS + 2 * HOUR,
    });
    const recent = await sessionWithFix('paused', T0 + 2 * HOUR);
    const deps = { ...server.deps, now: () => T0 + ABANDONED_SESSION_MS + HOUR };
    expect(endAbandonedSessions(deps)).toBeGreaterThanOrEqual(2);
    expect([status(paused), status(preparing), status(scheduled), status(recent)]).toEqual([
      'completed',
      'completed',
      'preparing',
      'paused',
    ]);
    expect(server.deps.bus.since(paused, 0).some((e) => e.type === 'session_ended')).toBe(true);
  });
});
