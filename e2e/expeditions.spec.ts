// Public expeditions (issue 29, decisions 835-837) against the real server: a game master
// makes a session public at Mission HQ with a meeting point placed on the map; a hunter
// account on a phone (emulated GPS) finds it in the list, nearest first, joins without a
// password, is removed by the game master and sees why.
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, routeExternalServices, test, uniqueName } from './fixtures';
import { setUpGameMaster } from './support/play';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/expedition';
fs.mkdirSync(SHOTS, { recursive: true });
const HERE = { latitude: 48.8584, longitude: 2.2945 };
const notice = (page: Page, title: string) => page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: title }).first();

test('an account hunter finds a public expedition, joins without a password, is removed and sees why', async ({ page, browser, baseURL, registerUser }, info) => {
  test.skip(info.project.name !== 'phone', 'the hunter plays on a phone; headquarters opens its own desktop context');
  test.setTimeout(150_000);

  // Headquarters on a desktop.
  const hqContext = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, geolocation: HERE, permissions: ['geolocation'], serviceWorkers: 'block' });
  await routeExternalServices(hqContext);
  const hq = await hqContext.newPage();
  await setUpGameMaster(hq.request);
  // Another public expedition about 6 km away, and a private session: listed after ours, and never.
  const far = uniqueName('Far Ridge ');
  const farRes = await hq.request.post('/api/game-sessions', {
    data: { name: far, password: 'raptor-42', isPublic: true, meetingPoint: { lat: HERE.latitude + 0.054, lng: HERE.longitude } },
  });
  expect(farRes.status(), await farRes.text()).toBe(200);
  const secret = uniqueName('Secret Hunt ');
  expect((await hq.request.post('/api/game-sessions', { data: { name: secret, password: 'raptor-42' } })).status()).toBe(200);

  await hq.goto('/gamemaster');
  await expect(hq.getByRole('heading', { name: 'Mission HQ', level: 1 })).toBeVisible({ timeout: 30_000 });
  const name = uniqueName('Tower Trail ');
  // Headquarters already has sessions: the form opens from New Session.
  await hq.getByRole('button', { name: 'New Session' }).click();
  const form = hq.getByRole('form', { name: 'Create session' });
  await form.getByLabel('Session Name').fill(name);
  await form.getByRole('textbox', { name: 'Session Password' }).fill('clever-girl');
  await form.getByRole('switch', { name: 'Public expedition' }).check();
  // Public without a meeting point is refused on the spot.
  await form.getByRole('button', { name: 'Create Session' }).click();
  await expect(form.getByTestId('meeting-point')).toHaveText('A public expedition needs a meeting point: click the map to place it');
  const map = form.getByTestId('meeting-point-map');
  await map.getByRole('button', { name: 'Center' }).click();
  await map.getByRole('button', { name: 'Place the meeting point at the map centre' }).click();
  await expect(form.getByTestId('meeting-point')).toContainText('Meeting point: 48.858');
  await form.getByLabel('Meeting note (optional)').fill('By the east pillar');
  await hq.screenshot({ path: `${SHOTS}/hq-create-1280.png`, fullPage: true });
  await form.getByRole('button', { name: 'Create Session' }).click();
  await expect(notice(hq, 'Session Created')).toBeVisible();
  await expect(hq.getByTestId('expedition-status')).toContainText('Public');

  // The hunter, signed in with an account on a phone at the emulated position.
  const hunter = await registerUser('hunter');
  await page.goto('/hunter');
  const list = page.getByTestId('public-expeditions');
  await expect(list.getByRole('heading', { name: 'Public expeditions' })).toBeVisible({ timeout: 30_000 });
  await expect(list).toContainText('Nearest meeting point first');
  const ours = list.getByTestId('expedition').filter({ hasText: name });
  await expect(ours).toContainText('By the east pillar');
  await expect(ours.getByTestId('spots-left')).toHaveText('25 spots left');
  await expect(ours).toContainText(/Meeting point \d+ m away/);
  await expect(list).toContainText(far);
  await expect(list).not.toContainText(secret);
  const names = await list.getByTestId('expedition').evaluateAll((els) => els.map((e) => e.getAttribute('data-expedition')));
  expect(names.indexOf(name)).toBeLessThan(names.indexOf(far));
  await page.screenshot({ path: `${SHOTS}/hunter-list-360.png`, fullPage: true });

  // Join without a password.
  await ours.getByRole('button', { name: `Join ${name}` }).click();
  await expect(notice(page, `Joined expedition: ${name}`)).toBeVisible();
  const briefing = page.getByRole('dialog', { name: /Mission Briefing/ });
  await briefing.getByRole('button', { name: 'Begin Mission' }).click();
  await expect(briefing).toBeHidden();
  await expect(page.getByTestId('team-size')).toHaveText('1/25');
  await expect(hq.getByTestId('player-count')).toHaveText('1/25');

  // Headquarters removes the hunter.
  const row = hq.getByTestId('tracking-row').filter({ hasText: hunter.username });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Remove ${hunter.username}` }).click();
  const confirm = hq.getByRole('dialog', { name: 'Remove hunter' });
  await expect(confirm).toContainText(`Remove ${hunter.username} from the session?`);
  await confirm.getByRole('button', { name: 'Remove hunter' }).click();
  await expect(notice(hq, 'Hunter removed')).toBeVisible();
  await expect(hq.getByTestId('player-count')).toHaveText('0/25');
  await expect(row).toBeHidden();
  await hq.screenshot({ path: `${SHOTS}/hq-removed-1280.png`, fullPage: true });
  // The settings can be edited later from Live Players.
  await hq.getByRole('button', { name: 'Edit expedition' }).click();
  const edit = hq.getByRole('dialog', { name: 'Public expedition' });
  await expect(edit.getByRole('switch', { name: 'Public expedition' })).toBeChecked();
  await expect(edit.getByTestId('meeting-point')).toContainText('Meeting point: 48.858');
  await expect(edit.getByLabel('Meeting note (optional)')).toHaveValue('By the east pillar');
  await hq.screenshot({ path: `${SHOTS}/hq-edit-1280.png` });
  await edit.getByRole('button', { name: 'Cancel' }).click();

  // The hunter is told why, at once (no reload), and cannot come back to it.
  const removed = page.getByTestId('removed-notice');
  await expect(removed).toContainText(`You were removed from "${name}" by the game master.`);
  await page.screenshot({ path: `${SHOTS}/hunter-removed-360.png`, fullPage: true });
  await removed.getByRole('button', { name: 'Find another hunt' }).click();
  await expect(list.getByRole('heading', { name: 'Public expeditions' })).toBeVisible();
  await expect(list).toContainText(far);
  await expect(list).not.toContainText(name);
  const again = await page.request.post(`/api/expeditions/${(await (await hq.request.get('/api/game-sessions')).json()).find((s: { name: string }) => s.name === name).id}/join`, { data: {} });
  expect(again.status()).toBe(403);
  expect((await again.json()).error).toBe(`You were removed from "${name}" by the game master.`);

  // The list at desktop size too.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/hunter-list-1280.png`, fullPage: true });
  await hqContext.close();
});

