// The hunt past the first dinosaur (issue 23), on a phone with emulated GPS: a guest
// observes the nearest dinosaur in AR Hunt (inside the briefing's 50 m: warned, not
// blocked), is offered the next unobserved one without moving, cannot spend a dart
// out of range (Observe off, with the metres still to walk), walks to it and
// observes it; the header counts what is left; headquarters (a desktop) sees which
// dinosaurs were observed, and how often.
// HUNT_SHOTS=/some/dir saves screenshots of the screens (360 x 740 and 1280 x 800).
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, expect, routeExternalServices, test, uniqueName } from './fixtures';
import { createSession, deploy, hunterContext, joinAsGuest, setUpGameMaster, startSession } from './support/play';

const SHOTS = process.env.HUNT_SHOTS ?? null;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

const START = { latitude: 48.8584, longitude: 2.2945 };
const M_PER_DEG_LAT = 111_195;
const M_PER_DEG_LNG = M_PER_DEG_LAT * Math.cos((START.latitude * Math.PI) / 180);
const at = (northM: number, eastM: number) => ({
  latitude: START.latitude + northM / M_PER_DEG_LAT,
  longitude: START.longitude + eastM / M_PER_DEG_LNG,
});
/** Nearest (inside the 50 m safety distance, in the 100 m range), next (out of range), farthest. */
const FIRST = at(40, 0);
const SECOND = at(0, 180);
const THIRD = at(-400, 0);

