// Mission HQ keeps the game master's place (issue #46, points 2 and 3) on a desktop: a place typed in the
// search stays on the map through Create Session (the next dinosaur "at the centre" lands there), the
// meeting-point picker opens at the session's area (never the app's default city), "Make public" opens with
// its switch on, and Run again copies the name and leaves a meeting point far from the hunt behind.
// POLISH_SHOTS=/some/dir saves screenshots.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, uniqueName } from './fixtures';
import { deploy, lifecycle, setUpGameMaster } from './support/play';

const SHOTS = process.env.POLISH_SHOTS ?? null;
/** The screen at 1280 x 800 and at 360 x 740, back to 1280 x 800 after. */
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `desktop-${name}.png`) });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SHOTS, `phone-${name}.png`) });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(300);
}

const FIRST_RENDER_MS = 30_000;
const notice = (page: Page, title: string) => page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: title }).first();
/** "Meeting point: 48.88000, 2.30000 (click ...)" as numbers. */
async function meetingPoint(page: Page, scope = page.locator('body')) {
  const text = (await scope.getByTestId('meeting-point').innerText()).match(/Meeting point: (-?[\d.]+), (-?[\d.]+)/);
  expect(text, 'a meeting point is shown').not.toBeNull();
  return { lat: Number(text![1]), lng: Number(text![2]) };
}

test.describe('HQ keeps the place', () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 1000, 'Mission HQ at 1280 x 800');

  test('a searched place survives Create Session, and the meeting point is placed there', async ({ page }) => {
    test.setTimeout(90_000);
    await setUpGameMaster(page.request);
    await page.goto('/gamemaster');
    await expect(page.getByRole('heading', { name: 'Mission HQ', level: 1 })).toBeVisible({ timeout: FIRST_RENDER_MS });
    await expect(page.getByTestId('tactical-map').locator('.leaflet-container')).toBeVisible();

    // The game master looks up the hunt's place by its coordinates.
    await page.getByTestId('place-search-input').fill('48.8800, 2.3000');
    await page.getByTestId('place-search-input').press('Enter');
    const form = page.getByRole('form', { name: 'Create session' });
    await form.getByLabel('Session Name').fill(uniqueName('Parc Run '));
    await form.getByRole('textbox', { name: 'Session Password' }).fill('clever-girl');

    // Public: the meeting-point map opens where HQ's map is, not at the app's default city.
    await form.getByRole('switch', { name: 'Public expedition' }).check();
    const picker = form.getByTestId('meeting-point-map');
    await expect(picker.locator('.leaflet-container')).toBeVisible();
    await picker.getByRole('button', { name: 'Place the meeting point at the map centre' }).click();
    const point = await meetingPoint(page, form);
    expect(Math.abs(point.lat - 48.88)).toBeLessThan(0.002);
    expect(Math.abs(point.lng - 2.3)).toBeLessThan(0.002);
    await form.getByTestId('meeting-point-map').scrollIntoViewIfNeeded();
    // Desktop only here: resizing moves HQ's map (its top-left stays), which the next step measures.
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'desktop-hq-create-public.png') });

    await form.getByRole('button', { name: 'Create Session' }).click();
    await expect(notice(page, 'Session Created')).toBeVisible();
    const sessionId = Number(await page.getByTestId('share-session-id').textContent());

    // The new session's map stayed at the searched place: a dinosaur at the centre lands there.
    await page.getByTestId('species-option').first().click();
    await page.getByRole('button', { name: 'Deploy at map centre' }).click();
    await expect(page.getByTestId('deploy-counter')).toHaveText(/^1\//);
    const [placed] = (await (await page.request.get(`/api/game-sessions/${sessionId}/dinosaurs`)).json()) as { latitude: string; longitude: string }[];
    expect(Math.abs(Number(placed!.latitude) - 48.88), `deployed at ${placed!.latitude}, ${placed!.longitude}`).toBeLessThan(0.002);
    expect(Math.abs(Number(placed!.longitude) - 2.3)).toBeLessThan(0.002);
    await shot(page, 'hq-after-create');
  });

  test('"Make public" opens switched on at the dinosaurs; Run again copies the name, not a far meeting point', async ({ page }) => {
    test.setTimeout(90_000);
    await setUpGameMaster(page.request);
    const area = { lat: 48.87, lng: 2.33 };
    // A past public hunt whose meeting point was saved at the app's default city (Montreal), in Paris.
    const pastName = uniqueName('Old Trail ');
    const past = await page.request.post('/api/game-sessions', {
      data: { name: pastName, password: 'raptor-42', isPublic: true, meetingPoint: { lat: 45.50435, lng: -73.56737 } },
    });
    expect(past.status(), await past.text()).toBe(200);
    const pastId = ((await past.json()) as { id: number }).id;
    await deploy(page.request, pastId, area);
    await lifecycle(page.request, pastId, 'end');
    // Today's private session, with a dinosaur in the park.
    const today = await page.request.post('/api/game-sessions', { data: { name: uniqueName('Park Run '), password: 'raptor-42' } });
    const todayId = ((await today.json()) as { id: number }).id;
    await deploy(page.request, todayId, area);

    await page.goto('/gamemaster');
    await expect(page.getByRole('heading', { name: 'Mission HQ', level: 1 })).toBeVisible({ timeout: FIRST_RENDER_MS });
    await expect(page.getByTestId('share-session-id')).toHaveText(String(todayId));
    await page.getByRole('button', { name: 'Make public' }).click();
    const dialog = page.getByRole('dialog', { name: 'Public expedition' });
    await expect(dialog.getByRole('switch', { name: 'Public expedition' })).toBeChecked();
    await expect(dialog.getByTestId('meeting-point-map').locator('.leaflet-container')).toBeVisible();
    await dialog.getByRole('button', { name: 'Place the meeting point at the map centre' }).click();
    const point = await meetingPoint(page, dialog);
    expect(Math.abs(point.lat - area.lat)).toBeLessThan(0.002);
    expect(Math.abs(point.lng - area.lng)).toBeLessThan(0.002);
    await shot(page, 'hq-make-public');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('expedition-status')).toContainText('Public');

    // Run the past hunt again: its name is there; its far meeting point is not copied.
    const item = page.getByTestId('past-hunts').getByTestId(`past-hunt-${pastId}`);
    await item.scrollIntoViewIfNeeded();
    await item.getByRole('button', { name: new RegExp(`${pastName}, ENDED: show results`) }).click();
    await item.getByRole('button', { name: 'Run again' }).click();
    const again = page.getByRole('dialog', { name: 'Run this hunt again' });
    await expect(again.getByLabel('Session Name')).toHaveValue(pastName);
    await again.getByLabel('Session Password').fill('raptor-43');
    await shot(page, 'hq-run-again');
    await again.getByRole('button', { name: 'Create session' }).click();
    await expect(notice(page, 'Session Created')).toContainText('Its old meeting point was far from the hunt');
    await expect(page.getByTestId('session-status-card')).toContainText(pastName);
    await expect(page.getByTestId('expedition-status')).toContainText('Private: hunters join with the password.');
  });
});
