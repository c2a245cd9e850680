// What a page fetches, seen from the test: its app code held back (a slow phone, where the HTML has
// arrived and the code has not), and the tRPC reads it makes (each procedure of a batch counted).
import type { Page } from '@playwright/test';

/** Holds every request for the app's code (/assets/) until the returned release is called. */
export async function holdTheAppCode(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/**', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Counts, from now on, how often the page reads each tRPC procedure (GET /trpc/a,b?batch=1 counts a and b). */
export function countReads(page: Page): Map<string, number> {
  const reads = new Map<string, number>();
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (req.method() !== 'GET' || !url.pathname.startsWith('/trpc/')) return;
    for (const procedure of url.pathname.slice('/trpc/'.length).split(',')) reads.set(procedure, (reads.get(procedure) ?? 0) + 1);
  });
  return reads;
}
