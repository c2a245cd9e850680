// The AR Hunt tab of the Hunter Terminal against the real server: a game master
// starts a session with a dinosaur about 30 m north-east; a guest hunter opens
// the AR view. Camera overlay with Chromium's fake camera and dispatched
// absolute orientation (model in view when facing the target, edge arrow when
// not), a refused camera falling back to the 3D viewer, Observe from the AR
// view, and WebXR geo mode through the IWER emulator (test-only init script).
import fs from 'node:fs';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import config from '../playwright.config';
import { bearingDegrees, normalizeDegrees } from '../src/domain/scanner';
import { expect, test, uniqueName } from './fixtures';
import { iwerInitScript } from './support/iwer';
import { createSession, deploy, hunterContext, joinAsGuest, setUpGameMaster, startSession } from './support/play';

const START = { latitude: 48.8584, longitude: 2.2945 };
const DINO = { lat: START.latitude + 0.00019, lng: START.longitude + 0.00029 };
const BEARING = bearingDegrees({ lat: START.latitude, lng: START.longitude }, DINO);
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-ar';

// The config's launch arguments plus Chromium's fake camera (a 640x480 test pattern, prompts accepted).
test.use({
  launchOptions: {
    ...config.use?.launchOptions,
    args: [...(config.use?.launchOptions?.args ?? []), '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  },
});

async function startHunt(request: APIRequestContext) {
  await setUpGameMaster(request);
  const session = await createSession(request);
  await deploy(request, session.id, DINO);
  await startSession(request, session.id);
  return session;
}

async function openArHunt(browser: Browser, baseURL: string, request: APIRequestContext, extra: Parameters<Browser['newContext']>[0] = {}) {
  const session = await startHunt(request);
  // The motion sensors too: Chromium (156 here) answers DeviceOrientationEvent.requestPermission() from
  // the sensors' permission, 'denied' unless granted, as for a user who says no.
  const permissions = ['geolocation', 'camera', 'accelerometer', 'gyroscope', 'magnetometer'];
  const context = await hunterContext(browser, baseURL, START, { ...extra, permissions });
  const page = await context.newPage();
  return { context, page, session };
}

async function joinAndOpenTab(page: Page, session: { id: number; password: string }) {
  await joinAsGuest(page, { sessionId: session.id, password: session.password, handle: uniqueName('Rex') });
  await page.getByRole('tab', { name: 'AR Hunt' }).click();
  const view = page.getByTestId('ar-view');
  await expect(view.getByTestId('ar-readout')).toBeVisible();
  await expect(view.getByTestId('ar-direction')).toHaveText('NE');
  return view;
}

/** The phone held upright, its camera facing `heading` (absolute orientation events, 20 per second). */
async function face(page: Page, heading: number) {
  await page.evaluate((alpha) => {
    const w = window as unknown as { __orientationTimer?: number };
    window.clearInterval(w.__orientationTimer);
    const fire = () =>
      window.dispatchEvent(new DeviceOrientationEvent('deviceorientationabsolute', { alpha, beta: 90, gamma: 0, absolute: true }));
    fire();
    w.__orientationTimer = window.setInterval(fire, 50);
  }, normalizeDegrees(360 - heading));
}

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${test.info().project.name}.png` });
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

test.describe('AR Hunt', () => {
  test.skip(({ isMobile }) => !isMobile, 'the AR view is a phone screen');
  let context: BrowserContext | null = null;
  test.afterEach(async () => {
    await context?.close();
    context = null;
  });

  test('camera overlay: the model in view when facing the target, the edge arrow when not; Observe from the AR view', async ({
    browser,
    baseURL,
    request,
  }) => {
    const opened = await openArHunt(browser, baseURL!, request);
    context = opened.context;
    const { page } = opened;
    const errors = collectErrors(page);
    const view = await joinAndOpenTab(page, opened.session);
    await expect(view.getByTestId('ar-mode-badge')).toHaveText('AR mode: camera overlay');
    await view.getByRole('button', { name: 'Start AR camera' }).click();
    const overlay = view.getByTestId('ar-camera-overlay');
    await expect(overlay).toBeVisible();
    // The fake camera plays in the background.
    await expect.poll(() => overlay.locator('video').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);

    await face(page, BEARING);
    await expect(overlay).toHaveAttribute('data-target-onscreen', 'true');
    await expect(overlay.getByTestId('ar-edge-arrow')).toHaveCount(0);
    await expect(overlay).toHaveAttribute('data-heading', String(Math.round(BEARING)));
    await expect(overlay.getByTestId('ar-compass-accuracy')).toContainText('accuracy unknown');
    await expect(overlay.getByTestId('ar-calibrate-hint')).toBeVisible();
    // The species' GLB is in the scene (the WebGL layer cannot be read back: it keeps no drawing buffer).
    await expect(overlay).toHaveAttribute('data-model-state', 'loaded', { timeout: 20_000 });
    await page.waitForTimeout(800); // the smoothing settles
    await shot(page, 'camera-facing-target');

    // Turned away (target behind on the right): the arrow at the edge points the short way round.
    await face(page, BEARING + 150);
    await expect(overlay).toHaveAttribute('data-target-onscreen', 'false');
    const arrow = overlay.getByTestId('ar-edge-arrow');
    await expect(arrow).toBeVisible();
    await expect(arrow).toHaveAttribute('aria-label', 'Target to your left');
    await page.waitForTimeout(500);
    await shot(page, 'camera-edge-arrow');

    // Observe from the AR view: the server's verdict comes back as in the terminal.
    const observed = page.waitForResponse((r) => r.url().includes('stats.observe'));
    await view.getByRole('button', { name: 'Observe' }).click();
    const response = await observed;
    expect(response.status()).toBe(200);
    await expect(page.getByText(/Darts left: \d+ · Observation rate: \d+%/).first()).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a refused camera falls back to the 3D viewer with the reason', async ({ browser, baseURL, request }) => {
    const opened = await openArHunt(browser, baseURL!, request);
    context = opened.context;
    const { page } = opened;
    // The user says no to the camera prompt.
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    const view = await joinAndOpenTab(page, opened.session);
    await view.getByRole('button', { name: 'Start AR camera' }).click();
    await expect(view.getByTestId('ar-fallback-notice')).toHaveText('Camera access was refused. Showing the 3D viewer instead.');
    await expect(view.getByTestId('ar-mode-badge')).toHaveText('AR mode: 3D viewer');
    await expect(view.getByTestId('model-viewer')).toHaveAttribute('data-model-state', 'loaded', { timeout: 20_000 });
    await expect(view.getByTestId('ar-compass')).toHaveAttribute('aria-label', `Target bearing ${Math.round(BEARING)} degrees, NE`);
    await expect(view.getByRole('button', { name: 'Observe' })).toBeVisible();
    await shot(page, 'viewer-after-refusal');
  });

  test('a refused motion permission falls back to the 3D viewer with the reason', async ({ browser, baseURL, request }) => {
    const opened = await openArHunt(browser, baseURL!, request);
    context = opened.context;
    const { page } = opened;
    await page.addInitScript(() => {
      (DeviceOrientationEvent as unknown as { requestPermission: () => Promise<string> }).requestPermission = async () => 'denied';
    });
    const view = await joinAndOpenTab(page, opened.session);
    await view.getByRole('button', { name: 'Start AR camera' }).click();
    await expect(view.getByTestId('ar-fallback-notice')).toContainText('Motion and orientation access was refused');
    await expect(view.getByTestId('ar-mode-badge')).toHaveText('AR mode: 3D viewer');
  });

  test('WebXR geo mode (IWER emulator): Enter AR gives an immersive-ar session with the Observe overlay', async ({
    browser,
    baseURL,
    request,
  }) => {
    const opened = await openArHunt(browser, baseURL!, request);
    context = opened.context;
    const { page } = opened;
    const errors = collectErrors(page);
    await page.addInitScript({ content: await iwerInitScript() });
    const view = await joinAndOpenTab(page, opened.session);
    await expect(view.getByTestId('ar-mode-badge')).toHaveText('AR mode: WebXR');
    await expect(view.getByRole('button', { name: 'Enter AR' })).toBeVisible();
    await shot(page, 'webxr-before-enter');
    await face(page, BEARING);
    await view.getByRole('button', { name: 'Enter AR' }).click();

    const overlay = page.getByTestId('ar-xr-overlay');
    await expect(overlay).toBeVisible();
    const sessions = await page.evaluate(() => (window as unknown as { __xrSessions: { mode: string; enabledFeatures: string[] }[] }).__xrSessions);
    expect(sessions.map((s) => s.mode)).toEqual(['immersive-ar']);
    await expect(overlay.getByTestId('ar-distance')).toHaveText(/^\d+\.\d m$/);
    await expect(overlay.getByTestId('ar-direction')).toHaveText('NE');
    // The still phone calibrates, then the dinosaur is placed.
    await expect(overlay.getByTestId('ar-xr-status')).toContainText('Placed', { timeout: 15_000 });
    await shot(page, 'webxr-session');

    const observed = page.waitForResponse((r) => r.url().includes('stats.observe'));
    await overlay.getByRole('button', { name: 'Observe' }).click();
    expect((await observed).status()).toBe(200);
    await expect(overlay.getByTestId('ar-xr-verdict')).toBeVisible();

    // Leaving the session returns to the tab.
    await overlay.getByRole('button', { name: 'Exit AR' }).click();
    await expect(overlay).toBeHidden();
    await expect(view.getByRole('button', { name: 'Enter AR' })).toBeVisible();
    expect(errors).toEqual([]);
  });
});
