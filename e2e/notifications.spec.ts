// Notices (toasts) never cover a page's header or its main actions, at phone and desktop
// sizes (both projects): the Hunter Terminal on each tab, Mission HQ, the admin, the
// Field Operations briefing and the sign-in page. Each notice is real (a GPS fix, a
// broadcast, a hunter joining, a save, a failed sign-in).
// A11Y_SHOTS=/some/dir saves a screenshot of each screen with its notice there.
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { ADMIN, expect, test, uniqueName } from './fixtures';
import { broadcast, createSession, deploy, joinAsGuest, setUpGameMaster, speciesList, startSession } from './support/play';

const SHOTS = process.env.A11Y_SHOTS ?? null;
async function shot(page: Page, testInfo: TestInfo, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}-${testInfo.project.name}.png`) });
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The box of the notice on screen whose text matches, once it has settled: fully shown, in the same
 * place on two checks in a row, and with the room the page keeps for it (--toast-reserve) in place.
 */
async function notice(page: Page, title: string | RegExp): Promise<Box> {
  const source = typeof title === 'string' ? title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : title.source;
  const handle = await page.waitForFunction(
    (src) => {
      const w = window as unknown as { __lastNoticeBox?: string };
      const re = new RegExp(src);
      const reserve = Number.parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--toast-reserve')) || 0;
      for (const el of document.querySelectorAll<HTMLElement>('.mantine-Notification-root')) {
        if (!re.test(el.textContent ?? '') || getComputedStyle(el).opacity !== '1') continue;
        const r = el.getBoundingClientRect();
        const box = JSON.stringify({ x: r.x, y: r.y, width: r.width, height: r.height });
        const settled = r.height > 0 && reserve >= r.height && w.__lastNoticeBox === box;
        w.__lastNoticeBox = box;
        if (settled) return box;
      }
      return null;
    },
    source,
    { timeout: 15_000, polling: 100 },
  );
  return JSON.parse((await handle.jsonValue()) as string) as Box;
}

/** Fails, naming them, when the notice's box overlaps any of the (visible) elements. */
async function expectClear(box: Box, protect: Record<string, Locator>) {
  const covered: string[] = [];
  for (const [name, locator] of Object.entries(protect)) {
    for (const el of await locator.all()) {
      if (!(await el.isVisible())) continue;
      const b = await el.boundingBox();
      // Only what is on screen: with the notices hidden for a moment, the element itself is at its centre
      // (a part scrolled out of its area, or clipped by it, is not under the notice).
      const shown = async () =>
        el.evaluate((node) => {
          const roots = [...document.querySelectorAll<HTMLElement>('.mantine-Notifications-root')];
          for (const r of roots) r.style.visibility = 'hidden';
          const rect = node.getBoundingClientRect();
          const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
          for (const r of roots) r.style.visibility = '';
          return hit !== null && (node === hit || node.contains(hit));
        });
      if (b && overlaps(box, b) && (await shown())) covered.push(`${name} at ${JSON.stringify(b)}`);
    }
  }
  expect(covered, `the notice at ${JSON.stringify(box)} covers: ${covered.join('; ')}`).toEqual([]);
}

async function liveSession(request: Parameters<typeof setUpGameMaster>[0]) {
  await setUpGameMaster(request);
  const session = await createSession(request);
  await deploy(request, session.id, { lat: 48.8586, lng: 2.2945 });
  await startSession(request, session.id);
  return session;
}

test('Hunter Terminal: notices sit above the tab bar, clear of the header and each tab\'s main action', async ({ page, request }, testInfo) => {
  test.setTimeout(150_000);
  const session = await liveSession(request);
  await joinAsGuest(page, { sessionId: session.id, password: session.password, handle: uniqueName('Rita').slice(0, 20) });
  await expect(page.getByTestId('how-to-play')).toContainText('100 m');
  const header = page.getByRole('banner');
  const tabs = page.getByRole('tablist');
  const always = { header, 'session name': page.getByTestId('terminal-session-name'), 'tab bar': tabs };

  await expectClear(await notice(page, 'GPS Active'), always);
  await shot(page, testInfo, 'terminal-brief-toast');

  const perTab: [string, Record<string, Locator>][] = [
    ['Map', { 'map controls': page.locator('.leaflet-control-zoom a') }],
    ['Scan', { 'Scan button': page.getByRole('main').getByRole('button', { name: /^(Scan|Re-scan)$/ }) }],
    ['AR Hunt', { 'Observe button': page.getByRole('button', { name: 'Observe' }) }],
    ['Comms', { 'Send button': page.getByRole('button', { name: 'Send' }), 'message field': page.getByLabel('Message to headquarters') }],
  ];
  for (const [tab, actions] of perTab) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    const message = `Regroup ${tab}`;
    await broadcast(request, session.id, message);
    const toast = await notice(page, message);
    await expectClear(toast, { ...always, ...actions });
    await shot(page, testInfo, `terminal-${tab.toLowerCase().replace(' ', '-')}-toast`);
  }
});

test('Mission HQ: a notice leaves the header and its title clear', async ({ page, playwright, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const session = await liveSession(page.request);
  await page.goto('/gamemaster');
  await expect(page.getByRole('heading', { name: 'Mission HQ', level: 1 })).toBeVisible({ timeout: 25_000 });
  await expect(page.getByTestId('session-status-card')).toBeVisible({ timeout: 25_000 });
  // A guest joins from another browser: the "Hunter Joined" notice.
  const guest = await playwright.request.newContext({ baseURL });
  const join = await guest.post('/api/hunter/join-session', {
    data: { sessionId: session.id, password: session.password, hunterHandle: uniqueName('Nia').slice(0, 20) },
  });
  expect(join.status(), await join.text()).toBe(200);
  const toast = await notice(page, 'Hunter Joined');
  await expectClear(toast, {
    header: page.locator('header'),
    title: page.getByRole('heading', { level: 1 }),
    'session controls': page.getByTestId('session-status-card').getByRole('button'),
  });
  await shot(page, testInfo, 'hq-toast');
  await guest.dispose();
});

test('System Administration: a notice leaves the title, Home and the tabs clear', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  expect((await page.request.post('/api/auth/login', { data: ADMIN })).status()).toBe(200);
  const species = (await speciesList(page.request))[0]!;
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'System Administration' })).toBeVisible({ timeout: 25_000 });
  const protect = {
    title: page.getByRole('heading', { level: 1 }),
    Home: page.getByRole('link', { name: 'Home' }),
    tabs: page.getByRole('tab'),
  };
  await page.getByRole('button', { name: `Edit ${species.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${species.name}` });
  await dialog.getByRole('button', { name: 'Update Species' }).click();
  // Measured once the dialog has gone: while it closes, the page's scroll stays locked and the notice sits where
  // it does over a dialog (NotificationsViewport.module.css).
  await expect(dialog).toBeHidden();
  await expect(page.locator('body')).not.toHaveAttribute('data-scroll-locked');
  const toast = await notice(page, 'Dinosaur species updated!');
  await expectClear(toast, protect);
  await shot(page, testInfo, 'admin-toast');

});

test('Field Operations: a notice leaves the briefing\'s title and buttons clear', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const session = await liveSession(request);
  const username = uniqueName('ranger');
  const reg = await page.request.post('/api/auth/register', {
    data: { username, password: 'Fossil-Trail-42', email: `${username}@example.com`, firstName: 'Rhea', lastName: 'Ranger', role: 'hunter' },
  });
  expect(reg.status(), await reg.text()).toBe(200);
  await page.goto('/hunter');
  const join = page.getByRole('dialog', { name: 'Join Mission' });
  if (!(await join.isVisible())) await page.getByRole('main').getByRole('button', { name: 'Join Mission' }).click();
  await join.getByLabel('Session Name').fill(session.name);
  await join.getByLabel('Session Password').fill(session.password);
  await join.getByRole('button', { name: 'Join Mission' }).click();
  const briefing = page.getByRole('dialog', { name: /Mission Briefing/ });
  await expect(briefing).toBeVisible();
  // "Joined session: ..." first, then the GPS fix's notice replaces it (one at a time): either will do.
  const toast = await notice(page, /Joined session|GPS/);
  await shot(page, testInfo, 'briefing-toast');
  await expectClear(toast, {
    'briefing title': page.locator('.mantine-Modal-header'),
    'briefing buttons': briefing.getByRole('button', { name: /Begin Mission|Review Later/ }),
  });
});

test('Sign in: the "Login Failed" notice leaves the header, title and Sign In clear', async ({ page }, testInfo) => {
  await page.goto('/login');
  await page.getByLabel('Username').fill('nobody-here');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password-1');
  await page.getByRole('button', { name: 'Sign In' }).last().click();
  const toast = await notice(page, 'Login Failed');
  await expectClear(toast, {
    header: page.getByRole('banner'),
    title: page.getByRole('heading', { level: 1 }),
    'Sign In': page.getByRole('button', { name: 'Sign In' }),
  });
  await shot(page, testInfo, 'login-toast');
});
