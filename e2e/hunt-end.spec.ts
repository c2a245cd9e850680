// The end of a hunt as each hunter lives it (issue #46, point 1), two guests on phones: Rita observes 1 of
// 3 dinosaurs, Bo all 3. The end dialog counts each hunter's own observations (the session's result counts
// what all of them found together: Rita was told "Great Job! ... 3/3, 100 %"); Bo's "Mission Complete!" comes
// once, offers no "Return to Lobby" (there is no lobby), and does not come back on a later pause.
// POLISH_SHOTS=/some/dir saves screenshots.
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, expect, test, uniqueName } from './fixtures';
import { createSession, deploy, hunterContext, joinAsGuest, lifecycle, setUpGameMaster, startSession } from './support/play';

const SHOTS = process.env.POLISH_SHOTS ?? null;
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

/** Darts at the current target until the header counts `count` observations. */
async function observeUntil(page: Page, count: number) {
  const observe = page.getByTestId('ar-view').getByRole('button', { name: 'Observe' });
  for (let attempt = 0; attempt < 8; attempt++) {
    if ((await page.getByTestId('observed-count').innerText()).includes(String(count))) return;
    await expect(observe).toBeEnabled({ timeout: 15_000 });
    await observe.click();
    await expect(observe).toHaveAttribute('aria-busy', 'false');
    // A second dart at the same dinosaur within 2 s is refused as a double submit.
    await page.waitForTimeout(2200);
  }
  await expect(page.getByTestId('observed-count')).toContainText(String(count));
}

test.describe('End of the hunt, per hunter', () => {
  test.skip(({ isMobile }) => !isMobile, 'hunters play on phones (360 x 740)');

  test("each hunter's end dialog counts their own observations; Mission Complete comes once", async ({ browser, baseURL, playwright }) => {
    test.setTimeout(240_000);
    const admin = await playwright.request.newContext({ baseURL });
    expect((await admin.post('/api/auth/login', { data: ADMIN })).status()).toBe(200);
    const species = await sureSpecies(admin, uniqueName('Finalosaurus '));
    await admin.dispose();
    const gm = await playwright.request.newContext({ baseURL });
    await setUpGameMaster(gm);
    const session = await createSession(gm);
    // Rita stands at START, Bo 80 m north: Rita reaches only the first dinosaur, Bo all three (range 100 m).
    for (const m of [40, 120, 160]) {
      await deploy(gm, session.id, { lat: north(m).latitude, lng: north(m).longitude, speciesId: species.id });
    }
    await startSession(gm, session.id);

    const ritaContext = await hunterContext(browser, baseURL!, START);
    const rita = await ritaContext.newPage();
    const boContext = await hunterContext(browser, baseURL!, north(80));
    const bo = await boContext.newPage();
    await joinAsGuest(rita, { sessionId: session.id, password: session.password, handle: uniqueName('Rita') });
    await joinAsGuest(bo, { sessionId: session.id, password: session.password, handle: uniqueName('Bo') });

    for (const page of [rita, bo]) {
      await page.getByRole('tab', { name: 'AR Hunt' }).click();
      await expect(page.getByTestId('ar-readout')).toContainText(species.name, { timeout: 15_000 });
    }
    // Let position reports from here reach the server.
    await rita.waitForTimeout(4000);
    await observeUntil(rita, 1);
    await observeUntil(bo, 3);

    // Bo observed everything: Mission Complete after the spec's 10 s, with no way to a lobby that does not exist.
    const complete = bo.getByTestId('mission-complete-dialog');
    await expect(complete).toBeVisible({ timeout: 15_000 });
    await expect(complete).toContainText('You have observed every dinosaur in this session.');
    await expect(bo.getByRole('button', { name: 'Return to Lobby' })).toHaveCount(0);
    await shot(bo, 'phone-mission-complete');
    await bo.setViewportSize({ width: 1280, height: 800 });
    await shot(bo, 'desktop-mission-complete');
    await bo.setViewportSize({ width: 360, height: 740 });
    await complete.getByRole('button', { name: 'Continue Session' }).click();
    await expect(complete).toBeHidden();
    // Rita observed 1 of 3: no Mission Complete for her.
    await expect(rita.getByTestId('mission-complete-dialog')).toHaveCount(0);

    // A later pause and resume do not raise it again.
    await lifecycle(gm, session.id, 'pause');
    await expect(bo.getByTestId('time-badge')).toContainText('(PAUSED)', { timeout: 5000 });
    await bo.waitForTimeout(11_000);
    await expect(complete).toBeHidden();
    await lifecycle(gm, session.id, 'resume');
    await expect(bo.getByTestId('ar-readout')).toBeVisible({ timeout: 5000 });
    await bo.waitForTimeout(11_000);
    await expect(complete).toBeHidden();

    // The game master ends the hunt. The session's result is 3 of 3 found (by the two together).
    await lifecycle(gm, session.id, 'end');
    const result = await (await gm.get(`/api/game-sessions/${session.id}/result`)).json();
    expect(result).toMatchObject({ completionStatus: 'completed', dinosaursFound: 3, totalDinosaurs: 3 });

    // Rita is told her own result: 1 of 3, 33 %, not "Every dinosaur was observed".
    const ritaEnd = rita.getByTestId('session-end-dialog');
    await expect(ritaEnd).toBeVisible({ timeout: 15_000 });
    await expect(rita.getByRole('dialog')).toContainText('Session Ended');
    await expect(rita.getByRole('dialog')).not.toContainText('Great Job!');
    await expect(ritaEnd.getByTestId('result-dinosaurs-observed')).toHaveText('1');
    await expect(ritaEnd.getByTestId('result-total-deployed')).toHaveText('3');
    await expect(ritaEnd.getByTestId('result-completion-rate')).toHaveText('33%');
    await expect(rita.getByTestId('observed-count')).toContainText('1');
    await shot(rita, 'phone-end-dialog-own-result');

    // Bo observed all three: Great Job, 3 of 3.
    const boEnd = bo.getByTestId('session-end-dialog');
    await expect(boEnd).toBeVisible({ timeout: 15_000 });
    await expect(bo.getByRole('dialog').filter({ hasText: 'Great Job!' })).toBeVisible();
    await expect(boEnd.getByTestId('result-dinosaurs-observed')).toHaveText('3');
    await expect(boEnd.getByTestId('result-completion-rate')).toHaveText('100%');
    await expect(complete).toBeHidden();
    await rita.setViewportSize({ width: 1280, height: 800 });
    await shot(rita, 'desktop-end-dialog-own-result');

    await ritaContext.close();
    await boContext.close();
    await gm.dispose();
  });
});
