// A game master's account, end to end (issue 23): cancels the plan at period end and keeps
// it again; finds a closed hunt's results per hunter under Past hunts, labelled ENDED (the
// game master ended it); sees credits an admin adds without a reload.
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { ADMIN, expect, test } from './fixtures';
import { createSession, deploy, setUpGameMaster, speciesList, startSession } from './support/play';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/gmadmin';
fs.mkdirSync(SHOTS, { recursive: true });
const FIRST_RENDER_MS = 25_000;
const HERE = { lat: 48.8584, lng: 2.2945 };

const notice = (page: Page, title: string) => page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: title }).first();

test.describe('game master account', () => {
  test('cancels the plan at period end, sees "Cancels on", and keeps it', async ({ page }, testInfo) => {
    const size = testInfo.project.name === 'phone' ? '360' : '1280';
    await setUpGameMaster(page.request, 'Starter');
    await page.goto('/subscription');
    const card = page.getByTestId('current-plan');
    await expect(card.getByRole('heading', { name: 'Your plan: Starter' })).toBeVisible({ timeout: FIRST_RENDER_MS });
    await card.getByRole('button', { name: 'Cancel plan' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel your plan?' });
    await expect(confirm).toContainText('stays active until the end of the current week');
    await confirm.getByRole('button', { name: 'Cancel at period end' }).click();
    await expect(notice(page, 'Plan Cancelled')).toBeVisible();
    const cancels = card.getByTestId('plan-cancels-on');
    await expect(cancels).toHaveText(/^Cancels on .+\d{4}/);
    const status = await (await page.request.get('/api/user/subscription')).json();
    expect(status).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    await page.screenshot({ path: `${SHOTS}/subscription-cancels-${size}.png`, fullPage: true });

    // HQ says so too, and the plan still works until then.
    await page.goto('/gamemaster');
    await expect(page.getByRole('heading', { name: 'Mission HQ', level: 1 })).toBeVisible({ timeout: FIRST_RENDER_MS });
    await expect(page.getByTestId('subscription-summary')).toContainText('Cancels on');

    await page.goto('/subscription');
    await card.getByRole('button', { name: 'Keep my plan' }).click();
    await expect(notice(page, 'Plan Kept')).toBeVisible();
    await expect(card.getByTestId('plan-cancels-on')).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Cancel plan' })).toBeVisible();
    expect(await (await page.request.get('/api/user/subscription')).json()).toMatchObject({ cancelAtPeriodEnd: false });
    await page.screenshot({ path: `${SHOTS}/subscription-plan-${size}.png`, fullPage: true });
  });

  test("finds a closed hunt's results per hunter under Past hunts, and sees credits the admin adds live", async ({
    page,
    baseURL,
    playwright,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'desktop flow: HQ at a desk');
    test.setTimeout(120_000);
    await setUpGameMaster(page.request);
    const session = await createSession(page.request);
    const species = (await speciesList(page.request))[0]!;
    await deploy(page.request, session.id, { ...HERE, speciesId: species.id });
    await startSession(page.request, session.id);
    // A hunter joins over the API (a guest), so the hunt has a row of results.
    const hunter = await playwright.request.newContext({ baseURL });
    const joined = await hunter.post('/api/hunter/join-session', {
      data: { sessionId: String(session.id), password: session.password, hunterHandle: 'Tracker' },
    });
    expect(joined.status(), await joined.text()).toBe(200);

    await page.goto('/gamemaster');
    await expect(page.getByRole('heading', { name: 'Mission HQ', level: 1 })).toBeVisible({ timeout: FIRST_RENDER_MS });
    const statusCard = page.getByTestId('session-status-card');
    await expect(statusCard.getByTestId('status-badge')).toHaveText('LIVE', { timeout: FIRST_RENDER_MS });

    // Credits from the admin arrive without a reload (live event on the open session).
    const credits = page.getByTestId('credits-count');
    const before = Number(await credits.textContent());
    const admin = await playwright.request.newContext({ baseURL });
    expect((await admin.post('/api/auth/login', { data: ADMIN })).status()).toBe(200);
    const me = await (await page.request.get('/api/auth/user')).json();
    expect((await admin.post(`/api/admin/users/${me.id}/credits`, { data: { credits: 7 } })).status()).toBe(200);
    await expect(credits).toHaveText(String(before + 7));

    // The game master ends the hunt: ENDED, not EXPIRED.
    await statusCard.getByRole('button', { name: 'End' }).click();
    await page.getByRole('dialog', { name: 'End Mission?' }).getByRole('button', { name: 'End Mission' }).click();
    await expect(statusCard.getByTestId('status-badge')).toHaveText('ENDED');
    await expect(statusCard.getByTestId('session-result')).toBeVisible();
    await statusCard.getByRole('button', { name: 'Close session' }).click();
    await expect(statusCard).toHaveCount(0);

    // Closed, it is still there under Past hunts, with each hunter's results.
    const past = page.getByTestId('past-hunts');
    const item = past.getByTestId(`past-hunt-${session.id}`);
    await item.scrollIntoViewIfNeeded();
    await expect(item).toContainText(session.name);
    await expect(item).toContainText('ENDED');
    await expect(item).toContainText('Ended by the game master');
    await item.getByRole('button', { name: new RegExp(`${session.name}, ENDED: show results`) }).click();
    const results = item.getByTestId('past-hunt-results');
    await expect(results).toContainText('Session Ended');
    await expect(results).toContainText('0 / 1 dinosaurs observed');
    const row = results.getByRole('row').filter({ hasText: 'Tracker' });
    await expect(row.getByRole('cell')).toHaveText(['1', 'Tracker', '0', '', '0', '0 m', '0 min']);
    for (const header of ['Hunter', 'Observed', 'Darts', 'Distance', 'Time']) {
      await expect(results.getByRole('columnheader', { name: header })).toBeVisible();
    }
    await item.screenshot({ path: `${SHOTS}/hq-past-hunt-results-1280.png` });
    await page.screenshot({ path: `${SHOTS}/hq-past-hunts-1280.png`, fullPage: true });
    await hunter.dispose();
    await admin.dispose();
  });
});
