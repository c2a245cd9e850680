// Issue #28, proof (6): 25 hunters and a game master play through a round-robin proxy in front of
// three processes, and one process is killed with SIGKILL mid-game. Nothing a phone was told had
// been stored is lost (acknowledged positions, observations and messages are in the database, and
// the game master's screen received every acknowledged position and message), and every phone
// whose socket died is live again (subscribed on another process) within 10 s of the kill.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { messages, observations, positions, sessionPlayers } from '../db/schema';
import {
  type Account,
  guestJoin,
  LiveSocket,
  liveSession,
  offset,
  signInAdmin,
  sleep,
  subscribedGameMaster,
  type LiveSessionInfo,
} from '../../../test/support/cluster-clients';
import { openClusterDb } from '../../../test/support/cluster-db';
import { type Cluster, startCluster } from '../../../test/support/cluster-harness';

const HUNTERS = 25;
const REPORT_EVERY_MS = 1000;
const PLAY_BEFORE_KILL_MS = 5000;
const PLAY_AFTER_KILL_MS = 12_000;
const LIVE_AGAIN_WITHIN_MS = 10_000;

let cluster: Cluster;
let db: Db;
let closeDb: () => Promise<void>;
let gm: Account;
let session: LiveSessionInfo;

beforeAll(async () => {
  cluster = await startCluster({ processes: 3, together: true });
  ({ db, close: closeDb } = await openClusterDb(cluster.databaseUrl));
  const admin = await signInAdmin(cluster.url);
  gm = await subscribedGameMaster(cluster.url, admin);
  session = await liveSession(gm, { dinosaurs: 5, maxPlayers: HUNTERS });
});
afterAll(async () => {
  await closeDb?.();
  await cluster?.stop();
});

type Phone = {
  index: number;
  userId: string;
  client: Awaited<ReturnType<typeof guestJoin>>;
  socket: LiveSocket;
  /** Positions the server acknowledged as stored (accepted: true), and when. */
  positions: { lat: number; lng: number }[];
  positionAckedAt: number[];
  /** How each attempt ended (ack, HTTP status, error), for the failure message. */
  outcomes: Record<string, number>;
  messages: number[];
  observations: number[];
  /** Requests that got no answer (the process died under them): neither acknowledged nor counted. */
  unanswered: number;
};

function count(phone: Phone, outcome: string) {
  phone.outcomes[outcome] = (phone.outcomes[outcome] ?? 0) + 1;
}

function acked(phone: Phone, at: { lat: number; lng: number }) {
  phone.positions.push(at);
  phone.positionAckedAt.push(Date.now());
}

