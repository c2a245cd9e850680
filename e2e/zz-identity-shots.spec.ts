import { expect, test } from './fixtures';
import { createSession, deploy, joinAsGuest, lifecycle, setUpGameMaster, startSession } from './support/play';

const START = { latitude: 48.8584, longitude: 2.2945 };
for (const vp of [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
]) {
  test.describe(`shots ${vp.width}`, () => {
    test.use({ viewport: vp });
    test(`identity screens at ${vp.width}`, async ({ page, context, request, consoleErrors }) => {
      test.setTimeout(120_000);
      const dir = `/tmp/identity/${vp.width}`;
      await context.setGeolocation({ ...START, accuracy: 5 });
      await setUpGameMaster(request);
      const session = await createSession(request, { name: 'Lunch Hunt', duration: 60 });
      await deploy(request, session.id, { lat: START.latitude + 0.0005, lng: START.longitude });
      await startSession(request, session.id);
      await page.goto('/login');
      await page.getByRole('tab', { name: 'Hunter Session' }).click();
      await page.getByLabel('Session name or ID').fill('Lunch Hunt');
      await page.getByLabel('Session Password').fill(session.password);
      await page.getByLabel('Hunter Handle').fill('Raptor Rita');
      await page.screenshot({ path: `${dir}/join-form.png` });
      await joinAsGuest(page, { sessionId: 'Lunch Hunt', password: session.password, handle: 'Raptor Rita' });
      await page.waitForTimeout(2500);
      await page.screenshot({ path: `${dir}/terminal-live.png` });
      await lifecycle(request, session.id, 'pause');
      await expect(page.getByTestId('session-state-banner')).toBeVisible();
      await page.waitForTimeout(2000);
      await page.screenshot({ path: `${dir}/terminal-paused-brief.png` });
      await page.getByRole('tab', { name: 'AR Hunt' }).click();
      await page.screenshot({ path: `${dir}/terminal-paused-ar.png` });
      await page.getByRole('tab', { name: 'Map' }).click();
      await page.waitForTimeout(1000);
      await page.screenshot({ path: `${dir}/terminal-paused-map.png` });
      await page.getByRole('tab', { name: 'Scan' }).click();
      await page.screenshot({ path: `${dir}/terminal-paused-scan.png` });
      await lifecycle(request, session.id, 'resume');
      await page.getByRole('tab', { name: 'Comms' }).click();
      await context.setOffline(true);
      await expect(page.getByTestId('connection-banner')).toBeVisible({ timeout: 15_000 });
      await page.getByLabel('Message to headquarters').fill('Sent from the dead zone');
      await page.getByLabel('Message to headquarters').press('Enter');
      await page.waitForTimeout(4000);
      await page.screenshot({ path: `${dir}/terminal-offline.png` });
      await context.setOffline(false);
      await expect(page.getByTestId('connection-banner')).toContainText('Back online');
      await page.screenshot({ path: `${dir}/terminal-back-online.png` });
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${dir}/logout-confirmation.png` });
      await page.getByRole('button', { name: 'Stay in the hunt' }).click();
      await page.getByRole('button', { name: 'Start over as a new hunter' }).click();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${dir}/reset-confirmation.png` });
      await page.getByRole('button', { name: 'Keep playing' }).click();
      await lifecycle(request, session.id, 'end');
      await page.waitForTimeout(2000);
      await page.keyboard.press('Escape');
      await page.screenshot({ path: `${dir}/terminal-ended.png` });
      consoleErrors.length = 0;
    });
  });
}
