// No label is cut at 320 and 360 px (issue #46, "Done when"): on the Hunter Terminal's tabs, Field Operations,
// HQ's forms and the join form, every visible label, button, tab, badge and line of text fits its box
// (scrollWidth against clientWidth), unless it ends in an ellipsis whose full text is a tap away (the name of
// the button it is on). The page itself never scrolls sideways.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, uniqueName } from './fixtures';
import { createSession, deploy, joinAsGuest, setUpGameMaster, startSession } from './support/play';

const WIDTHS = [320, 360] as const;
const START = { latitude: 48.8584, longitude: 2.2945 };

/** Every visible text box wider inside than outside, with what it says. */
async function cutLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cut: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth + 1) cut.push(`the page scrolls sideways: ${doc.scrollWidth} > ${doc.clientWidth}`);
    const selector =
      'label, button, a, [role=tab], h1, h2, h3, h4, p, .mantine-Badge-label, .mantine-Button-label, .mantine-Text-root, .mantine-InputWrapper-description, .mantine-SegmentedControl-label';
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || el.clientWidth === 0) continue;
      if (getComputedStyle(el).visibility === 'hidden') continue;
      if (el.scrollWidth <= el.clientWidth + 1) continue;
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ');
      if (text === '') continue;
      // An ellipsis is fine where the full text is a tap away: the control it is on is named with it.
      const control = el.closest<HTMLElement>('button, a, [role=button], [role=tab]');
      const name = control?.getAttribute('aria-label') ?? control?.getAttribute('title') ?? el.getAttribute('title') ?? '';
      if (name.replace(/\s+/g, ' ').includes(text)) continue;
      cut.push(`"${text.slice(0, 60)}" (${el.tagName.toLowerCase()} ${el.scrollWidth} > ${el.clientWidth})`);
    }
    return [...new Set(cut)];
  });
}

const SHOTS = process.env.POLISH_SHOTS ?? null;

async function expectNothingCut(page: Page, where: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 740 });
    await page.waitForTimeout(300);
    expect(await cutLabels(page), `${where} at ${width} px`).toEqual([]);
    if (SHOTS) {
      fs.mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SHOTS, `labels-${width}-${where.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.png`) });
    }
  }
}

test.describe('Labels fit at 320 and 360 px', () => {
  test.skip(({ isMobile }) => !isMobile, 'phone widths');

  test('the join form and the Hunter Terminal', async ({ page, context, request }) => {
    test.setTimeout(120_000);
    await context.setGeolocation({ ...START, accuracy: 5 });
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Hunter Session' }).click();
    await expectNothingCut(page, 'the join form');

    await setUpGameMaster(request);
    const session = await createSession(request, { name: uniqueName('Longish Expedition Name ') });
    await deploy(request, session.id, { lat: START.latitude + 0.0004, lng: START.longitude });
    await startSession(request, session.id);
    await joinAsGuest(page, { sessionId: session.id, password: session.password, handle: 'Maximiliana Featherstone' });
    await expect(page.getByTestId('terminal-session-name')).toHaveText(session.name);
    for (const tab of ['Brief', 'Map', 'Scan', 'AR Hunt', 'Comms']) {
      await page.getByRole('tab', { name: tab }).click();
      await page.waitForTimeout(500);
      await expectNothingCut(page, `the terminal's ${tab} tab`);
    }
  });

  test("HQ's forms", async ({ page }) => {
    test.setTimeout(90_000);
    await setUpGameMaster(page.request);
    await page.goto('/gamemaster');
    await expect(page.getByRole('heading', { name: 'Mission HQ', level: 1 })).toBeVisible({ timeout: 30_000 });
    const form = page.getByRole('form', { name: 'Create session' });
    await form.getByRole('switch', { name: 'Public expedition' }).check();
    await expectNothingCut(page, "HQ's create form");
  });

  test('Field Operations', async ({ page, playwright, baseURL }) => {
    test.setTimeout(90_000);
    const gm = await playwright.request.newContext({ baseURL });
    await setUpGameMaster(gm);
    const session = await createSession(gm);
    const username = uniqueName('ranger');
    const reg = await page.request.post('/api/auth/register', {
      data: { username, password: 'Fossil-Trail-42', email: `${username}@example.com`, firstName: 'Rhea', lastName: 'Ranger', role: 'hunter' },
    });
    expect(reg.status()).toBe(200);
    await page.goto('/hunter');
    await expect(page.getByTestId('darts-remaining')).toBeVisible({ timeout: 30_000 });
    await expectNothingCut(page, 'Field Operations without a session');
    const dialog = page.getByRole('dialog', { name: 'Join Mission' });
    if (!(await dialog.isVisible())) await page.getByRole('main').getByRole('button', { name: 'Join Mission' }).click();
    await dialog.getByLabel('Session Name').fill(session.name);
    await dialog.getByLabel('Session Password').fill(session.password);
    await dialog.getByRole('button', { name: 'Join Mission' }).click();
    await expect(page.getByTestId('mission-status')).toBeVisible({ timeout: 30_000 });
    const briefing = page.getByRole('dialog', { name: /Mission Briefing/ });
    if (await briefing.isVisible()) await briefing.getByRole('button', { name: 'Begin Mission' }).click();
    await expectNothingCut(page, 'Field Operations in a session');
    await gm.dispose();
  });
});