test('a game master on a phone makes a new session public', async ({ page }, info) => {
  test.skip(info.project.name !== 'phone', 'the phone layout of the create form');
  test.setTimeout(90_000);
  await setUpGameMaster(page.request);
  await page.goto('/gamemaster');
  await expect(page.getByRole('heading', { name: 'Mission HQ', level: 1 })).toBeVisible({ timeout: 30_000 });
  const form = page.getByRole('form', { name: 'Create session' });
  const name = uniqueName('Pocket Trail ');
  await form.getByLabel('Session Name').fill(name);
  await form.getByRole('textbox', { name: 'Session Password' }).fill('clever-girl');
  await form.getByRole('switch', { name: 'Public expedition' }).check();
  const map = form.getByTestId('meeting-point-map');
  await map.getByRole('button', { name: 'Center' }).click();
  await map.getByRole('button', { name: 'Place the meeting point at the map centre' }).click();
  await expect(form.getByTestId('meeting-point')).toContainText('Meeting point: 48.858');
  await form.getByTestId('meeting-point-map').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/hq-create-360.png` });
  await form.getByRole('button', { name: 'Create Session' }).click();
  await expect(notice(page, 'Session Created')).toBeVisible();
  await expect(page.getByTestId('expedition-status')).toContainText('Public');
  await page.getByTestId('expedition-status').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/hq-live-players-360.png` });
});
