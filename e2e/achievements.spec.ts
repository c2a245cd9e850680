// Achievements (issue 29) on a phone with emulated GPS: a guest observes a first dinosaur and
// is told "Achievement earned" without a reload, headquarters' feed shows it, the end dialog
// lists what the hunt earned, and "Keep your achievements" creates an account whose profile
// shows them with the way to the next tiers.
// ACHIEVE_SHOTS=/some/dir saves screenshots (360 x 740 and 1280 x 800).
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, expect, routeExternalServices, test, uniqueName } from './fixtures';
import { createSession, deploy, hunterContext, joinAsGuest, lifecycle, setUpGameMaster, startSession } from './support/play';

const SHOTS = process.env.ACHIEVE_SHOTS ?? null;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

const START = { latitude: 48.8584, longitude: 2.2945 };
const M_PER_DEG_LAT = 111_195;
const north = (m: number) => ({ latitude: START.latitude + m / M_PER_DEG_LAT, longitude: START.longitude });

/** A species always observed in range (captureRate 1): the test never depends on a roll. */
async function sureSpecies(admin: APIRequestContext, name: string) {
  const res = await admin.post('/api/dinosaur-species', {
    multipart: { name, scientificName: 'Testosaurus certus', rarity: 'common', health: '100', captureRate: '1' },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as { id: number; name: string };
}

test.describe('Achievements', () => {
  test.skip(({ isMobile }) => !isMobile, 'the hunter plays on a phone (headquarters opens its own desktop context)');

  test('a guest earns one live, the end dialog lists it, and keeping it creates an account that shows it', async ({
    browser,
    baseURL,
    playwright,
  }) => {
    test.setTimeout(180_000);
    const hq = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    await routeExternalServices(hq);
    const hqPage = await hq.newPage();
    const admin = await playwright.request.newContext({ baseURL });
    expect((await admin.post('/api/auth/login', { data: ADMIN })).status()).toBe(200);
    const species = await sureSpecies(admin, uniqueName('Medalosaurus '));
    await admin.dispose();
    await setUpGameMaster(hqPage.request);
    const session = await createSession(hqPage.request);
    // One in range, one far away: the hunt is not complete after the first (no mission-complete dialog).
    await deploy(hqPage.request, session.id, { lat: north(40).latitude, lng: north(40).longitude, speciesId: species.id });
    await deploy(hqPage.request, session.id, { lat: north(-600).latitude, lng: north(-600).longitude, speciesId: species.id });
    await startSession(hqPage.request, session.id);

    const phone = await hunterContext(browser, baseURL!, START);
    const hunter = await phone.newPage();
    const pageErrors: string[] = [];
    hunter.on('pageerror', (e) => pageErrors.push(e.message));
    hqPage.on('pageerror', (e) => pageErrors.push(e.message));
    // navigator.vibrate is called with the achievement's buzz.
    await hunter.addInitScript(() => {
      (window as unknown as { buzzes: unknown[] }).buzzes = [];
      Object.defineProperty(navigator, 'vibrate', {
        value: (pattern: unknown) => {
          (window as unknown as { buzzes: unknown[] }).buzzes.push(pattern);
          return true;
        },
      });
    });
    const handle = uniqueName('Medal');
    await joinAsGuest(hunter, { sessionId: session.id, password: session.password, handle });
    await expect(hunter.getByTestId('available-count')).toHaveText('2 of 2 left', { timeout: 15_000 });

    // Headquarters watches its feed.
    await hqPage.goto('/gamemaster');
    await expect(hqPage.getByRole('heading', { name: 'Mission HQ', level: 1 })).toBeVisible({ timeout: 25_000 });
    const feed = hqPage.getByTestId('hq-achievements');
    await expect(feed).toContainText('No achievements earned in this session yet.', { timeout: 25_000 });

    await hunter.getByRole('tab', { name: 'AR Hunt' }).click();
    const view = hunter.getByTestId('ar-view');
    await expect(view.getByTestId('ar-readout')).toContainText(species.name, { timeout: 15_000 });
    const observe = view.getByRole('button', { name: 'Observe' });
    await expect(observe).toBeEnabled();
    // Let a position report from here reach the server.
    await hunter.waitForTimeout(4000);
    const navigations: string[] = [];
    hunter.on('framenavigated', (f) => {
      if (f === hunter.mainFrame()) navigations.push(f.url());
    });
    await observe.click();
    await expect(hunter.getByTestId('observation-verdict')).toHaveAttribute('data-outcome', 'observed');

    // Told at once, without a reload: the toast and the buzz.
    const toast = hunter.getByTestId('achievement-toast');
    await expect(toast).toContainText('Achievement earned: First Contact', { timeout: 10_000 });
    await expect(toast).toContainText('Observe your first dinosaur.');
    expect(navigations).toEqual([]);
    expect(await hunter.evaluate(() => (window as unknown as { buzzes: unknown[] }).buzzes.length)).toBeGreaterThan(0);
    await shot(hunter, 'phone-achievement-toast');

    // Headquarters' feed shows it live.
    await expect(feed.getByTestId('achievement-item')).toContainText(`${handle}: First Contact`, { timeout: 10_000 });
    await feed.scrollIntoViewIfNeeded();
    await shot(hqPage, 'desktop-hq-achievements');

    // The game master ends the hunt: the end dialog lists what this hunt earned.
    await lifecycle(hqPage.request, session.id, 'end');
    const dialog = hunter.getByTestId('session-end-dialog');
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    const earned = dialog.getByTestId('hunt-achievement-list');
    await expect(earned).toContainText('First Contact');
    await expect(earned).toContainText('Veteran (bronze)');
    await shot(hunter, 'phone-end-dialog');

    // Keep them: a hunter account is created and the profile shows them.
    await dialog.getByRole('button', { name: 'Keep your achievements' }).click();
    const form = dialog.getByTestId('keep-achievements-form');
    const username = uniqueName('keeper').replace(/[^A-Za-z0-9_.-]/g, '');
    await form.getByLabel('First Name').fill('Kim');
    await form.getByLabel('Last Name').fill('Keeper');
    await form.getByLabel('Username').fill(username);
    await form.getByLabel('Email').fill(`${username}@example.com`);
    await form.getByLabel('Password', { exact: true }).fill('Fossil-Trail-42');
    await form.getByLabel('Confirm Password').fill('Fossil-Trail-42');
    await shot(hunter, 'phone-keep-form');
    await form.getByRole('button', { name: 'Create Account' }).click();

    await expect(hunter).toHaveURL(/\/account\?kept=1$/, { timeout: 15_000 });
    await expect(hunter.getByTestId('achievements-kept')).toContainText('Welcome, Kim!');
    const profile = hunter.getByTestId('profile-achievements');
    await expect(profile.getByTestId('profile-achievement-list')).toContainText('First Contact');
    await expect(profile.getByTestId('profile-achievement-list')).toContainText('Veteran (bronze)');
    await expect(profile.getByTestId('achievement-progress-field_observer')).toContainText('1 / 5 dinosaurs observed to bronze');
    await expect(hunter.getByText(`Signed in as ${username}.`)).toBeVisible();
    await shot(hunter, 'phone-profile');
    await hunter.setViewportSize({ width: 1280, height: 800 });
    await shot(hunter, 'desktop-profile');

    expect(pageErrors).toEqual([]);
    await phone.close();
    await hq.close();
  });
});
