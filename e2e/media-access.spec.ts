// A hunter's photo for headquarters (decision 713): Mission HQ shows it in its feed (an <img>
// on the same origin carries the game master's session cookie), the hunter's own feed shows
// it too, and the file itself answers 404 to a teammate and to a signed-out browser, with
// `Cache-Control: private` for those who may see it.
import { expect, routeExternalServices, test, uniqueName } from './fixtures';
import { createSession, setUpGameMaster, startSession } from './support/play';

/** A small real JPEG (64 x 48), drawn by the browser. */
async function drawnJpeg(page: import('@playwright/test').Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#3a7d44';
    g.fillRect(0, 0, 64, 48);
    return canvas.toDataURL('image/jpeg').split(',')[1]!;
  });
  return Buffer.from(base64, 'base64');
}

test("a photo for headquarters is shown at Mission HQ and to its sender, and to nobody else", async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const gm = await setUpGameMaster(page.request); // the page's context is the game master's
  const session = await createSession(page.request);
  await startSession(page.request, session.id);

  // Two hunters of the session, each in a browser context of their own (API joins: cookies in the context).
  const joined = async (handle: string) => {
    const context = await browser.newContext({ baseURL });
    await routeExternalServices(context);
    const res = await context.request.post('/api/hunter/join-session', {
      data: { sessionId: String(session.id), password: session.password, hunterHandle: handle },
    });
    expect(res.status(), await res.text()).toBe(200);
    return context;
  };
  const senderHandle = uniqueName('Lens');
  const sender = await joined(senderHandle);
  const teammate = await joined(uniqueName('Mate'));
  const senderPage = await sender.newPage();
  await senderPage.goto('/');
  const upload = await sender.request.post(`/api/game-sessions/${session.id}/upload-media`, {
    multipart: {
      message: 'Nest by the ridge',
      recipientType: 'headquarters',
      media: { name: 'nest.jpg', mimeType: 'image/jpeg', buffer: await drawnJpeg(senderPage) },
    },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const { mediaUrl } = (await upload.json()) as { mediaUrl: string };
  expect(mediaUrl).toMatch(/^\/uploads\/media\/[0-9a-f-]{36}\.jpg$/);

  // Mission HQ: the feed's <img> loads with the game master's cookie. Its live socket opens on this
  // origin under CSP `connect-src 'self'` (decision 714): a refusal would be a console error, and no frame.
  let socketFrames = 0;
  page.on('websocket', (ws) => {
    if (new URL(ws.url()).pathname === '/trpc') ws.on('framereceived', () => socketFrames++);
  });
  await page.goto('/gamemaster');
  const photo = page.getByRole('img', { name: `Photo from ${senderHandle}: Nest by the ridge` });
  // Lazy: on a phone the feed is below the map, and the image loads once scrolled to.
  await expect(photo).toBeAttached({ timeout: 25_000 });
  await photo.scrollIntoViewIfNeeded();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
  await expect(photo).toBeVisible();
  await expect.poll(() => socketFrames, { timeout: 15_000 }).toBeGreaterThan(0);
  await page.screenshot({ path: `/tmp/http/hq-photo-${test.info().project.name}.png` });
  const asGm = await page.request.get(mediaUrl);
  expect(asGm.status()).toBe(200);
  expect(asGm.headers()['cache-control']).toBe('private, no-cache');
  expect(gm.username).toBeTruthy();

  // The sender's own browser loads it too.
  await senderPage.goto(mediaUrl);
  expect(await senderPage.evaluate(() => (document.querySelector('img') as HTMLImageElement | null)?.naturalWidth)).toBe(64);

  // A teammate and a signed-out browser get 404, link or not.
  expect((await teammate.request.get(mediaUrl)).status()).toBe(404);
  const stranger = await browser.newContext({ baseURL });
  expect((await stranger.request.get(mediaUrl)).status()).toBe(404);
  await Promise.all([sender.close(), teammate.close(), stranger.close()]);
});
