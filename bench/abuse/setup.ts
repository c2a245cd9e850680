// bench:abuse's world, made through the real API (each client from its own loopback
// address): a subscribed game master with an active session with dinosaurs, guests
// joined to it (one per attack, so one attack's budget never hides another's), a
// second session for the join-lock scenario, and ~4,000 events in the active session
// (straight into its database, as a long game leaves them).
import { type Answer, Browser, json } from './client';
import { type Bench, nextAddress } from './harness';

export const SESSION_PASSWORD = 'raptor-bench';
export const LOCK_SESSION_PASSWORD = 'raptor-lock';
export const HISTORY_EVENTS = 4_000;
export const PASSWORD = 'Fossil-Trail-42';
export const SPOT = { lat: 48.8584, lng: 2.2945 };

export type Guest = Browser & { userId: string };
export type World = {
  gm: Browser;
  sessionId: number;
  lockSessionId: number;
  /** Guests of the active session, by the attack or check that uses each. */
  guest: (role: string) => Guest;
};

function must(answer: Answer, what: string): any {
  if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${answer.body.toString().slice(0, 300)}`);
  return json(answer);
}

let accounts = 0;
/** A fresh account, signed in, from its own address. */
export async function register(bench: Bench, role: 'gamemaster' | 'hunter'): Promise<Browser & { userId: string }> {
  const browser = new Browser(bench.url, nextAddress());
  const username = `abuse${role}${process.pid}x${++accounts}`;
  const body = must(
    await browser.post('/api/auth/register', {
      username,
      email: `${username}@example.com`,
      password: PASSWORD,
      firstName: 'Bench',
      lastName: role,
      role,
    }),
    'register',
  );
  return Object.assign(browser, { userId: body.user.id as string });
}

export async function joinGuest(bench: Bench, sessionId: number, handle: string): Promise<Guest> {
  const browser = new Browser(bench.url, nextAddress());
  must(await browser.post('/api/hunter/join-session', { sessionId: String(sessionId), password: SESSION_PASSWORD, hunterHandle: handle }), 'join');
  const user = must(await browser.get('/api/auth/user'), 'user');
  return Object.assign(browser, { userId: user.id as string });
}

export async function buildWorld(bench: Bench, guestRoles: string[]): Promise<World> {
  const gm = await register(bench, 'gamemaster');
  const plans = must(await gm.get('/api/subscription-plans'), 'plans') as { id: number; name: string }[];
  const plan = plans.find((p) => p.name === 'Professional') ?? plans[0]!;
  must(await gm.post('/api/create-subscription', { planId: plan.id }), 'subscription');
  await bench.sql('UPDATE users SET session_credits = 100 WHERE id = ?', [gm.userId], 'run');

  const created = must(await gm.post('/api/game-sessions', { name: 'Abuse bench', password: SESSION_PASSWORD, maxPlayers: 25 }), 'create');
  const sessionId = created.id as number;
  const species = await bench.sql<{ id: number }[]>('SELECT id FROM dinosaur_species ORDER BY id LIMIT 3', [], 'all');
  for (const [i, s] of species.entries()) {
    must(
      await gm.post(`/api/game-sessions/${sessionId}/deploy-dinosaur`, { speciesId: s.id, latitude: SPOT.lat + i * 0.0004, longitude: SPOT.lng - i * 0.0003 }),
      'deploy',
    );
  }
  must(await gm.post(`/api/game-sessions/${sessionId}/start`, { duration: 120 }), 'start');

  const lock = must(await gm.post('/api/game-sessions', { name: 'Abuse bench lock', password: LOCK_SESSION_PASSWORD, maxPlayers: 25 }), 'create');

  const guests = new Map<string, Guest>();
  for (const [i, role] of guestRoles.entries()) guests.set(role, await joinGuest(bench, sessionId, `Bench${i}`));
  await bench.seedEvents(sessionId, HISTORY_EVENTS);
  return {
    gm: gm as Browser,
    sessionId,
    lockSessionId: lock.id as number,
    guest: (role) => {
      const g = guests.get(role);
      if (!g) throw new Error(`no guest for ${role}`);
      return g;
    },
  };
}

/** Position rows stored for one account (in any session). */
export async function storedPositions(bench: Bench, userId: string): Promise<number> {
  const row = await bench.sql<{ n: number }>(
    'SELECT COUNT(*) AS n FROM positions p JOIN session_players sp ON sp.id = p.player_id WHERE sp.user_id = ?',
    [userId],
  );
  return row.n;
}
