// HQ's map knows where you play (issue 26, mapkit): the game master searches a place (the
// local geocoder double of e2e/support/geocoder-double.ts), the map goes there, three
// dinosaurs are deployed there with marks that tell species apart, one is dragged and
// one removed; a hunter's map (another browser) follows both without a reload.
import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { PLACE_MESSAGES } from '../src/domain/place-search';
import { expect, routeExternalServices, test, uniqueName } from './fixtures';
import { DOUBLE_PLACES } from './support/geocoder-double';
import { hunterContext, joinAsGuest, setUpGameMaster } from './support/play';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/mapkit';
fs.mkdirSync(SHOTS, { recursive: true });
const FIRST_RENDER_MS = 25_000;
const PARK = { lat: Number(DOUBLE_PLACES.fontaine.lat), lng: Number(DOUBLE_PLACES.fontaine.lon) };

type Dino = { id: number; speciesId: number; latitude: string; longitude: string };
const notice = (page: Page, title: string) => page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: title }).first();

/** A marker's place on screen (Leaflet positions markers with a transform). */
const transformOf = (marker: Locator) => marker.evaluate((el) => (el as HTMLElement).style.transform);

test.describe('HQ map: place search, drag and remove', () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 1000, 'HQ runs at desktop size; the hunter is a phone context');
  test.beforeEach(async ({ context }) => routeExternalServices(context));

  test('searches a place, deploys three there, drags one and removes one; the hunter sees both without a reload', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    await setUpGameMaster(page.request);
    await page.goto('/gamemaster');
    await expect(page.getByRole('heading', { name: 'Mission HQ', level: 1 })).toBeVisible({ timeout: FIRST_RENDER_MS });
    const name = uniqueName('Park Run ');
    await page.getByLabel('Session Name').fill(name);
    await page.getByRole('textbox', { name: 'Session Password' }).fill('clever-girl');
    await page.getByRole('button', { name: 'Create Session' }).click();
    await expect(page.getByTestId('session-status-card')).toContainText(name);
    const sessionId = Number(await page.getByTestId('share-session-id').textContent());
    const map = page.getByTestId('tactical-map').locator('.leaflet-container');
    await expect(map).toBeVisible();

    // Search: a place the geocoder does not know says so; a known one moves the map there.
    const box = page.getByTestId('place-search-input');
    await box.fill('Nowhere in particular');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByTestId('place-search-message')).toHaveText(PLACE_MESSAGES.notFound);
    await page.waitForTimeout(1100); // the box ignores a second submit within a second
    await box.fill('Parc La Fontaine');
    await box.press('Enter');
    await expect(page.getByTestId('place-search-message')).toHaveCount(0);

    // Three species deployed by clicking around the map's centre land in the park.
    const options = page.getByTestId('species-option');
    const size = (await map.boundingBox())!;
    const centre = { x: size.width / 2, y: size.height / 2 };
    const spots = [
      { x: centre.x - 120, y: centre.y + 40 },
      { x: centre.x + 20, y: centre.y + 90 },
      { x: centre.x + 140, y: centre.y - 20 },
    ];
    for (const [i, spot] of spots.entries()) {
      await options.nth(i).click();
      await map.click({ position: spot });
      await expect(page.getByTestId('deploy-counter')).toHaveText(`${i + 1}/15`);
    }
    const list = async () => (await (await page.request.get(`/api/game-sessions/${sessionId}/dinosaurs`)).json()) as Dino[];
    const deployed = await list();
    expect(deployed).toHaveLength(3);
    for (const d of deployed) {
      expect(Math.abs(Number(d.latitude) - PARK.lat)).toBeLessThan(0.01);
      expect(Math.abs(Number(d.longitude) - PARK.lng)).toBeLessThan(0.01);
    }
    // Species are told apart: three different marks, each marker named in full.
    const marks = await page.locator('.tm-dino .tm-dino__badge').allTextContents();
    expect(new Set(marks).size).toBe(3);
    // The catalogue's Tyrannosaurus rex and Triceratops would both be 'TR': each gets a longer mark.
    await expect(options.filter({ hasText: 'Tyrannosaurus rex' })).toContainText('TYR');
    await expect(options.filter({ hasText: 'Triceratops' })).toContainText('TRI');

    // The hunter joins once it runs, and sees the three on their map.
    await page.getByRole('button', { name: 'Start Now' }).click();
    await expect(page.getByTestId('session-status-card').getByTestId('status-badge')).toHaveText('LIVE');
    const hunterCtx = await hunterContext(browser, baseURL!, { latitude: PARK.lat, longitude: PARK.lng });
    const hunter = await hunterCtx.newPage();
    await joinAsGuest(hunter, { sessionId, password: 'clever-girl', handle: uniqueName('Ranger') });
    await hunter.getByRole('tab', { name: 'Map' }).click();
    const hunterMarkers = hunter.locator('.tm-dino');
    await expect(hunterMarkers).toHaveCount(3, { timeout: 15_000 });
    await hunter.evaluate(() => {
      (window as unknown as { __noReload: boolean }).__noReload = true;
    });

    // Drag the first dinosaur: the server keeps the new place, the hunter's marker moves.
    const first = deployed[0]!;
    const hqMarker = page.locator('.tm-dino').first();
    const firstTitle = (await hqMarker.getAttribute('title'))!;
    const hunterFirst = hunter.locator(`.tm-dino[title^="${firstTitle.split(',')[0]}"]`).first();
    const before = await transformOf(hunterFirst);
    const m = (await hqMarker.boundingBox())!;
    await page.mouse.move(m.x + m.width / 2, m.y + m.height / 2);
    await page.mouse.down();
    await page.mouse.move(m.x + m.width / 2 + 40, m.y + m.height / 2 - 60, { steps: 8 });
    await page.mouse.move(m.x + m.width / 2 + 80, m.y + m.height / 2 - 120, { steps: 8 });
    await page.mouse.up();
    await expect.poll(async () => (await list()).find((d) => d.id === first.id)?.latitude, { timeout: 10_000 }).not.toBe(first.latitude);
    await expect.poll(() => transformOf(hunterFirst), { timeout: 10_000 }).not.toBe(before);

    // Remove the second from its popup: gone at HQ and on the hunter's map.
    const second = page.locator('.tm-dino').nth(1);
    await second.click();
    const popup = page.locator('.leaflet-popup');
    await expect(popup).toBeVisible();
    await popup.getByRole('button', { name: /^Remove / }).click();
    await expect(notice(page, 'Dinosaur Removed')).toBeVisible();
    await expect(page.locator('.tm-dino')).toHaveCount(2);
    await expect(page.getByTestId('deploy-counter')).toHaveText('2/15');
    await expect(hunterMarkers).toHaveCount(2, { timeout: 10_000 });
    expect(await hunter.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    expect(await list()).toHaveLength(2);

    await hunter.getByRole('button', { name: 'Fit to content' }).click();
    await page.screenshot({ path: `${SHOTS}/hq-map-1280.png` });
    await hunter.screenshot({ path: `${SHOTS}/hunter-map-360.png` });
    await hunterCtx.close();
  });

  test('a new session opens where the game master last played; coordinates work without the geocoder', async ({ page }) => {
    test.setTimeout(90_000);
    await setUpGameMaster(page.request);
    // An earlier hunt in Hyde Park.
    const hyde = { lat: Number(DOUBLE_PLACES.hyde.lat), lng: Number(DOUBLE_PLACES.hyde.lon) };
    const earlier = await page.request.post('/api/game-sessions', { data: { name: uniqueName('Earlier '), password: 'raptor-42' } });
    const earlierId = ((await earlier.json()) as { id: number }).id;
    const species = (await (await page.request.get('/api/dinosaur-species')).json()) as Array<{ id: number }>;
    const put = await page.request.post(`/api/game-sessions/${earlierId}/deploy-dinosaur`, {
      data: { speciesId: species[0]!.id, latitude: hyde.lat, longitude: hyde.lng },
    });
    expect(put.status()).toBe(200);

    await page.goto('/gamemaster');
    await expect(page.getByRole('heading', { name: 'Mission HQ', level: 1 })).toBeVisible({ timeout: FIRST_RENDER_MS });
    const name = uniqueName('Next Run ');
    await page.getByRole('button', { name: 'New Session' }).click();
    await page.getByLabel('Session Name').fill(name);
    await page.getByRole('textbox', { name: 'Session Password' }).fill('clever-girl');
    await page.getByRole('button', { name: 'Create Session' }).click();
    await expect(page.getByTestId('session-status-card')).toContainText(name);
    const sessionId = Number(await page.getByTestId('share-session-id').textContent());
    const map = page.getByTestId('tactical-map').locator('.leaflet-container');
    await expect(map).toBeVisible();

    // Deploy at the map's centre: the new session's map opened on Hyde Park, not the default city.
    const deployAtCentre = async () => {
      await page.getByTestId('species-option').first().click();
      await page.getByRole('button', { name: 'Deploy at map centre' }).click();
    };
    await deployAtCentre();
    await expect(page.getByTestId('deploy-counter')).toHaveText('1/15');
    const read = async () => (await (await page.request.get(`/api/game-sessions/${sessionId}/dinosaurs`)).json()) as Dino[];
    const [placed] = await read();
    expect(Math.abs(Number(placed!.latitude) - hyde.lat)).toBeLessThan(0.002);
    expect(Math.abs(Number(placed!.longitude) - hyde.lng)).toBeLessThan(0.002);

    // Pasted coordinates go straight to the map, with no geocoder request at all.
    let geocoderCalls = 0;
    page.on('request', (r) => {
      if (r.url().includes('places.search') || r.url().includes('/places/search')) geocoderCalls += 1;
    });
    await page.getByTestId('place-search-input').fill('48.8606, 2.3376');
    await page.getByTestId('place-search-input').press('Enter');
    await deployAtCentre();
    await expect(page.getByTestId('deploy-counter')).toHaveText('2/15');
    const second = (await read()).at(-1)!;
    expect(Math.abs(Number(second.latitude) - 48.8606)).toBeLessThan(0.0005);
    expect(Math.abs(Number(second.longitude) - 2.3376)).toBeLessThan(0.0005);
    expect(geocoderCalls).toBe(0);
  });
});

