// The play area's live events on the /ws door (issue 26): play_area_updated reaches everyone in the
// session; hunter_zone reaches the hunter it is about and the owner, never the other hunters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, hunterIn, type Signed, sleep, WsClient } from '../../../test/support/comms-kit';
import { startTestServer, subscribedGameMaster, type TestServer } from '../../../test/support/harness';

let server: TestServer;
let gm: Signed;
let session: number;
let rex: Signed;
let raptor: Signed;
const open: WsClient[] = [];

async function subscribed(client: { cookie: string }) {
  const ws = WsClient.connect(server, `?sessionId=${session}`, client.cookie);
  open.push(ws);
  await ws.next((f) => f.type === 'subscribed');
  return ws;
}

const LAT = 45.5;
const LNG = -73.5;
const D = 0.001; // about 111 m north-south, 78 m east-west
const AREA = [
  { lat: LAT - D, lng: LNG - D },
  { lat: LAT - D, lng: LNG + D },
  { lat: LAT + D, lng: LNG + D },
  { lat: LAT + D, lng: LNG - D },
];

beforeAll(async () => {
  server = await startTestServer();
  gm = (await subscribedGameMaster(server)) as Signed;
  session = await createSession(server, gm.user.id, { status: 'preparing', startTime: null });
  rex = await hunterIn(server, session, 'Rex');
  raptor = await hunterIn(server, session, 'Raptor');
});
afterAll(async () => {
  for (const ws of open) ws.close();
  await server.close();
});

describe('play-area events on /ws', () => {
  it('sends play_area_updated to all, and hunter_zone to the hunter and the owner only', async () => {
    const gmWs = await subscribed(gm);
    const rexWs = await subscribed(rex);
    const raptorWs = await subscribed(raptor);
    expect((await gm.put(`/api/game-sessions/${session}/play-area`, { area: AREA })).status).toBe(200);
    for (const ws of [gmWs, rexWs, raptorWs]) {
      expect(await ws.next((f) => f.type === 'play_area_updated')).toMatchObject({ sessionId: session, playArea: AREA });
    }
    rexWs.send({ type: 'hunter_location', sessionId: session, location: { lat: LAT, lng: LNG + 3 * D }, accuracy: 5, requestId: 'out' });
    await rexWs.next((f) => f.type === 'ack' && f.requestId === 'out');
    for (const ws of [gmWs, rexWs]) {
      expect(await ws.next((f) => f.type === 'hunter_zone')).toMatchObject({
        sessionId: session,
        userId: rex.user.id,
        hunterName: 'Rex',
        zone: 'outside_area',
        previous: null,
      });
    }
    await sleep(50);
    expect(raptorWs.ofType('hunter_zone')).toEqual([]);
  });
});
