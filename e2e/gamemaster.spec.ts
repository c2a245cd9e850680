// Mission HQ (/gamemaster) against the real server and database: a game master
// with a plan creates a session, deploys three species by clicking the map,
// starts, pauses and resumes it, broadcasts; a guest hunter joins with the
// shared link and reports positions from another browser: the marker appears and
// moves on the game master's map, the message reaches the feed and the tracking
// row updates, all without a reload.
import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, routeExternalServices, test, uniqueName } from './fixtures';
import { createSession, deploy, setUpGameMaster, speciesList } from './support/play';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-gm';
fs.mkdirSync(SHOTS, { recursive: true });

/** The status card's badges. */
const statusBadge = (page: Page) => page.getByTestId('session-status-card').getByTestId('status-badge');
const timeBadge = (page: Page) => page.getByTestId('session-status-card').getByTestId('time-badge');
const notice = (page: Page, title: string) => page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: title }).first();

const LOGGED_OUT = 'You are logged out. Logging in again...';

/**
 * Every notice's text as the page shows it, kept across navigations: the Unauthorized notice
 * is on screen for only half a second before the page leaves for /login.
 */
async function recordNotices(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('__noticeSeen', (text: string) => {
    if (!seen.includes(text)) seen.push(text);
  });
  await page.addInitScript(() => {
    const report = (window as unknown as { __noticeSeen: (t: string) => void }).__noticeSeen;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[role="alert"], [role="status"]')) report(el.textContent ?? '');
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return seen;
}

async function mapContainer(page: Page, timeout?: number): Promise<Locator> {
  const map = page.getByTestId('tactical-map').locator('.leaflet-container');
  await expect(map).toBeVisible({ timeout });
  return map;
}

/**
 * Mission HQ's first render (some 60 modules, the map, five queries) takes about 2.5 s on a
 * quiet 2-core machine, and several times that while the other worker plays a hunt in two
 * browsers: the first look at a freshly opened HQ gets this long.
 */
const FIRST_RENDER_MS = 25_000;

async function openMissionHq(page: Page): Promise<void> {
  await page.goto('/gamemaster');
  await expect(page.getByRole('heading', { name: 'Mission HQ', level: 1 })).toBeVisible({ timeout: FIRST_RENDER_MS });
}

test.describe('Mission HQ', () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 1000, 'the full flow runs at desktop size; the phone layout has its own test');

  test('a game master runs a live session and follows a hunter without a reload', async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    await setUpGameMaster(page.request);
    await openMissionHq(page);
    await expect(page.getByText('GM', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: /Credits/ })).toHaveAttribute('href', /\/checkout/);
    await expect(page.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    // Empty states before there is a session.
    await expect(page.getByText('No sessions yet. Create one to start a hunt.')).toBeVisible();
    await expect(page.getByText('Select a session to see its communications.')).toBeVisible();
    // Marks the document: a reload would lose it.
    await page.evaluate(() => {
      (window as unknown as { __noReload: boolean }).__noReload = true;
    });

    // Create: name and password required (blank does nothing), defaults 25 players and 120 minutes, plan cap shown.
    await page.getByRole('button', { name: 'Create Session' }).click();
    await expect(page.getByText('Session name is required')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Max Players' })).toHaveValue('25 players');
    await expect(page.getByText('Your plan: up to 25 per session')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Duration' })).toHaveValue('120 minutes');
    const name = uniqueName('Raptor Run ');
    await page.getByLabel('Session Name').fill(`  ${name}  `);
    await page.getByRole('textbox', { name: 'Session Password' }).fill('  clever-girl ');
    await page.getByRole('button', { name: 'Create Session' }).click();
    await expect(notice(page, 'Session Created')).toBeVisible();
    await expect(page.getByTestId('session-status-card')).toContainText(name);
    await expect(statusBadge(page)).toHaveText('SETUP');
    await expect(timeBadge(page)).toHaveText('2:00:00');

    // Live Players: the credentials to share (trimmed), and a link without the password unless ticked.
    const sessionId = Number(await page.getByTestId('share-session-id').textContent());
    expect(sessionId).toBeGreaterThan(0);
    await expect(page.getByTestId('share-session-password')).toHaveText('clever-girl');
    await expect(page.getByTestId('player-count')).toHaveText('0/25');
    await expect(page.getByRole('img', { name: `QR code to join ${name}` })).toBeVisible();
    const link = page.getByTestId('join-link');
    await expect(link).toHaveValue(new RegExp(`/login\\?tab=hunter&sessionId=${sessionId}$`));
    await page.getByLabel('Include password in the link and QR code').check();
    await expect(link).toHaveValue(new RegExp(`sessionId=${sessionId}&password=clever-girl$`));
    const joinUrl = await link.inputValue();

    // Deploy: a click without a species says so; select, Cancel clears; three species by clicking the map.
    const map = await mapContainer(page);
    await expect(page.getByTestId('no-dinosaurs')).toHaveText('No dinosaurs deployed yet.');
    await map.click({ position: { x: 260, y: 200 } });
    await expect(notice(page, 'Select a Species First')).toBeVisible();
    const options = page.getByTestId('species-option');
    await options.nth(0).click();
    await expect(page.getByTestId('deploy-selection')).toBeVisible();
    await expect(page.getByTestId('map-selecting-hint')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('deploy-selection')).toHaveCount(0);
    const spots = [
      { x: 260, y: 160 },
      { x: 420, y: 240 },
      { x: 560, y: 180 },
    ];
    for (const [i, spot] of spots.entries()) {
      await options.nth(i).click();
      await expect(options.nth(i)).toHaveAttribute('aria-pressed', 'true');
      await map.click({ position: spot });
      // The selection clears at once; the server's answer follows.
      await expect(page.getByTestId('deploy-selection')).toHaveCount(0);
      await expect(notice(page, 'Dinosaur Deployed')).toContainText('Successfully deployed dinosaur to the battlefield!');
      await expect(page.getByTestId('deploy-counter')).toHaveText(`${i + 1}/15`);
    }
    await expect(page.locator('.tm-dino')).toHaveCount(3);
    await expect(page.getByTestId('map-dino-count')).toHaveText('Dinosaurs 3/15');

    // Start, then pause (frozen with '(PAUSED)') and resume (running again).
    await page.getByRole('button', { name: 'Start Now' }).click();
    await expect(statusBadge(page)).toHaveText('LIVE');
    const running1 = await timeBadge(page).textContent();
    await expect.poll(() => timeBadge(page).textContent(), { timeout: 3000 }).not.toBe(running1);
    await page.getByRole('button', { name: 'Pause' }).click();
    await expect(statusBadge(page)).toHaveText('PAUSED');
    await expect(timeBadge(page)).toContainText('(PAUSED)');
    const frozen = await timeBadge(page).textContent();
    await page.waitForTimeout(2200);
    await expect(timeBadge(page)).toHaveText(frozen ?? '');
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect(statusBadge(page)).toHaveText('LIVE');
    await expect(timeBadge(page)).not.toContainText('(PAUSED)');
    const running2 = await timeBadge(page).textContent();
    await expect.poll(() => timeBadge(page).textContent(), { timeout: 3000 }).not.toBe(running2);

    // Broadcast: blank is not sent; Enter sends; the feed shows it from the GAME MASTER.
    const composer = page.getByLabel('Broadcast to all hunters');
    await composer.fill('   ');
    await expect(page.getByRole('button', { name: 'Broadcast' })).toBeDisabled();
    await composer.fill('Stay 50 m away from the big ones');
    await composer.press('Enter');
    const feed = page.getByTestId('communications');
    await expect(feed).toContainText('Stay 50 m away from the big ones');
    await expect(feed).toContainText('GAME MASTER');
    await expect(page.getByTestId('no-hunters')).toBeVisible();

    // A guest hunter scans the link: the join form opens on the Hunter Session tab, prefilled.
    const dinos: { latitude: string; longitude: string }[] = await (await page.request.get(`/api/game-sessions/${sessionId}/dinosaurs`)).json();
    const first = { lat: Number(dinos[0]!.latitude), lng: Number(dinos[0]!.longitude) };
    // No location permission (contexts inherit the config's): positions come only from the test's reports below.
    const hunterContext = await browser.newContext({
      baseURL,
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
      permissions: [],
    });
    await routeExternalServices(hunterContext);
    const hunter = await hunterContext.newPage();
    await hunter.goto(joinUrl);
    await expect(hunter.getByRole('tab', { name: 'Hunter Session' })).toHaveAttribute('aria-selected', 'true');
    await expect(hunter.getByLabel('Session ID', { exact: true })).toHaveValue(String(sessionId));
    await expect(hunter.getByLabel('Session Password')).toHaveValue('clever-girl');
    const handle = uniqueName('Blue');
    await expect(hunter.getByLabel('Hunter Handle')).toBeFocused();
    await hunter.getByLabel('Hunter Handle').fill(handle);
    await hunter.getByRole('button', { name: 'Join Hunt' }).click();
    await expect(hunter).toHaveURL(/\/hunter-mobile\?/);
    // Positions come through the API from here, so the terminal's own GPS does not interfere.
    await hunter.goto('about:blank');

    await expect(page.getByTestId('player-count')).toHaveText('1/25');
    const row = page.getByTestId('tracking-row').filter({ hasText: handle });
    await expect(row).toBeVisible();
    await expect(row.getByTestId('tracking-observed')).toHaveText('0 / 3');
    await expect(row.getByTestId('tracking-darts')).toHaveText('25');
    await expect(row.getByTestId('tracking-last-seen')).toHaveText('not yet');

    // First position: the marker and its handle appear within 2 s, pushed (no polling while live).
    const report = (lat: number, lng: number) =>
      hunter.request.post(`/api/game-sessions/${sessionId}/location`, { data: { lat, lng, accuracy: 8 } });
    let res = await report(first.lat - 0.0006, first.lng - 0.0006);
    expect(res.status(), await res.text()).toBe(200);
    const marker = page.locator('.tm-hunter');
    await expect(marker).toHaveCount(1, { timeout: 2000 });
    await expect(page.locator('.tm-hunter-label', { hasText: handle })).toBeVisible({ timeout: 2000 });
    await expect(page.getByTestId('map-hunter-count')).toHaveText('Hunters 1');
    await expect(row.getByTestId('tracking-last-seen')).toHaveText(/just now|\d+ s ago/);
    const before = await marker.boundingBox();

    // Second position, about 60 m further: the marker moves within 2 s and the distance grows.
    await page.waitForTimeout(1100);
    res = await report(first.lat - 0.0002, first.lng - 0.0001);
    expect(res.status(), await res.text()).toBe(200);
    await expect
      .poll(async () => {
        const after = await marker.boundingBox();
        return Boolean(before && after && (Math.abs(after.x - before.x) > 3 || Math.abs(after.y - before.y) > 3));
      }, { timeout: 2000 })
      .toBe(true);
    await expect(row.getByTestId('tracking-distance')).not.toHaveText(/^(—|0 m)$/, { timeout: 2000 });

    // The hunter radios headquarters: the message reaches the feed.
    res = await hunter.request.post(`/api/game-sessions/${sessionId}/communications`, {
      data: { message: 'Triceratops at the fountain', messageType: 'text', recipientType: 'headquarters' },
    });
    expect(res.status(), await res.text()).toBe(200);
    await expect(feed).toContainText('Triceratops at the fountain', { timeout: 3000 });
    await expect(feed).toContainText(handle);

    // Fit to content frames dinosaurs and the hunter; screenshot the console at 1280 x 800.
    await page.getByRole('button', { name: 'Fit to content' }).click();
    await page.waitForTimeout(600);
    await page.screenshot({ path: `${SHOTS}/gamemaster-1280.png` });
    await page.screenshot({ path: `${SHOTS}/gamemaster-1280-full.png`, fullPage: true });

    // End (confirmed): the result is in the status card.
    await page.getByRole('button', { name: 'End', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'End Mission' }).click();
    await expect(statusBadge(page)).toHaveText('ENDED');
    await expect(page.getByTestId('session-result')).toContainText('Session Ended');
    await expect(page.getByTestId('session-result')).toContainText('0 / 3 dinosaurs observed (0%)');
    await page.getByTestId('mission-control').screenshot({ path: `${SHOTS}/gamemaster-ended.png` });

    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    await hunterContext.close();
  });

  test('the create form refuses a short or simple session password and generates a strong, readable one', async ({ page }) => {
    await setUpGameMaster(page.request);
    await openMissionHq(page);
    const form = page.getByRole('form', { name: 'Create session' });
    await form.getByLabel('Session Name').fill(uniqueName('Short '));
    await form.getByLabel('Session Password').fill('abc');
    await form.getByRole('button', { name: 'Create Session' }).click();
    await expect(form.getByText('Session password must be at least 8 characters')).toBeVisible();
    // Long enough but one kind of character: the minimum strength (decision 931).
    await form.getByLabel('Session Password').fill('raptorrex');
    await form.getByRole('button', { name: 'Create Session' }).click();
    await expect(form.getByText('Session password must mix letters with digits or symbols (for example amber-raptor-4821)')).toBeVisible();
    await form.getByRole('button', { name: 'Generate a strong password' }).click();
    await expect(form.getByLabel('Session Password')).toHaveValue(/^[a-z]+-[a-z]+-\d{4}$/);
    await form.getByRole('button', { name: 'Create Session' }).click();
    await expect(page.getByTestId('session-status-card')).toBeVisible();
  });

  test("the weekly plan limit shows the server's message with a way to buy credits", async ({ page }) => {
    await setUpGameMaster(page.request, 'Starter');
    // The Starter plan allows 5 sessions a week.
    for (let i = 0; i < 5; i++) await createSession(page.request, { maxPlayers: 10 });
    await openMissionHq(page);
    await page.getByRole('button', { name: 'New Session' }).click();
    await expect(page.getByText('Your plan: up to 10 per session')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Max Players' })).toHaveValue('10 players');
    await page.getByLabel('Session Name').fill(uniqueName('One too many '));
    await page.getByRole('textbox', { name: 'Session Password' }).fill('secret-77');
    await page.getByRole('button', { name: 'Create Session' }).click();
    await expect(notice(page, 'Session Creation Failed')).toBeVisible();
    const limit = page.getByTestId('plan-limit');
    await expect(limit).toContainText('Weekly session limit reached');
    await expect(limit.getByRole('link', { name: 'Buy credits' })).toHaveAttribute('href', '/checkout?mode=credits');
  });

  test('an unreachable tile server leaves a plain grey map with a note, still usable for deploying', async ({ page }) => {
    await page.context().route(/tile\.openstreetmap\.org/, (route) => route.abort());
    await setUpGameMaster(page.request);
    await createSession(page.request);
    await page.goto('/gamemaster');
    const map = await mapContainer(page, FIRST_RENDER_MS);
    await expect(page.getByTestId('map-tiles-unavailable')).toHaveText('Map tiles unavailable: plain map shown');
    await page.getByTestId('species-option').first().click();
    await map.click({ position: { x: 300, y: 200 } });
    await expect(page.getByTestId('deploy-counter')).toHaveText('1/15');
    // Keyboard only: choose a species with Enter, deploy at the map's centre with Enter.
    await page.getByTestId('species-option').nth(1).press('Enter');
    await page.getByRole('button', { name: 'Deploy at map centre' }).press('Enter');
    await expect(page.getByTestId('deploy-counter')).toHaveText('2/15');
  });

  test('a sign-in ended elsewhere: the open screen says so and goes to /login', async ({ page }) => {
    const notices = await recordNotices(page);
    await setUpGameMaster(page.request);
    await createSession(page.request);
    await page.goto('/gamemaster');
    await expect(statusBadge(page)).toHaveText('SETUP', { timeout: FIRST_RENDER_MS });
    // Another tab logs out: the server closes this page's live socket, which finds the sign-in gone.
    await page.request.post('/api/auth/logout');
    await expect.poll(() => notices.some((n) => n.includes('Unauthorized') && n.includes(LOGGED_OUT))).toBe(true);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a mutation answered Unauthorized logs out in effect and goes to /login', async ({ page }) => {
    // The live socket goes through the test, which can keep the server's news from the page (a slow
    // network): only the Start Now mutation then learns that the sign-in is gone.
    let muted = false;
    await page.routeWebSocket(/\/trpc$/, (ws) => {
      const server = ws.connectToServer();
      server.onMessage((message) => {
        if (!muted) ws.send(message);
      });
      server.onClose((code, reason) => {
        if (!muted) void ws.close({ code, reason });
      });
    });
    const notices = await recordNotices(page);
    await setUpGameMaster(page.request);
    await createSession(page.request);
    await page.goto('/gamemaster');
    await expect(statusBadge(page)).toHaveText('SETUP', { timeout: FIRST_RENDER_MS });
    muted = true;
    await page.request.post('/api/auth/logout');
    await page.getByRole('button', { name: 'Start Now' }).click();
    // No dinosaurs deployed: the start asks first (decision 813).
    await page.getByRole('button', { name: 'Start anyway' }).click();
    await expect.poll(() => notices.some((n) => n.includes('Unauthorized') && n.includes(LOGGED_OUT))).toBe(true);
    await expect(page).toHaveURL(/\/login$/);
  });
});

test('Mission HQ on a phone: panels stacked, the map first', async ({ page }) => {
  test.skip((page.viewportSize()?.width ?? 0) > 400, 'phone layout');
  await setUpGameMaster(page.request);
  const session = await createSession(page.request, { name: uniqueName('Phone Hunt ') });
  const species = await speciesList(page.request);
  for (const [i, s] of species.slice(0, 3).entries()) {
    await deploy(page.request, session.id, { lat: 48.8584 + i * 0.001, lng: 2.2945 + i * 0.0015, speciesId: s.id });
  }
  await page.goto('/gamemaster');
  await expect(statusBadge(page)).toHaveText('SETUP', { timeout: FIRST_RENDER_MS });
  await expect(page.locator('.tm-dino')).toHaveCount(3);
  const mapBox = await page.getByTestId('tactical-overview').boundingBox();
  const controlBox = await page.getByTestId('mission-control').boundingBox();
  expect(mapBox && controlBox && mapBox.y < controlBox.y).toBe(true);
  // Nothing overflows sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${SHOTS}/gamemaster-360.png` });
  await page.screenshot({ path: `${SHOTS}/gamemaster-360-full.png`, fullPage: true });
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/gamemaster-768.png` });
});