test.describe('HQ map on a phone', () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) >= 1000, 'the phone layout only');
  test.beforeEach(async ({ context }) => routeExternalServices(context));

  test('the place search fits inside the map, clear of its buttons', async ({ page }) => {
    test.setTimeout(90_000);
    await setUpGameMaster(page.request);
    const created = await page.request.post('/api/game-sessions', { data: { name: uniqueName('Phone Run '), password: 'raptor-42' } });
    expect(created.status()).toBe(200);
    await page.goto('/gamemaster');
    await expect(page.getByRole('heading', { name: 'Mission HQ', level: 1 })).toBeVisible({ timeout: FIRST_RENDER_MS });
    // The session is selected first (the map opens anew for it).
    await expect(page.getByTestId('share-session-id')).toBeVisible();
    const map = page.getByTestId('tactical-map');
    await expect(map.locator('.leaflet-container')).toBeVisible();
    const search = page.getByTestId('place-search');
    await expect(search).toBeVisible();
    const m = (await map.boundingBox())!;
    const s = (await search.boundingBox())!;
    const compass = (await page.getByTestId('map-compass').boundingBox())!;
    expect(s.x).toBeGreaterThanOrEqual(m.x);
    expect(s.x + s.width).toBeLessThanOrEqual(compass.x);
    await page.getByTestId('place-search-input').fill('x');
    await page.getByTestId('place-search-input').press('Enter');
    await expect(page.getByTestId('place-search-message')).toBeVisible();
    await map.screenshot({ path: `${SHOTS}/hq-map-360.png` });
  });
});
