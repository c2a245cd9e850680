// The hunter's map follows the hunter (issue #46, point 4) on a phone with moving GPS: after a 760 m walk the
// own dot is still on screen (it was not: "Leave the red zone on your map now" with neither the dot nor the
// zone shown); a drag by the hunter stops following, and a labelled "Re-centre on me" brings it back.
// POLISH_SHOTS=/some/dir saves screenshots.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createSession, deploy, joinAsGuest, setUpGameMaster, startSession } from './support/play';

const SHOTS = process.env.POLISH_SHOTS ?? null;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

const START = { latitude: 48.8584, longitude: 2.2945 };
const M_PER_DEG_LAT = 111_195;
const north = (m: number) => ({ latitude: START.latitude + m / M_PER_DEG_LAT, longitude: START.longitude });

test.describe("The hunter's map follows the hunter", () => {
  test.skip(({ isMobile }) => !isMobile, 'hunters play on phones (360 x 740)');

  test('the own dot stays on screen on a long walk until the hunter pans; Re-centre on me follows again', async ({ page, context, request }) => {
    test.setTimeout(150_000);
    await context.setGeolocation({ ...START, accuracy: 5 });
    await setUpGameMaster(request);
    const session = await createSession(request);
    const dino = north(40);
    await deploy(request, session.id, { lat: dino.latitude, lng: dino.longitude });
    await startSession(request, session.id);
    await joinAsGuest(page, { sessionId: session.id, password: session.password, handle: 'Walker Wyn' });
    await page.getByRole('tab', { name: 'Map' }).click();
    const dot = page.locator('.leaflet-marker-icon.tm-self');
    await expect(dot).toBeInViewport({ timeout: 15_000 });

    // A brisk walk north, 40 m a second (the GPS filters keep every fix), 760 m in all.
    let walked = 0;
    const walkTo = async (metres: number) => {
      while (walked < metres) {
        walked = Math.min(metres, walked + 40);
        await context.setGeolocation({ ...north(walked), accuracy: 5 });
        await page.waitForTimeout(1000);
      }
    };
    await walkTo(760);
    await expect(dot).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Re-centre on me' })).toHaveCount(0);
    await shot(page, 'phone-map-following');

    // The hunter drags the map to look elsewhere: it stops following and offers the way back, in words.
    const map = page.getByTestId('tactical-map').locator('.leaflet-container');
    const box = (await map.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 - 150, { steps: 8 });
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 - 300, { steps: 8 });
    await page.mouse.up();
    const recentre = page.getByRole('button', { name: 'Re-centre on me' });
    await expect(recentre).toBeVisible();
    await walkTo(880);
    await expect(dot).not.toBeInViewport();
    await shot(page, 'phone-map-panned');
    await recentre.click();
    await expect(dot).toBeInViewport();
    await expect(recentre).toHaveCount(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, 'desktop-map-following');
  });
});
