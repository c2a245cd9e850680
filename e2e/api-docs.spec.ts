// The API documentation for third-party developers renders offline, with no
// content-security-policy or console errors (the fixture fails on any).
import { expect, test } from './fixtures';

test('/api/docs renders every documented operation from bundled assets', async ({ page }, testInfo) => {
  const external: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['127.0.0.1', 'localhost'].includes(url.hostname) && url.protocol !== 'data:') external.push(request.url());
  });
  await page.goto('/api/docs/');
  await expect(page.getByText('/api/auth/login').first()).toBeVisible();
  await expect(page.locator('.opblock').first()).toBeVisible();
  expect(await page.locator('.opblock').count()).toBeGreaterThan(40);
  expect(external).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath(`api-docs-${testInfo.project.name}.png`), fullPage: false });
});
