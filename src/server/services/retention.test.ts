// Privacy: positions of a session that is not live are deleted 48 h after its last
// position, whatever its status (paused and preparing included), and sessions left
// paused or preparing for 24 h end themselves. Driven by a clock, not sleeps.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABANDONED_SESSION_MS, GPS_RETENTION_MS } from '../../domain/rules';
import { gameSessions, positions, sessionPlayers } from '../db/schema';
import { addPlayer, createSession } from '../testing/comms-kit';
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
const fixes = (id: number) => server.deps.db.select().from(positions).where(eq(positions.sessionId, id)).all().length;
const status = (id: number) => server.deps.db.select().from(gameSessions).where(eq(gameSessions.id, id)).get()!.status;

describe('GPS retention', () => {
  it('deletes positions of paused and preparing sessions 48 h after their last position; live ones keep theirs', async () => {
    const paused = await sessionWithFix('paused', T0);
    const preparing = await sessionWithFix('preparing', T0);
    const live = await sessionWithFix('active', T0);
    const recentPause = await sessionWithFix('paused', T0 + HOUR);
    purgeExpiredPositions(server.deps.db, T0 + GPS_RETENTION_MS - 1);
    expect([fixes(paused), fixes(preparing), fixes(live), fixes(recentPause)]).toEqual([1, 1, 1, 1]);
    purgeExpiredPositions(server.deps.db, T0 + GPS_RETENTION_MS + 1);
    expect([fixes(paused), fixes(preparing), fixes(recentPause)]).toEqual([0, 0, 1]);
    expect(fixes(live)).toBe(1); // running: it ends on its own clock first, then 48 h after that
    const player = server.deps.db.select().from(sessionPlayers).where(eq(sessionPlayers.sessionId, paused)).get()!;
    expect(player.lastLat).toBeNull();
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