/** A species always observed in range (captureRate 1): the test never depends on a roll. */
async function sureSpecies(admin: APIRequestContext, name: string) {
  const res = await admin.post('/api/dinosaur-species', {
    multipart: { name, scientificName: 'Testosaurus certus', rarity: 'common', health: '100', captureRate: '1' },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as { id: number; name: string };
}

test.describe('The hunt loop', () => {
  test.skip(({ isMobile }) => !isMobile, 'the hunter plays on a phone (the headquarters check opens its own desktop context)');

  test('observe, next target without moving, no dart out of range, walk and observe; HQ sees what was observed', async ({
    browser,
    baseURL,
    playwright,
  }) => {
    test.setTimeout(180_000);
    // Headquarters: a desktop context of its own, signed in as the game master who sets up the hunt.
    const hq = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    await routeExternalServices(hq);
    const hqPage = await hq.newPage();
    const admin = await playwright.request.newContext({ baseURL });
    expect((await admin.post('/api/auth/login', { data: ADMIN })).status()).toBe(200);
    const [a, b, c] = [
      await sureSpecies(admin, uniqueName('Alphasaurus ')),
      await sureSpecies(admin, uniqueName('Betatops ')),
      await sureSpecies(admin, uniqueName('Gammadon ')),
    ];
    await admin.dispose();
    await setUpGameMaster(hqPage.request);
    const session = await createSession(hqPage.request);
    const firstId = await deploy(hqPage.request, session.id, { lat: FIRST.latitude, lng: FIRST.longitude, speciesId: a!.id });
    await deploy(hqPage.request, session.id, { lat: SECOND.latitude, lng: SECOND.longitude, speciesId: b!.id });
    await deploy(hqPage.request, session.id, { lat: THIRD.latitude, lng: THIRD.longitude, speciesId: c!.id });
    await startSession(hqPage.request, session.id);

    // The guest hunter on a 360 x 740 phone at START.
    const phone = await hunterContext(browser, baseURL!, START);
    const hunter = await phone.newPage();
    const pageErrors: string[] = [];
    hunter.on('pageerror', (e) => pageErrors.push(e.message));
    hqPage.on('pageerror', (e) => pageErrors.push(e.message));
    const observeCalls: string[] = [];
    hunter.on('request', (r) => {
      if (r.url().includes('stats.observe') || r.url().includes('/hunter/observation')) observeCalls.push(r.url());
    });
    await joinAsGuest(hunter, { sessionId: session.id, password: session.password, handle: uniqueName('Loop') });
    await expect(hunter.getByTestId('available-count')).toHaveText('3 of 3 left', { timeout: 15_000 });

    // AR Hunt offers the nearest unobserved dinosaur; 40 m away: in range, with the safety warning.
    await hunter.getByRole('tab', { name: 'AR Hunt' }).click();
    const view = hunter.getByTestId('ar-view');
    await expect(view.getByTestId('ar-readout')).toContainText(a!.name, { timeout: 15_000 });
    const range = view.getByTestId('observe-range');
    await expect(range).toHaveText('Closer than 50 m: step back for your safety (advice only: Observe still works)');
    await expect(range).toHaveAttribute('data-ready', 'true');
    const observe = view.getByRole('button', { name: 'Observe' });
    await expect(observe).toBeEnabled();
    await shot(hunter, 'phone-ar-hunt-first');
    // Let a position report from here reach the server (reports go out every few seconds).
    await hunter.waitForTimeout(4000);
    await observe.click();
    await expect(hunter.getByTestId('observation-verdict')).toHaveAttribute('data-outcome', 'observed');
    await expect(hunter.getByTestId('darts-left')).toHaveText('24');

    // Without moving: the next unobserved dinosaur, 180 m away, out of the 100 m range.
    await expect(view.getByTestId('ar-readout')).toContainText(b!.name);
    await expect(hunter.getByTestId('available-count')).toHaveText('2 of 3 left');
    await expect(range).toHaveText(/^Walk 8\d m closer to observe \(range 100 m\)$/);
    await expect(range).toHaveAttribute('data-ready', 'false');
    await expect(observe).toBeDisabled();
    await expect(hunter.getByTestId('hunt-progress-count')).toHaveText('1 of 3 observed');
    await expect(hunter.getByTestId('hunt-progress-row').filter({ hasText: a!.name })).toHaveAttribute('data-observed', 'true');
    await shot(hunter, 'phone-ar-hunt-next');
    // A tap out of range spends nothing: no call leaves, the darts stay.
    const callsBefore = observeCalls.length;
    await observe.click({ force: true });
    await hunter.waitForTimeout(500);
    expect(observeCalls.length).toBe(callsBefore);
    await expect(hunter.getByTestId('darts-left')).toHaveText('24');
    const stats = await hunter.request.get(`/api/hunter/stats?sessionId=${session.id}`);
    expect(await stats.json()).toMatchObject({ dartsRemaining: 24, dartsUsed: 1, observedDinosaurIds: [firstId] });

    // "Next target" moves on to the next unobserved one (the farthest), and round again.
    await hunter.getByTestId('next-target').click();
    await expect(view.getByTestId('ar-readout')).toContainText(c!.name);
    await hunter.getByTestId('next-target').click();
    await expect(view.getByTestId('ar-readout')).toContainText(b!.name);

    // Scan: the first is marked observed, the current target marked.
    await hunter.getByRole('tab', { name: 'Scan' }).click();
    await hunter.getByRole('button', { name: /^(Scan|Re-scan)$/ }).click();
    await expect(hunter.getByTestId('scan-summary')).toHaveText('3 creatures detected');
    await expect(hunter.getByTestId('scan-hit').filter({ hasText: a!.name })).toHaveAttribute('data-observed', 'true');
    await expect(hunter.getByTestId('scan-hit').filter({ hasText: b!.name })).toHaveAttribute('aria-pressed', 'true');
    await shot(hunter, 'phone-scan');

    // Map: opens framing the hunter and the target; the observed one ticked; tapping a marker shows the distance.
    await hunter.getByRole('tab', { name: 'Map' }).click();
    const target = hunter.locator(`.leaflet-marker-icon[title^="${b!.name}"]`);
    await expect(target).toHaveAttribute('title', `${b!.name}, your target`);
    await expect(target).toBeInViewport();
    await expect(hunter.locator(`.leaflet-marker-icon[title^="${a!.name}"]`)).toHaveClass(/tm-dino--observed/);
    await hunter.waitForTimeout(1500); // the framing animation
    await shot(hunter, 'phone-map');
    await target.click();
    const card = hunter.getByTestId('species-card');
    await expect(card).toBeVisible();
    await expect(card.getByTestId('species-card-distance')).toHaveText(/^1\d\d m away$/);
    await shot(hunter, 'phone-species-card');
    await hunter.getByRole('button', { name: 'Close species card' }).click();

    // Walk east towards the second (10 m a second), into range, and observe it.
    await hunter.getByRole('tab', { name: 'AR Hunt' }).click();
    for (let east = 10; east <= 100; east += 10) {
      await phone.setGeolocation({ ...at(0, east), accuracy: 5 });
      await hunter.waitForTimeout(1000);
    }
    await expect(range).toHaveAttribute('data-ready', 'true', { timeout: 10_000 });
    await expect(range).toHaveText('In range (100 m): observe when ready');
    await hunter.waitForTimeout(4000);
    await observe.click();
    await expect(hunter.getByTestId('observation-verdict')).toHaveAttribute('data-outcome', 'observed');
    await expect(hunter.getByTestId('observation-verdict')).toContainText(b!.name);
    await expect(hunter.getByTestId('available-count')).toHaveText('1 of 3 left');
    await expect(hunter.getByTestId('darts-left')).toHaveText('23');
    await expect(view.getByTestId('ar-readout')).toContainText(c!.name);

    // Headquarters: the observed dinosaurs marked on the map with how often, and per hunter in tracking.
    await hqPage.goto('/gamemaster');
    await expect(hqPage.getByRole('heading', { name: 'Mission HQ', level: 1 })).toBeVisible({ timeout: 25_000 });
    await expect(hqPage.locator(`.leaflet-marker-icon[title="${a!.name}, observed 1 time"]`)).toBeVisible({ timeout: 15_000 });
    await expect(hqPage.locator(`.leaflet-marker-icon[title="${c!.name}, not observed yet"]`)).toBeVisible();
    await expect(hqPage.getByTestId('map-observed-count')).toHaveText('Observed 2/3');
    await expect(hqPage.getByTestId('tracking-observed-names')).toContainText(a!.name);
    await hqPage.getByRole('button', { name: 'Fit to content' }).click();
    await hqPage.waitForTimeout(800);
    await shot(hqPage, 'desktop-hq-observed');
    expect(pageErrors).toEqual([]);
    await phone.close();
    await hq.close();
  });
});
