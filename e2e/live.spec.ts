// Live updates when the socket drops: the Hunter Terminal says so, keeps showing new
// messages by polling, and once the socket is back it resumes from the last event
// with nothing lost and nothing shown twice (decision 500).
import type { WebSocketRoute } from '@playwright/test';
import { expect, test, uniqueName } from './fixtures';
import { broadcast, createSession, joinAsGuest, setUpGameMaster, startSession } from './support/play';

test('a dropped socket shows the reconnecting banner, polls meanwhile, and resumes without duplicates', async ({
  page,
  request,
}) => {
  test.skip((page.viewportSize()?.width ?? 0) > 400, 'the terminal is a phone screen');
  test.setTimeout(120_000);

  // The page's tRPC socket goes through the test, which can cut it and refuse reconnects.
  let online = true;
  let current: WebSocketRoute | null = null;
  await page.routeWebSocket(/\/trpc$/, (ws) => {
    if (!online) {
      // As a phone at the edge of coverage: the connection opens, then drops again.
      setTimeout(() => void ws.close({ code: 4000, reason: 'offline (test)' }), 100);
      return;
    }
    current = ws;
    ws.connectToServer();
  });

  await setUpGameMaster(request);
  const session = await createSession(request);
  await startSession(request, session.id);
  await joinAsGuest(page, { sessionId: session.id, password: session.password, handle: uniqueName('Wire') });
  await page.getByRole('tab', { name: 'Comms' }).click();
  const feed = page.getByTestId('comms-feed');
  const banner = page.getByTestId('connection-banner');

  await broadcast(request, session.id, 'Live one');
  await expect(feed.getByText('Live one')).toBeVisible();
  await expect(banner).toBeHidden();

  // The socket drops and cannot come back for now.
  online = false;
  await (current as WebSocketRoute | null)?.close({ code: 4000, reason: 'dropped (test)' });
  await expect(banner).toHaveText(/Connection lost\. Reconnecting…/);

  // Meanwhile the feed polls at the terminal's 2 s.
  await broadcast(request, session.id, 'While offline');
  await expect(feed.getByText('While offline')).toBeVisible({ timeout: 8000 });

  // Back online: the banner goes, events flow again, and nothing is shown twice.
  online = true;
  await expect(banner).toBeHidden({ timeout: 15_000 });
  await broadcast(request, session.id, 'Back live');
  await expect(feed.getByText('Back live')).toBeVisible();
  for (const text of ['Live one', 'While offline', 'Back live']) {
    await expect(feed.getByTestId('comms-message').filter({ hasText: text })).toHaveCount(1);
  }
});
