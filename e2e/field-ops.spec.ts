// Field Operations (/hunter) against the real server and database: a hunter account
// signs in, joins by session name and password, reads the briefing, walks to a
// dinosaur, observes it, radios headquarters, hears a broadcast and leaves.
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, expect, signIn, test, uniqueName } from './fixtures';
import { broadcast, createSession, deploy, lifecycle, setUpGameMaster, startSession } from './support/play';

const MODEL = path.resolve('src/server/seed/models/velociraptor.glb');
const COVER_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** The config's emulated position; the dinosaur stands about 22 m north of it. */
const START = { latitude: 48.8584, longitude: 2.2945 };
const DINO = { lat: START.latitude + 0.0002, lng: START.longitude };
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-field-ops';

async function adminApi(playwright: { request: { newContext: (o: { baseURL: string }) => Promise<APIRequestContext> } }, baseURL: string) {
  const admin = await playwright.request.newContext({ baseURL });
  const res = await admin.post('/api/auth/login', { data: ADMIN });
  expect(res.status(), await res.text()).toBe(200);
  return admin;
}

/** A mission with a difficulty, cover photo and objectives, through the admin API (multipart, as the admin form sends it). */
async function createMission(admin: APIRequestContext, difficulty: string) {
  const res = await admin.post('/api/missions', {
    multipart: {
      name: uniqueName('Operation Raptor '),
      description: 'A pack was seen near the tower. Observe it without getting close.',
      difficulty,
      duration: '60',
      maxPlayers: '20',
      objectives: JSON.stringify(['Locate the Velociraptor', 'Record one observation']),
      coverPhoto: { name: 'cover.png', mimeType: 'image/png', buffer: COVER_PNG },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; name: string };
}

/** A species that is always observed when in range (captureRate 1), so the test never depends on a roll. */
async function createSureSpecies(admin: APIRequestContext) {
  const res = await admin.post('/api/dinosaur-species', {
    multipart: {
      name: uniqueName('Velociraptor '),
      scientificName: 'Velociraptor mongoliensis',
      rarity: 'rare',
      health: '100',
      captureRate: '1',
      modelFile: { name: 'velociraptor.glb', mimeType: 'model/gltf-binary', buffer: fs.readFileSync(MODEL) },
    },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as { id: number; name: string };
}

async function registerHunter(request: APIRequestContext) {
  const username = uniqueName('ranger');
  const res = await request.post('/api/auth/register', {
    data: { username, password: 'Fossil-Trail-42', email: `${username}@example.com`, firstName: 'Rhea', lastName: 'Ranger', role: 'hunter' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { username, password: 'Fossil-Trail-42' };
}

/** Fills the Join Mission dialog (opening it from the card when it is not open yet) and submits. */
async function joinMission(page: Page, name: string, password: string) {
  const dialog = page.getByRole('dialog', { name: 'Join Mission' });
  if (!(await dialog.isVisible())) await page.getByRole('main').getByRole('button', { name: 'Join Mission' }).click();
  await dialog.getByLabel('Session Name').fill(name);
  await dialog.getByLabel('Session Password').fill(password);
  await dialog.getByRole('button', { name: 'Join Mission' }).click();
}

test('a hunter account joins by name, observes a dinosaur, radios HQ, hears a broadcast and leaves', async ({
  page,
  context,
  request,
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  // Dialogs are shot as the screen shows them (a full-page shot stretches fixed overlays).
  const shot = (name: string, fullPage = true) =>
    page.screenshot({ path: `${SHOTS}/${name}-${testInfo.project.name}.png`, fullPage });

  // Set-up through the API: a mission (hard) and a sure species by the admin; a session, one dinosaur and a start by the game master.
  const admin = await adminApi(playwright, baseURL!);
  const mission = await createMission(admin, 'hard');
  const species = await createSureSpecies(admin);
  await setUpGameMaster(request);
  const session = await createSession(request, { missionId: mission.id });
  await deploy(request, session.id, { ...DINO, speciesId: species.id });
  await startSession(request, session.id);

  // The hunter signs in through the UI and lands on Field Operations.
  const hunter = await registerHunter(await playwright.request.newContext({ baseURL }));
  await signIn(page, hunter.username, hunter.password);
  await expect(page).toHaveURL(/\/hunter$/);
  await expect(page.getByText('HUNTER', { exact: true })).toBeVisible();
  await expect(page.getByTestId('darts-remaining')).toHaveText('25/25');
  await shot('01-join-card');

  // A wrong password: the spec's error, and no session.
  await joinMission(page, session.name, 'wrong-password');
  await expect(page.getByRole('alert').filter({ hasText: 'Session not found or invalid password' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Error' })).toBeVisible();
  await expect(page.getByTestId('mission-status')).toBeHidden();

  // The right one (name in another case: the server finds it), then the briefing with its difficulty badge.
  await joinMission(page, session.name.toUpperCase(), session.password);
  await expect(page.getByRole('status').filter({ hasText: `Joined session: ${session.name}` })).toBeVisible();
  const briefing = page.getByRole('dialog', { name: /Mission Briefing/ });
  await expect(briefing).toContainText(mission.name);
  await expect(briefing.getByTestId('difficulty-badge')).toHaveText('hard');
  await expect(briefing.getByTestId('briefing-cover')).toBeVisible();
  await expect(briefing).toContainText('Locate the Velociraptor');
  await expect(briefing).toContainText('50 m safety distance');
  await shot('02-briefing', false);
  await briefing.getByRole('button', { name: 'Begin Mission' }).click();
  await expect(briefing).toBeHidden();

  // The joined session survives a reload; the briefing does not open again.
  await page.reload();
  await expect(page.getByTestId('mission-name')).toHaveText(mission.name);
  await expect(page.getByTestId('team-size')).toHaveText('1/25');
  // The hunter's true place among the session's hunters (the only one here).
  await expect(page.getByTestId('hunter-rank')).toHaveText('#1 of 1');
  await expect(page.getByRole('dialog', { name: /Mission Briefing/ })).toBeHidden();

  // Walk towards the dinosaur (steps a walker could take); the scanner finds it.
  await context.setGeolocation({ latitude: START.latitude - 0.0004, longitude: START.longitude, accuracy: 5 });
  await expect(page.getByTestId('gps-button')).toHaveText('GPS Active');
  for (const dLat of [-0.0003, -0.0002, -0.0001, 0, 0.0001]) {
    await context.setGeolocation({ latitude: START.latitude + dLat, longitude: START.longitude, accuracy: 5 });
    await page.waitForTimeout(1200);
  }
  const readout = page.getByTestId('scanner-readout');
  await expect(readout).toContainText(species.name);
  // Named once: the AR view under the readout shows only distance and direction.
  await expect(page.getByTestId('ar-scanner').getByText(species.name)).toHaveCount(1);
  await expect(page.getByTestId('ar-view').getByTestId('ar-distance')).toHaveText(/^\d+(\.\d)? m$/);
  await expect(page.getByTestId('ar-view').getByTestId('ar-direction')).toHaveText(/^(N|HERE)$/);
  await expect(page.getByTestId('target-count')).toHaveText('Targets: 1');
  // Let the throttled position report reach the server (it measures from there); the walk shows in Performance.
  await page.waitForTimeout(3500);
  await expect(page.getByTestId('perf-distance')).not.toHaveText('0.00 km');
  await shot('03-active');

  // Observe: the header's darts and captures change, and the server agrees.
  await page.getByRole('button', { name: 'Observe' }).click();
  await expect(page.getByTestId('capture-count')).toHaveText('1');
  await expect(page.getByTestId('darts-remaining')).toHaveText('24/25');
  const stats = await page.request.get(`/api/hunter/stats?sessionId=${session.id}`);
  expect(stats.status()).toBe(200);
  expect(await stats.json()).toMatchObject({ captureCount: 1, dartsRemaining: 24, dinosaursObserved: 1, shotsFired: 1 });

  // Every dinosaur observed: the notice at once, the dialog 10 s later.
  await expect(page.getByRole('status').filter({ hasText: 'Mission Complete!' })).toBeVisible();
  const complete = page.getByTestId('mission-complete-dialog');
  await expect(complete).toBeHidden();
  await expect(complete).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('result-completion-rate')).toHaveText('100%');
  await shot('04-mission-complete', false);
  await page.getByRole('button', { name: 'Continue Session' }).click();
  await expect(complete).toBeHidden();

  // A quick action that the game master reads over the API.
  await page.getByRole('button', { name: 'Target Spotted' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Target Spotted sent' })).toBeVisible();
  await expect
    .poll(async () => {
      const res = await request.get(`/api/game-sessions/${session.id}/communications`);
      const messages = (await res.json()) as { messageType: string; quickAction?: string | null }[];
      return messages.some((m) => m.messageType === 'quick_action' && m.quickAction === 'target_spotted');
    })
    .toBe(true);

  // A broadcast arrives as a notice.
  const text = `Regroup at the tower ${uniqueName('')}`;
  await broadcast(request, session.id, text);
  await expect(page.getByRole('status').filter({ hasText: text })).toBeVisible();
  await expect(page.getByTestId('comms-channel')).toContainText(text);
  await shot('05-broadcast');

  // Leave after a confirmation: back to Join Mission.
  await page.getByRole('button', { name: 'Leave Session' }).click();
  await page.getByRole('dialog', { name: 'Leave Session?' }).getByRole('button', { name: 'Leave Session' }).click();
  await expect(page.getByRole('heading', { name: 'Join Mission' })).toBeVisible();
  await expect(page.getByTestId('mission-status')).toBeHidden();
  await admin.dispose();
});

test('a session the game master ends shows Session Ended with the result, then Join Mission', async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  await setUpGameMaster(request);
  const session = await createSession(request);
  await startSession(request, session.id);
  const hunterApi = await playwright.request.newContext({ baseURL });
  const hunter = await registerHunter(hunterApi);
  await hunterApi.dispose();
  await signIn(page, hunter.username, hunter.password);
  await expect(page).toHaveURL(/\/hunter$/);
  await joinMission(page, session.name, session.password);
  // No mission: the briefing still opens (session name, CLASSIFIED) and closes with Review Later.
  const briefing = page.getByRole('dialog', { name: /Mission Briefing/ });
  await expect(briefing.getByTestId('difficulty-badge')).toHaveText('CLASSIFIED');
  await briefing.getByRole('button', { name: 'Review Later' }).click();
  await expect(page.getByTestId('mission-name')).toHaveText(session.name);

  await lifecycle(request, session.id, 'end');
  const ended = page.getByTestId('session-end-dialog');
  await expect(ended).toBeVisible();
  await expect(page.getByRole('dialog').filter({ has: ended })).toContainText('Session Ended');
  await expect(page.getByTestId('result-total-deployed')).toHaveText('0');
  await ended.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('heading', { name: 'Join Mission' })).toBeVisible();
});

test('on a phone: Your sessions before Join Mission, then the map within the first screen, the scan list and photo upload', async ({
  page,
  request,
  playwright,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the phone layout');
  test.setTimeout(120_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  await setUpGameMaster(request);
  const session = await createSession(request);
  await deploy(request, session.id, DINO);
  await startSession(request, session.id);

  const hunter = await registerHunter(await playwright.request.newContext({ baseURL }));
  await signIn(page, hunter.username, hunter.password);
  await expect(page).toHaveURL(/\/hunter$/);
  await joinMission(page, session.name, session.password);
  const briefing = page.getByRole('dialog', { name: /Mission Briefing/ });
  await briefing.getByRole('button', { name: 'Begin Mission' }).click();
  await expect(briefing).toBeHidden();

  // The map starts within the first screen (740 px), not 2,000 px down.
  const map = page.getByTestId('tactical-map').locator('.leaflet-container');
  await expect(map).toBeVisible({ timeout: 20_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await map.boundingBox();
  expect(box?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(740 - 150);
  await page.screenshot({ path: `${SHOTS}/field-ops-first-screen-360.png` });

  // The same blocks as the terminal: the scan list and photo upload.
  const scan = page.getByTestId('field-scan');
  await scan.scrollIntoViewIfNeeded();
  await scan.getByRole('button', { name: 'Scan', exact: true }).click();
  await expect(scan.getByTestId('scan-hit').first()).toBeVisible({ timeout: 15_000 });
  const comms = page.getByTestId('comms-channel');
  await comms.scrollIntoViewIfNeeded();
  await expect(comms.getByRole('button', { name: /Photo/ }).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/field-ops-full-360.png`, fullPage: true });

  // Back on Join Mission (session pointer cleared), the joined session is offered first, no "No active session".
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your sessions' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Resume ${session.name}` })).toBeVisible();
  await expect(page.getByText('No active session')).toHaveCount(0);
  await expect(page.getByTestId('join-mission-hint')).toHaveText(/^Resume a session you joined above/);
  await page.screenshot({ path: `${SHOTS}/field-ops-join-360.png` });
});

test('the session panels load when a session is shown; offline before they ever loaded, the place says so and tries again (decision 910)', async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  await setUpGameMaster(request);
  const session = await createSession(request);
  await deploy(request, session.id, DINO);
  await startSession(request, session.id);
  const hunterApi = await playwright.request.newContext({ baseURL });
  const hunter = await registerHunter(hunterApi);
  const joined = await hunterApi.post('/api/hunter/join-session', {
    data: { sessionId: String(session.id), password: session.password, hunterHandle: uniqueName('Ranger') },
  });
  expect(joined.status(), await joined.text()).toBeLessThan(300);

  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await signIn(page, hunter.username, hunter.password);
  await expect(page).toHaveURL(/\/hunter$/);
  const resume = page.getByRole('button', { name: `Resume ${session.name}` });
  await expect(resume).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The first paint of a fresh visit is the join view: its code came with the page, the session's did not.
  expect(scripts.some((s) => /\/JoinView-[\w-]+\.js$/.test(s))).toBe(true);
  expect(scripts.filter((s) => /\/ActiveSession-[\w-]+\.js$/.test(s))).toEqual([]);

  // The network drops before the session's panels were ever downloaded.
  const offline = (route: { abort: () => Promise<void> }) => route.abort();
  await page.route(/\/assets\/ActiveSession-[\w-]+\.js$/, offline);
  await resume.click();
  const failed = page.getByTestId('chunk-load-error');
  await expect(failed).toContainText('The session could not load');
  await expect(failed).toContainText('It needs the network once.');
  // The page around it keeps working: the header is there.
  await expect(page.getByTestId('darts-remaining')).toBeVisible();

  await page.unroute(/\/assets\/ActiveSession-[\w-]+\.js$/, offline);
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('mission-status')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('chunk-load-error')).toHaveCount(0);
  await hunterApi.dispose();
});
