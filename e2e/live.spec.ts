// Live updates when the socket drops: the Hunter Terminal says so, keeps showing new
// messages by polling, and once the socket is back it resumes from the last event
// with nothing lost and nothing shown twice (decision 500). Opened from its link, it starts its
// stream where the page's first reads were made, and reads nothing twice (decision 916). A socket that never
// opens leaves the terminal polling once its first opening's grace is over (decision 918). Mission HQ opened
// afresh draws its session at once from its page's first reads and follows it the same way (decision 922).
import type { WebSocketRoute } from '@playwright/test';
import { expect, test, uniqueName } from './fixtures';
import { countReads, holdTheAppCode } from './support/page-code';
import { broadcast, createSession, joinAsGuest, lifecycle, setUpGameMaster, startSession } from './support/play';

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

test("a socket that never opens: after its first opening's grace the terminal polls (decision 918)", async ({
  page,
  request,
}) => {
  test.skip((page.viewportSize()?.width ?? 0) > 400, 'the terminal is a phone screen');
  test.setTimeout(90_000);
  // As behind a proxy that refuses WebSockets: every connection opens and drops before the stream starts.
  await page.routeWebSocket(/\/trpc$/, (ws) => {
    setTimeout(() => void ws.close({ code: 4000, reason: 'refused (test)' }), 100);
  });
  await setUpGameMaster(request);
  const session = await createSession(request);
  await startSession(request, session.id);
  await joinAsGuest(page, { sessionId: session.id, password: session.password, handle: uniqueName('Proxy') });
  await broadcast(request, session.id, 'Before');
  await page.getByRole('tab', { name: 'Comms' }).click();
  const feed = page.getByTestId('comms-feed');
  await expect(feed.getByText('Before')).toBeVisible();

  // Read once it is on screen: only a poll can bring the next one (the first opening's grace, 3 s, then the
  // terminal's 2 s poll).
  await page.waitForTimeout(500);
  await broadcast(request, session.id, 'Through the poll');
  await expect(feed.getByText('Through the poll')).toBeVisible({ timeout: 15_000 });
  await expect(feed.getByTestId('comms-message').filter({ hasText: 'Through the poll' })).toHaveCount(1);
});

test("a terminal opened from its link reads each query once, and follows the session from where its page was read", async ({
  page,
  request,
}) => {
  test.skip((page.viewportSize()?.width ?? 0) > 400, 'the terminal is a phone screen');
  test.setTimeout(90_000);
  await setUpGameMaster(request);
  const session = await createSession(request);
  await startSession(request, session.id);
  await joinAsGuest(page, { sessionId: session.id, password: session.password, handle: uniqueName('Cursor') });
  await expect(page.getByTestId('connection-banner')).toBeHidden();
  // The joined terminal's own first reads are done before counting starts (only the page opened below counts).
  await expect(page.getByTestId('hunter-terminal')).toBeVisible();
  await page.waitForLoadState('networkidle');

  // Opened afresh from its link: the HTML carries the session's first reads and where its events stood
  // (decision 916). The page's code is held back until the game master has paused the session, a change
  // made after those reads and before the page's live stream opens.
  const reads = countReads(page);
  const release = await holdTheAppCode(page);
  const shell = page.waitForResponse((res) => new URL(res.url()).pathname === '/hunter-mobile');
  const opened = page.goto(`/hunter-mobile?sessionId=${session.id}`);
  await shell;
  await lifecycle(request, session.id, 'pause');
  release();
  await opened;

  // The pause reaches the screen through the stream's replay.
  await expect(page.getByTestId('session-state-banner')).toContainText('Session paused');
  await expect(page.getByTestId('connection-banner')).toBeHidden();
  // And the stream carries what follows.
  await lifecycle(request, session.id, 'resume');
  await expect(page.getByTestId('session-state-banner')).toBeHidden();

  // Nothing the page read was read again when its stream opened: the play area, which neither change
  // touches, was read once (a stream started from now has every session read fetched again as it opens).
  await page.waitForTimeout(1500);
  expect(reads.get('playArea.get')).toBe(1);
  expect(reads.get('admin.speciesList')).toBe(1);
});

test('Mission HQ opened afresh draws its session in its first render, reads each query once, and follows the session from where its page was read (decision 922)', async ({
  page,
}) => {
  test.skip((page.viewportSize()?.width ?? 0) < 1000, 'Mission HQ is a desktop screen');
  test.setTimeout(90_000);
  // The game master is this page's own sign-in.
  await setUpGameMaster(page.request);
  const session = await createSession(page.request);
  await startSession(page.request, session.id);

  // Whether a loader of Mission Control ever showed: with the first reads in the page, none does.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __loaders: string[] }).__loaders = seen;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[aria-label="Loading your sessions"], [aria-label="Loading the session"]')) {
        const label = el.getAttribute('aria-label')!;
        if (!seen.includes(label)) seen.push(label);
      }
    }).observe(document, { subtree: true, childList: true });
  });
  const reads = countReads(page);
  // The page's code is held back until the session is paused: a change after the HTML's reads, before the stream opens.
  const release = await holdTheAppCode(page);
  const shell = page.waitForResponse((res) => new URL(res.url()).pathname === '/gamemaster');
  const opened = page.goto('/gamemaster');
  await shell;
  await lifecycle(page.request, session.id, 'pause');
  release();
  await opened;

  // It opens on the session, and the pause, made after the page's reads, reaches it.
  const card = page.getByTestId('session-status-card');
  await expect(card).toContainText(session.name, { timeout: 25_000 });
  await expect(card.getByTestId('status-badge')).toHaveText('PAUSED');
  await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible();
  await expect(page.getByTestId('connection-banner')).toBeHidden();
  await lifecycle(page.request, session.id, 'resume');
  await expect(card.getByTestId('status-badge')).toHaveText('LIVE');

  expect(await page.evaluate(() => (window as unknown as { __loaders: string[] }).__loaders)).toEqual([]);
  // Nothing the page read was read again when its stream opened (neither change touches these).
  await page.waitForTimeout(1500);
  expect(reads.get('playArea.get')).toBe(1);
  expect(reads.get('admin.speciesList')).toBe(1);
  expect(reads.get('hunts.listLayouts')).toBe(1);
});
