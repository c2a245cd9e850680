// The play area and safety (issue 26): at headquarters (a desktop) the game master draws the play
// area and a no-go zone with the mouse, places three dinosaurs inside (a click outside is refused
// with a message) and starts; a hunter (a phone, emulated GPS) sees the boundary on their map,
// walks out of the area, gets the warning and a vibration, and headquarters shows the alert within
// 2 s; walking back in clears both. Screenshots go to AREA_SHOTS (default /tmp/area).
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createSession, hunterContext, joinAsGuest, setUpGameMaster } from './support/play';

const SHOTS = process.env.AREA_SHOTS ?? '/tmp/area';
fs.mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`) });

/**
 * Waits until the map neither scrolls with the page nor pans (a re-fit after the saved area's event): a
 * click whose map moves between press and release is a drag to Leaflet, not a click.
 */
async function mapAtRest(page: Page) {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const pane = document.querySelector<HTMLElement>('.leaflet-map-pane');
        const sample = () => `${pane?.getBoundingClientRect().top},${pane?.style.transform}`;
        const first = sample();
        setTimeout(() => requestAnimationFrame(() => resolve(sample() === first)), 150);
      }),
    undefined,
    { polling: 50, timeout: 10_000 },
  );
}

const notice = (page: Page, title: string) => page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: title }).first();
const M_PER_DEG_LAT = 111_195;

async function mapOf(page: Page): Promise<Locator> {
  const map = page.getByTestId('tactical-map').locator('.leaflet-container');
  await expect(map).toBeVisible({ timeout: 30_000 });
  return map;
}

/** Clicks the corners, then the first again to close the polygon (geoman's way of finishing). */
async function drawPolygon(map: Locator, corners: { x: number; y: number }[]) {
  for (const corner of corners) {
    await map.click({ position: corner });
    await map.page().waitForTimeout(150);
  }
  await map.click({ position: corners[0]! });
}

test('the game master draws the play area; a hunter who walks out is warned and headquarters alerted', async ({ page, browser, baseURL }) => {
  test.skip((page.viewportSize()?.width ?? 0) < 1000, 'headquarters on a desktop, the hunter on a phone context of its own');
  test.setTimeout(180_000);
  await setUpGameMaster(page.request);
  const session = await createSession(page.request);
  await page.goto('/gamemaster');
  await expect(page.getByTestId('session-status-card').getByTestId('status-badge')).toHaveText('SETUP', { timeout: 30_000 });
  const map = await mapOf(page);
  const panel = page.getByTestId('play-area-panel');
  await expect(panel.getByTestId('play-area-summary')).toContainText('No play area');

  // Draw the area, then a no-go zone inside it, by clicking on the map.
  await panel.getByRole('button', { name: 'Draw play area' }).click();
  await expect(panel.getByTestId('play-area-drawing')).toContainText('click the first corner');
  await drawPolygon(map, [
    { x: 200, y: 110 },
    { x: 600, y: 110 },
    { x: 600, y: 390 },
    { x: 200, y: 390 },
  ]);
  await expect(notice(page, 'Play area saved')).toBeVisible();
  await expect(panel.getByTestId('play-area-summary')).toContainText('Area of 4 corners, 0 no-go zones');
  await expect(page.locator('path.tm-play-area')).toHaveCount(1);
  await panel.getByRole('button', { name: 'Add no-go zone' }).click();
  await drawPolygon(map, [
    { x: 240, y: 300 },
    { x: 300, y: 300 },
    { x: 300, y: 360 },
    { x: 240, y: 360 },
  ]);
  await expect(notice(page, 'No-go zone added')).toBeVisible();
  await expect(panel.getByTestId('play-area-summary')).toContainText('Area of 4 corners, 1 no-go zone');
  await expect(page.locator('path.tm-no-go-zone')).toHaveCount(1);
  await panel.screenshot({ path: path.join(SHOTS, 'hq-panel-tools-1280.png') });

  // Edit: drag the area's north-west corner further out, then save (the east edge, walked out of below, stays).
  await panel.getByRole('button', { name: 'Edit shapes' }).click();
  await expect(panel.getByTestId('play-area-editing')).toBeVisible();
  await map.scrollIntoViewIfNeeded();
  const box = (await map.boundingBox())!;
  await page.mouse.move(box.x + 200, box.y + 110);
  await page.mouse.down();
  await page.mouse.move(box.x + 180, box.y + 100, { steps: 5 });
  await page.mouse.move(box.x + 160, box.y + 90, { steps: 5 });
  await page.mouse.up();
  const before = (await (await page.request.get(`/api/game-sessions/${session.id}/play-area`)).json()).playArea;
  await panel.getByRole('button', { name: 'Save shapes' }).click();
  await expect(notice(page, 'Play area saved')).toContainText('Your changes are saved.');
  await expect(panel.getByTestId('play-area-summary')).toContainText('Area of 4 corners, 1 no-go zone');
  const after = (await (await page.request.get(`/api/game-sessions/${session.id}/play-area`)).json()).playArea;
  expect(after).not.toEqual(before);
  expect(Math.min(...after.map((p: { lng: number }) => p.lng))).toBeLessThan(Math.min(...before.map((p: { lng: number }) => p.lng)));

  // Three dinosaurs inside; a click outside the area and one in the zone are refused with the message.
  const options = page.getByTestId('species-option');
  for (const [i, spot] of [
    { x: 330, y: 180 },
    { x: 420, y: 240 },
    { x: 520, y: 200 },
  ].entries()) {
    await options.nth(i).click();
    // The species list is far below the map on a long HQ page: bring the map back and let the scroll settle first.
    await expect(page.getByTestId('map-selecting-hint')).toBeVisible();
    await map.scrollIntoViewIfNeeded();
    await mapAtRest(page);
    await map.click({ position: spot });
    await expect(page.getByTestId('deploy-counter')).toHaveText(`${i + 1}/15`);
  }
  await options.nth(0).click();
  await expect(page.getByTestId('map-selecting-hint')).toBeVisible();
  await map.scrollIntoViewIfNeeded();
  await map.click({ position: { x: 120, y: 240 } });
  await expect(notice(page, 'Deployment Failed')).toContainText('Dinosaurs can be placed only inside the play area');
  await map.click({ position: { x: 270, y: 330 } });
  await expect(notice(page, 'Deployment Failed')).toContainText('Dinosaurs cannot be placed in a no-go zone');
  await expect(page.getByTestId('deploy-counter')).toHaveText('3/15');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await shot(page, 'hq-area-1280');

  // The server refuses the same (a client that skips the map's check).
  const area = (await (await page.request.get(`/api/game-sessions/${session.id}/play-area`)).json()) as {
    playArea: { lat: number; lng: number }[];
  };
  const east = Math.max(...area.playArea.map((p) => p.lng));
  const midLat = area.playArea.reduce((s, p) => s + p.lat, 0) / area.playArea.length;
  const mPerDegLng = M_PER_DEG_LAT * Math.cos((midLat * Math.PI) / 180);
  /** `m` metres east of the area's east edge (negative: inside), at its middle latitude. */
  const fromEdge = (m: number) => ({ latitude: midLat, longitude: east + m / mPerDegLng, accuracy: 5 });
  const refused = await page.request.post(`/api/game-sessions/${session.id}/deploy-dinosaur`, {
    data: { speciesId: 1, latitude: midLat, longitude: east + 0.01 },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).error).toBe('Dinosaurs can be placed only inside the play area');

  await page.getByRole('button', { name: 'Start Now' }).click();
  await expect(page.getByTestId('session-status-card').getByTestId('status-badge')).toHaveText('LIVE');

  // A hunter 40 m inside the east edge.
  const phone = await hunterContext(browser, baseURL!, fromEdge(-40));
  const hunter = await phone.newPage();
  await hunter.addInitScript(() => {
    const calls: unknown[] = [];
    (window as unknown as { __vibrations: unknown[] }).__vibrations = calls;
    Object.defineProperty(navigator, 'vibrate', { value: (pattern: unknown) => calls.push(pattern) > 0, configurable: true });
  });
  await joinAsGuest(hunter, { sessionId: session.id, password: session.password, handle: 'Wanderer' });
  await hunter.getByRole('tab', { name: 'Map' }).click();
  await expect(hunter.locator('path.tm-play-area')).toHaveCount(1);
  await expect(hunter.locator('path.tm-no-go-zone')).toHaveCount(1);
  const row = page.getByTestId('tracking-row').filter({ hasText: 'Wanderer' });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(hunter.getByTestId('zone-warning-banner')).toHaveCount(0);

  // Walk east, 10 m a second, to 30 m past the edge: the phone warns, HQ alerts within 2 s of it.
  for (let m = -30; m <= 30; m += 10) {
    await phone.setGeolocation(fromEdge(m));
    await hunter.waitForTimeout(1000);
  }
  const banner = hunter.getByTestId('zone-warning-banner');
  await expect(banner).toContainText('You are outside the play area', { timeout: 10_000 });
  const alert = page.getByTestId('zone-alert');
  await expect(alert).toContainText('Wanderer: outside the play area', { timeout: 2000 });
  await expect(row.getByTestId('tracking-zone')).toHaveText('Outside area', { timeout: 2000 });
  expect(await hunter.evaluate(() => (window as unknown as { __vibrations: unknown[] }).__vibrations.length)).toBeGreaterThan(0);
  await shot(hunter, 'hunter-outside-360');
  await shot(page, 'hq-alert-1280');
  await panel.screenshot({ path: path.join(SHOTS, 'hq-panel-1280.png') });
  // Headquarters on a phone: the alert first, above the map.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(alert).toBeInViewport();
  await shot(page, 'hq-alert-360');
  await panel.scrollIntoViewIfNeeded();
  await panel.screenshot({ path: path.join(SHOTS, 'hq-panel-360.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Back inside: the warning and the alert go.
  for (let m = 20; m >= -30; m -= 10) {
    await phone.setGeolocation(fromEdge(m));
    await hunter.waitForTimeout(1000);
  }
  await expect(banner).toHaveCount(0, { timeout: 10_000 });
  await expect(alert).toHaveCount(0, { timeout: 2000 });
  await expect(notice(page, 'Hunter back inside')).toBeVisible();
  await phone.close();
});
