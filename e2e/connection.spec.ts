// Offline on a phone (decision 742): the terminal says so within 15 s, its timer
// says it may be out of date, Comms keeps what it showed (also across tabs), a
// message typed offline shows as pending and is delivered once the network is back
// (the game master sees it at HQ), and the screen says when it is back.
// CONNECTION_SHOTS=/some/dir saves screenshots there.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, routeExternalServices, test } from './fixtures';
import { broadcast, createSession, joinAsGuest, setUpGameMaster, startSession } from './support/play';

const SHOTS = process.env.CONNECTION_SHOTS ?? null;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** What going offline may log in the browser: failed requests and the live socket's reconnect attempts. */
const OFFLINE_NOISE = /ERR_INTERNET_DISCONNECTED|WebSocket|Failed to fetch|NetworkError/;

test('offline: indicator within 15 s, Comms kept, a message sent offline is pending, then delivered to HQ', async ({
  page,
  context,
  request,
  browser,
  baseURL,
  consoleErrors,
}) => {
  test.skip((page.viewportSize()?.width ?? 0) > 500, 'the terminal is a phone screen');
  test.setTimeout(120_000);
  const gm = await setUpGameMaster(request);
  const session = await createSession(request, { duration: 60 });
  await startSession(request, session.id);

  // The game master watches from HQ on a desktop.
  const hqContext = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  await routeExternalServices(hqContext);
  expect((await hqContext.request.post('/api/auth/login', { data: gm })).status()).toBe(200);
  const hq = await hqContext.newPage();
  await hq.goto('/gamemaster');
  await expect(hq.getByTestId('communications')).toBeVisible();

  await joinAsGuest(page, { sessionId: session.name, password: session.password, handle: 'Offline Olga' });
  await page.getByRole('tab', { name: 'Comms' }).click();
  await broadcast(request, session.id, 'Meet at the gate');
  await expect(page.getByTestId('comms-feed')).toContainText('Meet at the gate');
  await expect(page.getByTestId('connection-banner')).toBeHidden();
  await expect(page.getByTestId('time-badge')).not.toContainText('OFFLINE');

  await context.setOffline(true);
  const banner = page.getByTestId('connection-banner');
  await expect(banner).toContainText('Offline', { timeout: 15_000 });
  await expect(page.getByTestId('time-badge')).toContainText('(OFFLINE)');
  await expect(page.getByTestId('time-badge')).toHaveAttribute('aria-label', /may be out of date/);
  // Comms keeps what it had, also after a look at another tab.
  await page.getByRole('tab', { name: 'Map' }).click();
  await page.getByRole('tab', { name: 'Comms' }).click();
  await expect(page.getByTestId('comms-feed')).toContainText('Meet at the gate');
  await expect(page.getByText('No communications yet')).toHaveCount(0);

  // A message typed offline waits, marked pending; the field is free for the next one.
  const field = page.getByLabel('Message to headquarters');
  await field.fill('Sent from the dead zone');
  await field.press('Enter');
  const pending = page.getByTestId('comms-pending');
  await expect(pending).toContainText('Sent from the dead zone');
  await expect(pending).toContainText('Pending');
  await expect(field).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Send' })).not.toHaveAttribute('data-loading', 'true');
  await shot(page, 'terminal-offline');

  await context.setOffline(false);
  await expect(pending).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId('comms-message').filter({ hasText: 'Sent from the dead zone' })).toHaveCount(1);
  await expect(banner).toContainText('Back online');
  await shot(page, 'terminal-back-online');
  await expect(banner).toBeHidden({ timeout: 10_000 });
  await expect(page.getByTestId('time-badge')).not.toContainText('OFFLINE');

  // Headquarters got it, live.
  await expect(hq.getByTestId('communications')).toContainText('Sent from the dead zone', { timeout: 10_000 });
  const sent = await request.get(`/api/game-sessions/${session.id}/communications`);
  const messages: { message: string }[] = await sent.json();
  expect(messages.filter((m) => m.message === 'Sent from the dead zone')).toHaveLength(1);

  // HQ shows the same indicator when it goes offline.
  await hqContext.setOffline(true);
  await expect(hq.getByTestId('connection-banner')).toContainText('Offline', { timeout: 15_000 });
  await hqContext.setOffline(false);
  await hqContext.close();

  for (let i = consoleErrors.length - 1; i >= 0; i--) if (OFFLINE_NOISE.test(consoleErrors[i]!)) consoleErrors.splice(i, 1);
});
