// Helpers for the sessions-area integration tests (not a test file itself).
import { and, eq } from 'drizzle-orm';
import { dinosaurSpecies, sessionPlayers } from '../../src/server/db/schema';
import { ApiClient, type TestServer } from './harness';

export { subscribedGameMaster } from './harness';

let sessionCounter = 0;
export async function createSession(gm: ApiClient, body: Record<string, unknown> = {}) {
  sessionCounter += 1;
  const res = await gm.post('/api/game-sessions', {
    name: `Hunt ${process.pid}-${sessionCounter}`,
    password: 'raptor-4821',
    ...body,
  });
  if (res.status !== 200) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; name: string; password: string; [k: string]: unknown };
}

/** Adds a species with a known capture rate (1 = always, 0 = never) and returns its id. */
export async function addSpecies(server: TestServer, captureRate: number, name = `Testosaurus ${captureRate}`): Promise<number> {
  const [row] = await server.deps.db
    .insert(dinosaurSpecies)
    .values({ name, captureRate, health: 120, modelPath: 'models/test.glb' })
    .returning({ id: dinosaurSpecies.id });
  return row!.id;
}

export async function guestJoin(server: TestServer, sessionId: number, password: string, hunterHandle: string) {
  const client = new ApiClient(server.url);
  const res = await client.post('/api/hunter/join-session', { sessionId: String(sessionId), password, hunterHandle });
  if (res.status !== 200) throw new Error(`join failed: ${res.status} ${JSON.stringify(res.body)}`);
  const userId = (await client.get('/api/auth/user')).body.id as string;
  return Object.assign(client, { userId });
}

/** Writes a hunter's last reported position the way the positions service stores it. */
export async function setPosition(server: TestServer, sessionId: number, userId: string, lat: number, lng: number, at = Date.now()) {
  await server.deps.db
    .update(sessionPlayers)
    .set({ lastLat: lat, lastLng: lng, lastAccuracy: 5, lastPositionAt: at })
    .where(and(eq(sessionPlayers.sessionId, sessionId), eq(sessionPlayers.userId, userId)));
}

/** Moves the server's clock (deps.now) by `ms` from real time; returns a reset function. */
export function shiftClock(server: TestServer, ms: number) {
  server.deps.now = () => Date.now() + ms;
  return () => {
    server.deps.now = Date.now;
  };
}

export const HERE = { lat: 48.8584, lng: 2.2945 };
/** About `m` metres north of HERE. */
export const north = (m: number) => ({ lat: HERE.lat + m / 111_195, lng: HERE.lng });