describe('a process dies mid-game', () => {
  it('(6) 25 hunters and a game master lose nothing acknowledged and are live again within 10 s of a SIGKILL', async () => {
    const gmSocket = LiveSocket.open(cluster.wsUrl, session.id, gm.cookies());
    const phones: Phone[] = [];
    // Five joins at a time, like a group scanning the QR code.
    for (let from = 0; from < HUNTERS; from += 5) {
      const joined = await Promise.all(
        Array.from({ length: Math.min(5, HUNTERS - from) }, (_, k) => guestJoin(cluster.url, session.id, session.password, `Hunter ${from + k + 1}`)),
      );
      for (const [k, hunter] of joined.entries()) {
        const socket = LiveSocket.open(cluster.wsUrl, session.id, hunter.cookies());
        phones.push({ index: from + k, userId: hunter.userId, client: hunter, socket, positions: [], positionAckedAt: [], outcomes: {}, messages: [], observations: [], unanswered: 0 });
      }
    }
    await Promise.all([gmSocket.ready(), ...phones.map((p) => p.socket.ready())]);

    let playing = true;
    const play = async (phone: Phone) => {
      const { client } = phone;
      // Half the phones report through the socket, half through REST (both doors, both acknowledged).
      const overSocket = phone.index % 2 === 0;
      let tick = 0;
      await sleep((phone.index * REPORT_EVERY_MS) / HUNTERS);
      while (playing) {
        tick += 1;
        // About 1.5 m north a second: plausible walking, and every report a distinct point.
        const at = offset(tick * 1.5 + phone.index * 0.01, phone.index);
        try {
          if (overSocket) {
            if (phone.socket.isLive) {
              const ack = await phone.socket.request({ type: 'hunter_location', location: at, accuracy: 5 });
              count(phone, `ws ack accepted=${ack.accepted}`);
              if (ack.accepted) acked(phone, at);
            } else count(phone, 'ws not live');
          } else {
            const res = await client.post(`/api/game-sessions/${session.id}/location`, { lat: at.lat, lng: at.lng, accuracy: 5 });
            count(phone, `rest ${res.status}${res.status === 200 ? ` accepted=${res.body.accepted}` : ''}`);
            if (res.status === 200 && res.body.accepted) acked(phone, at);
          }
        } catch (error) {
          count(phone, `position failed: ${error instanceof Error ? error.message.slice(0, 60) : 'error'}`);
          phone.unanswered += 1;
        }
        try {
          if (tick % 4 === 0) {
            if (overSocket && phone.socket.isLive) {
              const ack = await phone.socket.request({ type: 'comms_message', message: `hunter ${phone.index} tick ${tick}`, recipientType: 'all' });
              phone.messages.push(ack.id);
            } else if (!overSocket) {
              const res = await client.post(`/api/game-sessions/${session.id}/communications`, { message: `hunter ${phone.index} tick ${tick}`, recipientType: 'all' });
              if (res.status === 200) phone.messages.push(res.body.id);
            }
          }
          if (tick % 5 === 3) {
            const dinosaurId = session.dinosaurs[(phone.index + tick) % session.dinosaurs.length]!;
            const res = await client.post('/api/hunter/observation', { sessionId: session.id, dinosaurId });
            if (res.status === 200 && res.body.outcome !== 'out_of_range') phone.observations.push(dinosaurId);
          }
        } catch {
          phone.unanswered += 1;
        }
        await sleep(REPORT_EVERY_MS);
      }
    };
    const game = Promise.all(phones.map((phone) => play(phone)));

    await sleep(PLAY_BEFORE_KILL_MS);
    const killAt = Date.now();
    const exit = await cluster.kill(1, 'SIGKILL');
    expect(exit.signal).toBe('SIGKILL');
    await sleep(PLAY_AFTER_KILL_MS);
    playing = false;
    await game;

    // Every phone whose socket died with the process is subscribed again, on a live process, in time.
    const sockets = [{ name: 'game master', socket: gmSocket }, ...phones.map((p) => ({ name: `hunter ${p.index + 1}`, socket: p.socket }))];
    const dropped = sockets.filter((s) => s.socket.drops.some((d) => d.at >= killAt));
    expect(dropped.length).toBeGreaterThan(0);
    const late = dropped
      .map(({ name, socket }) => ({ name, liveAgainAfterMs: (socket.subscribedAt.find((t) => t >= killAt) ?? Number.POSITIVE_INFINITY) - killAt }))
      .filter((s) => !(s.liveAgainAfterMs <= LIVE_AGAIN_WITHIN_MS));
    expect(late).toEqual([]);
    expect(sockets.filter((s) => !s.socket.isLive).map((s) => s.name)).toEqual([]);

    // Acknowledged positions are stored.
    const players = await db
      .select({ id: sessionPlayers.id, userId: sessionPlayers.userId })
      .from(sessionPlayers)
      .where(eq(sessionPlayers.sessionId, session.id));
    const playerOf = new Map(players.map((p) => [p.userId, p.id]));
    const key = (p: { lat: number; lng: number }) => `${p.lat.toFixed(7)},${p.lng.toFixed(7)}`;
    const stored = await db.select().from(positions).where(eq(positions.sessionId, session.id));
    const lostPositions: string[] = [];
    for (const phone of phones) {
      const mine = new Set(stored.filter((s) => s.playerId === playerOf.get(phone.userId)).map(key));
      for (const p of phone.positions) if (!mine.has(key(p))) lostPositions.push(`hunter ${phone.index + 1} ${key(p)}`);
    }
    expect(lostPositions).toEqual([]);

    // Acknowledged messages are stored.
    const ackedMessages = phones.flatMap((p) => p.messages);
    const storedMessages = new Set(
      (await db.select({ id: messages.id }).from(messages).where(and(eq(messages.sessionId, session.id), inArray(messages.id, ackedMessages)))).map((m) => m.id),
    );
    expect(ackedMessages.filter((id) => !storedMessages.has(id))).toEqual([]);

    // Acknowledged observations (a dart fired in range) are stored.
    const storedObservations = await db.select().from(observations).where(eq(observations.sessionId, session.id));
    const lostObservations = phones.flatMap((phone) =>
      phone.observations
        .filter((dinosaurId) => !storedObservations.some((o) => o.playerId === playerOf.get(phone.userId) && o.dinosaurId === dinosaurId))
        .map((dinosaurId) => `hunter ${phone.index + 1} dinosaur ${dinosaurId}`),
    );
    expect(lostObservations).toEqual([]);

    // The game master's screen got every acknowledged position and message (resuming by id across the kill).
    const ackedPositionCount = phones.reduce((n, p) => n + p.positions.length, 0);
    const seen = () => {
      const locations = new Set(gmSocket.ofType('hunter_location').map((e) => `${e.userId} ${key(e.location)}`));
      const said = new Set(gmSocket.ofType('new_communication').map((e) => e.id as number));
      return {
        positionsMissing: phones.flatMap((p) => p.positions.filter((at) => !locations.has(`${p.userId} ${key(at)}`))).length,
        messagesMissing: ackedMessages.filter((id) => !said.has(id)).length,
      };
    };
    await gmSocket.until(() => seen().positionsMissing === 0 && seen().messagesMissing === 0, 10_000, 'game master saw everything').catch(() => {});
    expect({ ...seen(), duplicates: gmSocket.duplicates.length, outOfOrder: gmSocket.outOfOrder.length }).toEqual({
      positionsMissing: 0,
      messagesMissing: 0,
      duplicates: 0,
      outOfOrder: 0,
    });

    // The game went on: every phone had a position acknowledged after the kill.
    const outcomes: Record<string, number> = {};
    for (const phone of phones) for (const [k, n] of Object.entries(phone.outcomes)) outcomes[k] = (outcomes[k] ?? 0) + n;
    console.log(`(6) ${ackedPositionCount} positions, ${ackedMessages.length} messages, ${phones.reduce((n, p) => n + p.observations.length, 0)} observations acknowledged; ${dropped.length} sockets dropped by the kill; outcomes ${JSON.stringify(outcomes)}`);
    expect(phones.filter((p) => !p.positionAckedAt.some((t) => t > killAt)).map((p) => `hunter ${p.index + 1}: ${JSON.stringify(p.outcomes)}`)).toEqual([]);
    expect(ackedMessages.length).toBeGreaterThan(0);
    await Promise.all(sockets.map((s) => s.socket.close()));
  });
});
