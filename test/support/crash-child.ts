// The server of the crash test (durability.crash.test.ts), run as its own process so it can be
// killed with SIGKILL: `node --import tsx crash-child.ts <dir> [setup]`. With `setup` it
// also creates a live game (3 hunters, 15 dinosaurs in range (the plan's limit)) over its own HTTP API.
// Prints one JSON line on stdout when listening.
import { addSpecies, createSession, guestJoin, HERE, setPosition } from './sessions';
import { startTestServer, subscribedGameMaster } from './harness';

const [dir, mode] = process.argv.slice(2);
if (!dir) throw new Error('usage: crash-child.ts <dir> [setup]');
const server = await startTestServer({}, { dir, keepDir: true });
let game: { sessionId: number; dinos: number[]; hunters: { cookie: string; userId: string }[] } | null = null;
if (mode === 'setup') {
  const gm = await subscribedGameMaster(server);
  const species = await addSpecies(server, 1, 'Crashosaurus');
  const s = await createSession(gm, { maxPlayers: 10 });
  const dinos: number[] = [];
  for (let i = 0; i < 15; i += 1) {
    const res = await gm.post(`/api/game-sessions/${s.id}/deploy-dinosaur`, {
      sessionId: s.id,
      speciesId: species,
      latitude: HERE.lat,
      longitude: HERE.lng,
    });
    if (res.status !== 200) throw new Error(`deploy: ${res.status} ${JSON.stringify(res.body)}`);
    dinos.push(res.body.id);
  }
  await gm.post(`/api/game-sessions/${s.id}/start`);
  const hunters = [];
  for (const handle of ['Ava', 'Bob', 'Cyd']) {
    const hunter = await guestJoin(server, s.id, 'raptor-4821', handle);
    await setPosition(server, s.id, hunter.userId, HERE.lat, HERE.lng);
    hunters.push({ cookie: hunter.cookie, userId: hunter.userId });
  }
  game = { sessionId: s.id, dinos, hunters };
}
process.stdout.write(`${JSON.stringify({ url: server.url, game })}\n`);
