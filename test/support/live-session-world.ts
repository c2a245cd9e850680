// Set-up shared by the HTTP-layer integration tests (not a test file itself).
import { guestJoin } from './sessions';
import { type ApiClient, signUp, startTestServer, subscribedGameMaster, type TestServer } from './harness';

export type LiveSessionWorld = {
  server: TestServer;
  gm: ApiClient;
  guest: ApiClient & { userId: string };
  /** A signed-in hunter with no part in the session. */
  stranger: ApiClient;
  sessionId: number;
};

/** A running session (password 'raptor-4821') whose guest 'Swift' has reported a position and sent a message. */
export async function liveSessionWorld(name: string): Promise<LiveSessionWorld> {
  const server = await startTestServer();
  const gm = await subscribedGameMaster(server);
  const sessionId = (await gm.post('/api/game-sessions', { name, password: 'raptor-4821' })).body.id as number;
  await gm.post(`/api/game-sessions/${sessionId}/start`, { duration: 60 });
  const guest = await guestJoin(server, sessionId, 'raptor-4821', 'Swift');
  await guest.post(`/api/game-sessions/${sessionId}/location`, { lat: 48.8584, lng: 2.2945, accuracy: 5 });
  await guest.post(`/api/game-sessions/${sessionId}/communications`, { message: 'In position', type: 'text', recipientType: 'all' });
  const stranger = await signUp(server, 'hunter');
  return { server, gm, guest, stranger, sessionId };
}
