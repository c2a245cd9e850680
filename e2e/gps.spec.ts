// GPS on the Hunter Terminal (/hunter-mobile) against the real server: a phone
// without location permission gets the spec's 'Location Access Required' and a
// scanner that asks for GPS; a phone that walks towards a dinosaur sees the
// scanner's list follow it down to 'Immediate threat', and the game master sees
// the reported position.
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { expect, routeExternalServices, test, uniqueName } from './fixtures';
import { createSession, deploy, hunterContext, joinAsGuest, setUpGameMaster, startSession } from './support/play';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-gps';
const START = { latitude: 48.8584, longitude: 2.2945 };
const M_PER_DEG_LAT = 111_195;
/** A point `m` metres north of START. */
const north = (m: number) => ({ latitude: START.latitude + m / M_PER_DEG_LAT, longitude: START.longitude });

/** Fails the test on console errors in a context the spec opened itself (the fixture watches only `page`). */
function watchConsole(page: Page, errors: string[]) {
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/401 \(Unauthorized\)|Failed to load resource/.test(msg.text())) errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
}

async function runningSession(request: APIRequestContext, dinoNorthM: number) {
  await setUpGameMaster(request);
  const session = await createSession(request);
  const dino = north(dinoNorthM);
  await deploy(request, session.id, { lat: dino.latitude, lng: dino.longitude });
  await startSession(request, session.id);
  return session;
}

async function phone(browser: Browser, baseURL: string, options: Parameters<Browser['newContext']>[0]): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, ...options });
  await routeExternalServices(context);
  return context;
}

test.describe('GPS on the Hunter Terminal', () => {
  test("no location permission: 'Location Access Required', no GPS in the header, the scanner asks for GPS", async ({
    browser,
    baseURL,
    request,
  }) => {
    const session = await runningSession(request, 100);
    // The real browser path: a context that was never granted geolocation. Headless Chromium denies the request (code 1).
    const context = await phone(browser, baseURL!, { permissions: [] });
    const page = await context.newPage();
    const errors: string[] = [];
    watchConsole(page, errors);
    await joinAsGuest(page, { sessionId: session.id, password: session.password, handle: uniqueName('Scout') });

    const panel = page.getByTestId('gps-error');
    await expect(panel).toBeVisible({ timeout: 20_000 });
    await expect(panel).toContainText('Location Access Required');
    await expect(panel).toContainText('enable location access in your browser settings and refresh');
    await expect(page.getByRole('alert').filter({ hasText: 'Location Access Required' }).first()).toBeVisible();
    await expect(page.getByTestId('gps-status')).toHaveText('No GPS');

    await page.getByTestId('tab-scan').click();
    await expect(page.getByTestId('scanner-message')).toContainText('GPS Required for Environmental Scanning');
    await page.screenshot({ path: `${SHOTS}/denied-phone.png` });

    // Retry asks again; the browser still says no, so the notice stays.
    await panel.getByRole('button', { name: 'Retry' }).click();
    await expect(panel).toContainText('Location Access Required');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('walking towards a dinosaur: the scan list follows, immediate threat at 25 m, the game master sees the position', async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(120_000);
    const dinoM = 60;
    const session = await runningSession(request, dinoM);
    const context = await hunterContext(browser, baseURL!, { ...START, accuracy: 4 });
    const page = await context.newPage();
    const errors: string[] = [];
    watchConsole(page, errors);
    await joinAsGuest(page, { sessionId: session.id, password: session.password, handle: uniqueName('Walker') });

    await expect(page.getByTestId('gps-status')).toContainText(/±\d+ m/, { timeout: 20_000 });
    await page.getByTestId('tab-scan').click();
    await page.getByRole('button', { name: 'Scan' }).click();
    await expect(page.getByTestId('scan-summary')).toHaveText('Scanning…');
    await expect(page.getByTestId('scan-summary')).toHaveText('1 creature detected', { timeout: 5000 });
    const hit = page.getByTestId('scan-hit').first();
    await expect(hit.getByTestId('hit-distance')).toHaveText(/^(5[5-9]|6[0-5]) m$/);
    await expect(hit).toContainText('N 0°');
    await expect(hit).not.toContainText('Immediate threat');
    await page.screenshot({ path: `${SHOTS}/scan-60m-phone.png` });

    // Walk north at a brisk 2.5 m/s, a fix a second, to 20 m short of the dinosaur.
    for (let m = 2.5; m <= dinoM - 20; m += 2.5) {
      await context.setGeolocation({ ...north(m), accuracy: 4 });
      await page.waitForTimeout(1000);
    }
    await expect(hit).toContainText('Immediate threat', { timeout: 15_000 });
    const distance = Number((await hit.getByTestId('hit-distance').textContent())?.replace(/\D/g, ''));
    expect(distance).toBeLessThanOrEqual(25);
    await page.screenshot({ path: `${SHOTS}/scan-threat-phone.png` });

    // The position reached the server: the game master's live map reads it.
    await expect
      .poll(
        async () => {
          const res = await request.get(`/api/game-sessions/${session.id}/hunter-locations`);
          const body: { location: { lat: number } }[] = await res.json();
          return body[0] ? Math.round((body[0].location.lat - START.latitude) * M_PER_DEG_LAT) : null;
        },
        { timeout: 10_000 },
      )
      .toBeGreaterThan(30);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("a coarse fix: the distance is marked with the GPS accuracy ('±N m GPS')", async ({ browser, baseURL, request }) => {
    const session = await runningSession(request, 30);
    const context = await hunterContext(browser, baseURL!, { ...START, accuracy: 80 });
    const page = await context.newPage();
    const errors: string[] = [];
    watchConsole(page, errors);
    await joinAsGuest(page, { sessionId: session.id, password: session.password, handle: uniqueName('Coarse') });
    await expect(page.getByTestId('gps-status')).toContainText(/±\d+ m Standard/, { timeout: 20_000 });
    await page.getByTestId('tab-scan').click();
    await page.getByRole('button', { name: 'Scan' }).click();
    const hit = page.getByTestId('scan-hit').first();
    await expect(hit.getByTestId('hit-distance')).toHaveText(/^(2[5-9]|3[0-5]) m$/, { timeout: 5000 });
    await expect(hit.getByTestId('hit-uncertainty')).toHaveText(/^±\d+ m GPS$/);
    await page.screenshot({ path: `${SHOTS}/scan-coarse-phone.png` });
    expect(errors).toEqual([]);
    await context.close();
  });
});
