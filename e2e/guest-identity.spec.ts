// Guest identity on a phone (decision 740): a guest joins by the session's NAME, sees
// the game master's pause without a reload, logs out (after a confirmation that
// explains it) and joins again with the same handle: the same hunter, with the same
// darts and reports. A stranger with that handle is refused; "Start over as a new
// hunter" forgets it. IDENTITY_SHOTS=/some/dir saves screenshots there.
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createSession, deploy, hunterContext, joinAsGuest, lifecycle, setUpGameMaster, startSession } from './support/play';

const SHOTS = process.env.IDENTITY_SHOTS ?? null;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

const START = { latitude: 48.8584, longitude: 2.2945 };

type Stats = { dartsRemaining: number; dartsUsed: number; reportsSubmitted: number; dinosaursObserved: number };
async function statsOf(request: APIRequestContext, sessionId: number): Promise<Stats> {
  const res = await request.get(`/api/hunter/stats?sessionId=${sessionId}`);
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

test.describe('guest identity', () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) > 500, 'phone-first screen: proven at 360 x 740');

  test('joins by name, sees a pause live, logs out with a confirmation and comes back as the same hunter', async ({
    page,
    context,
    request,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await context.setGeolocation({ ...START, accuracy: 5 });
    await setUpGameMaster(request);
    const session = await createSession(request, { duration: 60 });
    const dinosaurId = await deploy(request, session.id, { lat: START.latitude, lng: START.longitude });
    await startSession(request, session.id);

    // The join form takes the name, as HQ shows it biggest.
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Hunter Session' }).click();
    await page.getByLabel('Session ID', { exact: true }).fill(session.name.toUpperCase());
    await page.getByLabel('Session Password').fill(session.password);
    await page.getByLabel('Hunter Handle').fill('Raptor Rita');
    await shot(page, 'join-form');
    await page.getByRole('button', { name: 'Join Hunt' }).click();
    await expect(page).toHaveURL(/\/hunter-mobile\?/);
    await expect(page.getByTestId('terminal-session-name')).toHaveText(session.name);

    // Something to keep: a report over the radio, and one dart (from where the dinosaur stands).
    await page.getByRole('tab', { name: 'Comms' }).click();
    await page.getByLabel('Message to headquarters').fill('Tracks by the fountain');
    await page.getByLabel('Message to headquarters').press('Enter');
    await expect(page.getByTestId('comms-feed')).toContainText('Tracks by the fountain');
    await expect
      .poll(
        async () => {
          await page.request.post('/api/hunter/observation', { data: { sessionId: session.id, dinosaurId, distance: 1 } });
          return (await statsOf(page.request, session.id)).dartsUsed;
        },
        { timeout: 20_000, intervals: [2500] },
      )
      .toBeGreaterThan(0);
    const before = await statsOf(page.request, session.id);
    expect(before).toMatchObject({ reportsSubmitted: 1, dartsRemaining: 25 - before.dartsUsed });

    // The game master pauses: the phone says so at once, on every tab, without a reload.
    await page.getByRole('tab', { name: 'AR Hunt' }).click();
    await lifecycle(request, session.id, 'pause');
    await expect(page.getByTestId('session-state-banner')).toContainText('Session paused', { timeout: 5000 });
    await expect(page.getByTestId('session-state-banner')).toContainText('dinosaurs are hidden');
    await expect(page.getByTestId('ar-view')).toContainText('Session paused');
    await expect(page.getByTestId('time-badge')).toContainText('(PAUSED)');
    await shot(page, 'terminal-paused');
    await lifecycle(request, session.id, 'resume');
    await expect(page.getByTestId('session-state-banner')).toBeHidden({ timeout: 5000 });

    // The tab survives a reload; AR Hunt says the camera needs a tap.
    await page.reload();
    await expect(page.getByRole('tab', { name: 'AR Hunt' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('camera-restart-note')).toContainText('Tap to restart the camera');

    // Logout asks first, and says how to come back.
    await page.getByRole('button', { name: 'Logout' }).click();
    const dialog = page.getByRole('dialog', { name: `Log out of ${session.name}?` });
    await expect(dialog).toContainText('Raptor Rita stays in the hunt with its darts and observations');
    await expect(dialog).toContainText('join again from this phone');
    await shot(page, 'logout-confirmation');
    await dialog.getByRole('button', { name: 'Stay in the hunt' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('terminal-session-name')).toHaveText(session.name);
    await page.getByRole('button', { name: 'Logout' }).click();
    await dialog.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/$/);

    // Back with the same handle (any case), by the session's id this time: the same hunter, the same figures.
    await joinAsGuest(page, { sessionId: session.id, password: session.password, handle: 'raptor rita' });
    await expect(page.getByText('Hunter Raptor Rita')).toBeVisible();
    expect(await statsOf(page.request, session.id)).toMatchObject({
      dartsRemaining: before.dartsRemaining,
      dartsUsed: before.dartsUsed,
      reportsSubmitted: 1,
      dinosaursObserved: before.dinosaursObserved,
    });
    await expect(page.getByTestId('observed-count')).toContainText(String(before.dinosaursObserved));
    await page.getByRole('tab', { name: 'AR Hunt' }).click();
    await expect(page.getByTestId('darts-left')).toContainText(String(before.dartsRemaining));
    await page.getByRole('tab', { name: 'Comms' }).click();
    await expect(page.getByTestId('comms-feed')).toContainText('Tracks by the fountain');

    // A stranger who knows the password and read the handle in Comms cannot take the hunter over.
    const stranger = await hunterContext(browser, baseURL!, START);
    const other = await stranger.newPage();
    await other.goto('/login');
    await other.getByRole('tab', { name: 'Hunter Session' }).click();
    await other.getByLabel('Session ID', { exact: true }).fill(session.name);
    await other.getByLabel('Session Password').fill(session.password);
    await other.getByLabel('Hunter Handle').fill('Raptor Rita');
    await other.getByRole('button', { name: 'Join Hunt' }).click();
    await expect(other.getByText(/already taken in this session\. If it is yours, rejoin from the phone or browser you joined with/)).toBeVisible();
    await expect(other).toHaveURL(/\/login/);
    await stranger.close();

    // Start over as a new hunter: explained, then this phone forgets Raptor Rita.
    await page.getByRole('button', { name: 'Start over as a new hunter' }).click();
    const reset = page.getByRole('dialog', { name: 'Start over as a new hunter?' });
    await expect(reset).toContainText('nobody can play as Raptor Rita again');
    await shot(page, 'reset-confirmation');
    await reset.getByRole('button', { name: 'Forget Raptor Rita' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Hunter Session' }).click();
    await page.getByLabel('Session ID', { exact: true }).fill(session.name);
    await page.getByLabel('Session Password').fill(session.password);
    await page.getByLabel('Hunter Handle').fill('Raptor Rita');
    await page.getByRole('button', { name: 'Join Hunt' }).click();
    await expect(page.getByText(/already taken in this session/)).toBeVisible();
  });
});
