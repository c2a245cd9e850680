// The Hunter Terminal (/hunter-mobile) played end to end on a phone: a guest joins
// from /login, reads the brief, the game master (over the API) starts the hunt, the
// hunter walks towards a dinosaur (emulated GPS), scans, observes it from within
// range, radios headquarters, receives a broadcast and sees the end dialog.
// TERMINAL_SHOTS=/some/dir saves a screenshot of every tab and dialog there.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, routeExternalServices, test } from './fixtures';
import { broadcast, createSession, deploy, joinAsGuest, lifecycle, setUpGameMaster, speciesList, startSession } from './support/play';

const SHOTS = process.env.TERMINAL_SHOTS ?? null;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

const START = { latitude: 48.8584, longitude: 2.2945 };
/** About 1.11 m of latitude per 0.00001 degree. */
const M_PER_DEG_LAT = 111_195;
const north = (metres: number) => ({ latitude: START.latitude + metres / M_PER_DEG_LAT, longitude: START.longitude });
/** The dinosaur stands 160 m north of where the hunter starts. */
const DINO_M = 160;

test.describe('Hunter Terminal', () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) > 500, 'phone-first screen: proven at 360 x 740');

  test('a guest joins, reads the brief, hunts a dinosaur, radios HQ and sees the end', async ({ page, context, request }) => {
    test.setTimeout(180_000);
    await context.setGeolocation({ ...START, accuracy: 5 });

    // Game master, session and one dinosaur (the easiest to observe), all over the API.
    await setUpGameMaster(request);
    const session = await createSession(request, { duration: 60 });
    const species = (await speciesList(request)) as { id: number; name: string; captureRate?: number }[];
    const target = [...species].sort((a, b) => (b.captureRate ?? 0) - (a.captureRate ?? 0))[0]!;
    const dino = north(DINO_M);
    await deploy(request, session.id, { lat: dino.latitude, lng: dino.longitude, speciesId: target.id });

    await joinAsGuest(page, { sessionId: session.id, password: session.password, handle: 'Raptor Rita' });
    await expect(page.getByTestId('terminal-session-name')).toHaveText(session.name);
    await expect(page.getByText('Hunter Raptor Rita')).toBeVisible();

    // Brief: the session (no mission) and the 50 m safety line.
    await expect(page.getByTestId('mission-briefing')).toBeVisible();
    await expect(page.getByText(/keep a 50 m safety distance/)).toBeVisible();
    await expect(page.getByTestId('gps-status')).toContainText('m');
    await shot(page, '01-brief');

    // Before the start (preparing counts as playable in the spec): nothing to hunt yet.
    await page.getByRole('tab', { name: 'Scan' }).click();
    await expect(page.getByText('No Active Creatures in Game Session')).toBeVisible();
    await page.getByRole('tab', { name: 'AR Hunt' }).click();
    await expect(page.getByTestId('ar-view')).toContainText('No Active Creatures in Game Session');
    await page.getByRole('tab', { name: 'Map' }).click();
    await expect(page.getByTestId('map-target-count')).toHaveText('0 targets');
    await expect(page.getByText('Dinosaurs appear when the game master starts the hunt.')).toBeVisible();

    // The game master starts: the notice and the dinosaur arrive without a reload.
    await startSession(request, session.id);
    await expect(page.getByRole('status').filter({ hasText: 'Hunt Started' })).toBeVisible({ timeout: 5000 });
    await expect(page.getByTestId('map-target-count')).toHaveText('1 target', { timeout: 5000 });
    await expect(page.getByTestId('available-count')).toContainText('1');
    // 160 m away is off screen at zoom 18: Fit to content brings hunter and dinosaur into view.
    await page.getByRole('button', { name: 'Fit to content' }).click();
    // The title names the species, then its state ("your target", "observed").
    const marker = page.locator(`.leaflet-marker-icon[title^="${target.name}"]`);
    await expect(marker).toBeInViewport({ ratio: 1 });
    await page.waitForTimeout(500); // the fit animation
    await shot(page, '02-map');
    // Tapping the dinosaur opens its species card; tapping the map deploys nothing.
    await marker.click();
    await expect(page.getByTestId('species-card')).toBeVisible();
    await shot(page, '03-species-card');
    await page.getByRole('button', { name: 'Close species card' }).click();
    await expect(page.getByTestId('species-card')).toBeHidden();

    // Scan from the start: the dinosaur is north.
    await page.getByRole('tab', { name: 'Scan' }).click();
    const distances: number[] = [];
    const scan = async () => {
      await page.getByRole('button', { name: /^(Scan|Re-scan)$/ }).click();
      await expect(page.getByTestId('scan-summary')).toHaveText('1 creature detected');
      const text = await page.getByTestId('hit-distance').first().innerText();
      distances.push(Number.parseInt(text, 10));
    };
    await scan();
    await expect(page.getByRole('button', { name: new RegExp(`^${target.name},?( Target)? \\d+ m.*,? N \\d+°`) })).toBeVisible();
    await shot(page, '04-scan');

    // Walk north in 10 m steps, a second apart (a brisk run: the GPS filters keep every fix).
    let walked = 0;
    const walkTo = async (metres: number) => {
      while (walked < metres) {
        walked = Math.min(metres, walked + 10);
        await context.setGeolocation({ ...north(walked), accuracy: 5 });
        await page.waitForTimeout(1000);
      }
    };
    await walkTo(80);
    await scan();
    expect(distances[1]!, `distances ${distances.join(', ')}`).toBeLessThan(distances[0]!);
    await expect(page.getByRole('button', { name: new RegExp(`^${target.name},?( Target)? \\d+ m.*,? N \\d+°`) })).toBeVisible();

    // AR Hunt: within range, observe until the server records it (each dart has the species' observation rate).
    await walkTo(DINO_M - 10);
    await page.getByRole('tab', { name: 'AR Hunt' }).click();
    await expect(page.getByTestId('ar-readout')).toContainText(target.name);
    await expect(page.getByTestId('ar-direction')).toHaveText(/^(N|HERE)$/);
    await shot(page, '05-ar-hunt');
    // Let a position report from here reach the server (reports go out every few seconds).
    await page.waitForTimeout(4000);
    const observe = page.getByRole('button', { name: 'Observe' });
    let observed = false;
    for (let attempt = 0; attempt < 12 && !observed; attempt++) {
      await expect(observe).toBeEnabled();
      await observe.click();
      const verdict = page.getByTestId('observation-verdict');
      await expect(verdict).toBeVisible();
      // The dart has landed (once observed, Observe turns off for that dinosaur: nothing else to hunt here).
      await expect(observe).toHaveAttribute('aria-busy', 'false');
      const outcome = await verdict.getAttribute('data-outcome');
      expect(outcome, 'the server measured the hunter within range').not.toBe('out_of_range');
      observed = outcome === 'observed';
      // A second dart at the same dinosaur within 2 s is refused as a double submit.
      if (!observed) await page.waitForTimeout(2200);
    }
    expect(observed).toBe(true);
    await expect(page.getByTestId('observed-count')).toContainText('1');
    await expect(page.getByTestId('darts-left')).not.toHaveText('25');
    await shot(page, '06-ar-observed');
    const stats = await page.request.get(`/api/hunter/stats?sessionId=${session.id}`);
    expect(stats.status()).toBe(200);
    expect((await stats.json()).dinosaursObserved).toBe(1);

    // A pause freezes the clock and stops the hunt; resume brings it back.
    await lifecycle(request, session.id, 'pause');
    await expect(page.getByTestId('time-badge')).toContainText('(PAUSED)', { timeout: 5000 });
    await expect(page.getByTestId('ar-view')).toContainText('Session paused');
    await expect(page.getByTestId('session-state-banner')).toContainText('Session paused');
    await shot(page, '06b-paused');
    await lifecycle(request, session.id, 'resume');
    await expect(page.getByTestId('ar-readout')).toContainText(target.name, { timeout: 5000 });

    // Every dinosaur observed: 'Mission Complete!' (after the spec's 10 s), once.
    await expect(page.getByTestId('mission-complete-dialog')).toBeVisible({ timeout: 15_000 });
    await shot(page, '07-mission-complete');
    await page.getByRole('button', { name: 'Continue Session' }).click();
    await expect(page.getByTestId('mission-complete-dialog')).toBeHidden();

    // Comms: a message (Enter sends) and a quick action, read by the game master over the API.
    await page.getByRole('tab', { name: 'Comms' }).click();
    await page.getByLabel('Message to headquarters').fill('Target in sight near the fountain');
    await page.getByLabel('Message to headquarters').press('Enter');
    await expect(page.getByTestId('comms-feed')).toContainText('Target in sight near the fountain');
    await expect(page.getByLabel('Message to headquarters')).toHaveValue('');
    await page.getByRole('button', { name: 'Mark Location' }).click();
    await expect(page.getByTestId('comms-feed')).toContainText('Mark Location');
    await expect(page.getByTestId('message-location')).toBeVisible();
    await shot(page, '08-comms');
    const hq = await request.get(`/api/game-sessions/${session.id}/communications`);
    const messages: { message: string; quickAction: string | null; recipientType: string; userId: string; location: unknown }[] =
      await hq.json();
    expect(messages).toContainEqual(
      expect.objectContaining({ message: 'Target in sight near the fountain', recipientType: 'headquarters', userId: 'Raptor Rita' }),
    );
    expect(messages).toContainEqual(
      expect.objectContaining({ quickAction: 'mark_location', recipientType: 'headquarters', location: expect.any(Object) }),
    );

    // A broadcast arrives as a notice, live.
    await broadcast(request, session.id, 'Regroup at the north gate');
    await expect(page.getByRole('status').filter({ hasText: 'Regroup at the north gate' })).toBeVisible({ timeout: 5000 });
    await expect(page.getByTestId('comms-feed')).toContainText('GAME MASTER');
    await shot(page, '09-broadcast');

    // The game master ends the session: the end dialog with the figures.
    await lifecycle(request, session.id, 'end');
    // Ended by the game master after every dinosaur was found: the server says completed ('Great Job!').
    const endDialog = page.getByRole('dialog').filter({ hasText: /Great Job!|Session Ended/ });
    await expect(endDialog).toBeVisible({ timeout: 5000 });
    await expect(endDialog.getByTestId('result-dinosaurs-observed')).toHaveText('1');
    await shot(page, '10-end');
  });

  test('the Comms tab checks media before uploading and sends a photo', async ({ page, context, request }) => {
    await context.setGeolocation({ ...START, accuracy: 5 });
    await setUpGameMaster(request);
    const session = await createSession(request);
    await joinAsGuest(page, { sessionId: session.id, password: session.password, handle: 'Photo Phil' });
    // The local hunter_{timestamp}_{random} of the spec labels this device's play.
    // (Written when the terminal mounts, which can follow the URL change: /login no longer loads the
    // API clients ahead of it, issue #25.)
    await expect(page.getByTestId('terminal-session-name')).toHaveText(session.name);
    expect(await page.evaluate(() => localStorage.getItem('hunter_id'))).toMatch(/^hunter_\d+_[a-z0-9]+$/);

    await page.getByRole('tab', { name: 'Comms' }).click();
    await expect(page.getByText('No communications yet')).toBeVisible();
    await page.getByRole('button', { name: 'Emergency Exit' }).scrollIntoViewIfNeeded();
    await shot(page, '12-comms-actions');

    await page.getByRole('button', { name: 'Upload Media' }).click();
    await expect(page.getByTestId('media-problem')).toHaveText('No file selected');
    const anyFile = page.locator('input[type="file"]:not([capture])');
    await anyFile.setInputFiles({ name: 'map.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') });
    await expect(page.getByTestId('media-problem')).toHaveText('Invalid file type: Only .jpg photos and .mp4 videos are allowed');

    // A real jpeg, drawn by the browser.
    const jpeg = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 48;
      const g = canvas.getContext('2d')!;
      g.fillStyle = '#3a7d44';
      g.fillRect(0, 0, 64, 48);
      return canvas.toDataURL('image/jpeg').split(',')[1]!;
    });
    await anyFile.setInputFiles({ name: 'tracks.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(jpeg, 'base64') });
    await expect(page.getByTestId('media-problem')).toBeHidden();
    await page.getByLabel('Caption').fill('Fresh tracks');
    await page.locator('label').filter({ hasText: /^Headquarters$/ }).click();
    await expect(page.getByRole('radio', { name: 'Headquarters' })).toBeChecked();
    await page.getByRole('button', { name: 'Upload Media' }).click();
    const photo = page.getByRole('img', { name: 'Photo from Photo Phil: Fresh tracks' });
    await expect(photo).toBeVisible();
    expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
    await photo.scrollIntoViewIfNeeded();
    await shot(page, '13-media-sent');
    const hq = await request.get(`/api/game-sessions/${session.id}/communications`);
    expect(await hq.json()).toContainEqual(
      expect.objectContaining({ messageType: 'media', mediaType: 'image', recipientType: 'headquarters', message: 'Fresh tracks' }),
    );
  });

  test('a visitor without a sign-in is sent to the login page', async ({ page }) => {
    await page.goto('/hunter-mobile');
    await expect(page.getByRole('heading', { name: 'Sign in to hunt' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('/mobile-hunter is the same screen, and denied location says so', async ({ browser, baseURL, request }) => {
    // A fresh context without the geolocation permission: the browser refuses location.
    const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, permissions: [] });
    await routeExternalServices(context);
    const page = await context.newPage();
    await setUpGameMaster(request);
    const session = await createSession(request);
    await joinAsGuest(page, { sessionId: session.id, password: session.password, handle: 'No Signal Sam' });
    await page.goto(`/mobile-hunter?sessionId=${session.id}`);
    await expect(page.getByTestId('terminal-session-name')).toHaveText(session.name);
    await expect(page.getByTestId('gps-error')).toContainText('Location Access Required');
    await shot(page, '11-gps-denied');
    await context.close();
  });

  test('installable: manifest and icons; the shell opens offline and the API is never served from the cache', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, serviceWorkers: 'allow', viewport: { width: 360, height: 740 } });
    await routeExternalServices(context);
    const page = await context.newPage();
    await page.goto('/hunter-mobile');
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = await (await page.request.get(manifestHref!)).json();
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/hunter-mobile' });
    for (const icon of manifest.icons as { src: string; sizes: string }[]) {
      const res = await page.request.get(icon.src);
      expect(res.status(), icon.src).toBe(200);
      expect(res.headers()['content-type']).toBe('image/png');
    }
    expect((manifest.icons as { purpose?: string }[]).some((i) => i.purpose === 'maskable')).toBe(true);

    // The worker takes control once it has precached the shell, and caches the modules the page loaded
    // before that when the page hands them over (decision 802).
    await page.waitForFunction(async () => Boolean((await navigator.serviceWorker.ready).active) && navigator.serviceWorker.controller !== null, null, {
      timeout: 30_000,
    });
    await page.waitForFunction(() => document.documentElement.dataset.offlineReady === 'true', null, { timeout: 30_000 });
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sign in to hunt' })).toBeVisible();
    // API calls go to the network even with a worker in control: offline, they fail.
    const api = await page.evaluate(async () => {
      try {
        const res = await fetch('/api/config');
        return `served ${res.status}`;
      } catch {
        return 'network error';
      }
    });
    expect(api).toBe('network error');

    // Online, the pages whose HTML is more than the shell come from the server (decision 924): Mission HQ's
    // first screen, the prerendered sign-up. The terminal's shell still comes from the worker.
    await context.setOffline(false);
    for (const path of ['/register', '/gamemaster']) {
      const res = await page.goto(path);
      expect(res?.fromServiceWorker(), path).toBe(false);
    }
    const signUp = await page.goto('/register');
    expect(await signUp?.text()).toContain('Create Account');
    expect((await page.goto('/hunter-mobile'))?.fromServiceWorker()).toBe(true);
    await context.close();
  });
});
