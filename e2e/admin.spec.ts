import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { ADMIN, expect, signIn, test, uniqueName } from './fixtures';

const MODEL = path.resolve('src/server/seed/models/velociraptor.glb');
const COVER = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function signInAsAdmin(page: Page) {
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** A game master registered from a separate API context, so the page stays signed in as admin. */
async function createGameMaster(request: APIRequestContext) {
  const username = uniqueName('gm');
  const firstName = uniqueName('Ellie');
  const res = await request.post('/api/auth/register', {
    data: { username, email: `${username}@example.com`, password: 'Fossil-Trail-42', firstName, lastName: 'Sattler', role: 'gamemaster' },
  });
  expect(res.status()).toBe(200);
  return { username, password: 'Fossil-Trail-42', name: `${firstName} Sattler` };
}

const notice = (page: Page, text: string) => page.getByText(text, { exact: true });

const SHOTS = '/tmp/admin-fix';
fs.mkdirSync(SHOTS, { recursive: true });

/** A species with a model, created over the API with the page's admin cookie. */
async function createSpeciesWithModel(page: Page, fields: Record<string, string>, fileName = 'velociraptor.glb') {
  const res = await page.request.post('/api/dinosaur-species', {
    multipart: { ...fields, modelFile: { name: fileName, mimeType: 'model/gltf-binary', buffer: fs.readFileSync(MODEL) } },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number; name: string; modelFileName: string };
}

/** True when the element's text is not clipped (nothing hidden by overflow). */
const fullyShown = (locator: Locator) => locator.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight + 1);

test.describe('admin screen access', () => {
  test('a signed-out visitor gets Unauthorized and goes to /login', async ({ page }) => {
    await page.goto('/admin');
    await expect(notice(page, 'Unauthorized')).toBeVisible();
    await page.waitForURL(/\/login$/);
  });

  test('a signed-in game master is turned away', async ({ page, request }) => {
    const gm = await createGameMaster(request);
    await signIn(page, gm.username, gm.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto('/admin');
    await expect(notice(page, 'Unauthorized')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'System Administration' })).toHaveCount(0);
    await page.waitForURL((url) => url.pathname === '/');
  });
});

test.describe('admin catalogue', () => {
  test('creates a species with a model, edits it and sees it on /debug-models', async ({ page }, testInfo) => {
    await signInAsAdmin(page);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'System Administration' })).toBeVisible();
    await expect(page.getByTestId('overview-dinosaur-species')).toHaveText(/^\d+$/);
    await expect(page.getByTestId('overview-total-users')).not.toHaveText('0');

    const name = uniqueName('Raptor');
    await page.getByRole('button', { name: 'Add Species' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Dinosaur Species' });
    await dialog.getByLabel(/^Name/).fill(name);
    await dialog.getByLabel('Scientific Name').fill('Velociraptor mongoliensis');
    await expect(dialog.getByLabel('Health')).toHaveValue('100');
    // One name with the hunters' screens: the observation rate, as a percentage (captureRate 0.5 stored).
    await expect(dialog.getByLabel('Observation rate')).toHaveValue('50%');
    await dialog.locator('input[type="file"]').setInputFiles(MODEL);
    await dialog.getByRole('button', { name: 'Create Species' }).click();
    await expect(notice(page, 'Dinosaur species created!')).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId('species-row').filter({ hasText: name });
    await expect(row.getByText('3D model')).toBeVisible();

    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await expect(edit.getByLabel(/^Name/)).toHaveValue(name);
    await edit.getByLabel('Health').fill('175');
    // Every title a dialog shows from here until it has gone: it fades out as "Edit ...", never flipping to
    // the empty "Add Dinosaur Species" form on the way.
    await page.evaluate(() => {
      const seen = new Set<string>();
      (window as unknown as { __dialogTitles: Set<string> }).__dialogTitles = seen;
      const record = () => {
        for (const title of document.querySelectorAll('.mantine-Modal-title')) seen.add(title.textContent ?? '');
      };
      record();
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await edit.getByRole('button', { name: 'Update Species' }).click();
    await expect(notice(page, 'Dinosaur species updated!')).toBeVisible();
    await expect(page.locator('.mantine-Modal-title')).toHaveCount(0);
    expect(await page.evaluate(() => [...(window as unknown as { __dialogTitles: Set<string> }).__dialogTitles])).toEqual([`Edit ${name}`]);
    await expect(row.getByText('HP 175')).toBeVisible();

    await page.goto('/debug-models');
    const card = page.getByTestId('debug-model-card').filter({ hasText: name });
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByTestId('model-viewer')).toHaveAttribute('data-model-state', 'loaded', { timeout: 30_000 });
    await page.waitForTimeout(500);
    await card.screenshot({ path: `/tmp/admin-debug-model-${testInfo.project.name}.png` });
    await page.screenshot({ path: `/tmp/admin-debug-models-page-${testInfo.project.name}.png` });
  });

  test('refuses a PNG renamed .glb: the spec title, the server reason (content check) first, then the status', async ({
    page,
  }, testInfo) => {
    await signInAsAdmin(page);
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Add Species' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Dinosaur Species' });
    await dialog.getByLabel(/^Name/).fill(uniqueName('Fake'));
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'fake.glb', mimeType: 'model/gltf-binary', buffer: COVER });
    await dialog.getByRole('button', { name: 'Create Species' }).click();
    await expect(notice(page, 'Failed to create dinosaur species')).toBeVisible();
    await expect(
      page.getByText("Invalid model file: The file's content is not a valid GLB, glTF, FBX or OBJ model (400 Bad Request)", {
        exact: true,
      }),
    ).toBeVisible();
    await expect(page.getByText(/Models must be|^400 Bad Request:/)).toHaveCount(0);
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/upload-refused-${testInfo.project.name}.png` });
    // The notice leaves the dialog usable, on a phone too: Cancel is not under the toast.
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click({ timeout: 2000 });
    await expect(dialog).toBeHidden();
  });

  test('an out-of-range observation rate or health is refused on the field, never clamped', async ({ page }, testInfo) => {
    await signInAsAdmin(page);
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Add Species' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Dinosaur Species' });
    const name = uniqueName('Clamp');
    await dialog.getByLabel(/^Name/).fill(name);
    await dialog.getByLabel('Observation rate').fill('150');
    await dialog.getByLabel('Health').fill('0');
    await dialog.getByLabel(/^Name/).click(); // blur: Mantine would clamp here
    await expect(dialog.getByLabel('Observation rate')).toHaveValue('150%');
    await expect(dialog.getByLabel('Health')).toHaveValue('0');
    await dialog.getByRole('button', { name: 'Create Species' }).click();
    await expect(dialog.getByText('Observation rate must be between 0 and 100%', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Health must be a whole number between 1 and 10000', { exact: true })).toBeVisible();
    await expect(dialog.getByLabel('Observation rate')).toHaveValue('150%');
    await expect(dialog.getByLabel('Observation rate')).toHaveAttribute('aria-invalid', 'true');
    await page.screenshot({ path: `${SHOTS}/species-form-range-${testInfo.project.name}.png` });
    await expect(notice(page, 'Dinosaur species created!')).toHaveCount(0);

    await dialog.getByLabel('Observation rate').fill('100');
    await dialog.getByLabel('Health').fill('90');
    await dialog.getByRole('button', { name: 'Create Species' }).click();
    await expect(notice(page, 'Dinosaur species created!')).toBeVisible();
    await expect(page.getByTestId('species-row').filter({ hasText: name }).getByText('Observation rate 100%')).toBeVisible();
    // Stored as the REST field captureRate (0-1).
    const stored = ((await (await page.request.get('/api/dinosaur-species')).json()) as { name: string; captureRate: number }[]).find(
      (s) => s.name === name,
    );
    expect(stored?.captureRate).toBe(1);
  });

  test('previews a species model in 3D from its row, then logs out from the header', async ({ page }, testInfo) => {
    await signInAsAdmin(page);
    const threeRequests: string[] = [];
    page.on('request', (r) => {
      // The heavy chunk (three.js, fiber, drei) is ModelViewer-*.js; LazyModelViewer-*.js is its small wrapper.
      if (/\/assets\/(ModelViewer|three)[-.]/i.test(r.url())) threeRequests.push(r.url());
    });
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'System Administration' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/admin-header-${testInfo.project.name}.png` });
    const row = page.getByTestId('species-row').filter({ hasText: 'Triceratops' });
    // Labelled actions: the words are on screen, the names add the row's name.
    await expect(row.getByRole('button', { name: 'Edit Triceratops' })).toHaveText('Edit');
    await expect(row.getByRole('button', { name: 'Delete Triceratops' })).toHaveText('Delete');
    await expect(row.getByText(/^Observation rate \d+%$/)).toBeVisible();
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/species-actions-${testInfo.project.name}.png` });
    // three.js is not downloaded until a preview opens.
    expect(threeRequests).toEqual([]);
    await row.getByRole('button', { name: 'Preview Triceratops in 3D' }).click();
    const preview = page.getByRole('dialog', { name: 'Triceratops: 3D model' });
    await expect(preview.getByTestId('model-viewer')).toHaveAttribute('data-model-state', 'loaded', { timeout: 30_000 });
    expect(threeRequests.length).toBeGreaterThan(0);
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${SHOTS}/species-preview-${testInfo.project.name}.png` });
    await preview.getByRole('button', { name: 'Close' }).click();
    await expect(preview).toBeHidden();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });

  test('edit dialogs name the stored files as uploaded, with their size', async ({ page }, testInfo) => {
    await signInAsAdmin(page);
    const species = await createSpeciesWithModel(page, { name: uniqueName('Named') }, 'T-rex final.glb');
    expect(species.modelFileName).toBe('T-rex final.glb');
    await page.goto('/admin');
    await page.getByRole('button', { name: `Edit ${species.name}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${species.name}` });
    const size = `${(fs.statSync(MODEL).size / 1024).toFixed(0)} KB`;
    await expect(edit.getByText(`Current model: T-rex final.glb (${size}). Choose a file to replace it.`, { exact: true })).toBeVisible();
    await expect(edit.getByText(/[0-9a-f]{8}-[0-9a-f]{4}-/)).toHaveCount(0);
    await edit.getByText(/^Current model:/).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/species-edit-${testInfo.project.name}.png` });
    await edit.getByRole('button', { name: 'Cancel' }).click();

    // A seeded species shows its catalogue file name.
    await page.getByRole('button', { name: 'Edit Triceratops' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Edit Triceratops' }).getByText(/^Current model: triceratops\.glb \(\d+ KB\)\./),
    ).toBeVisible();
  });

  test('creates and deletes a mission', async ({ page }, testInfo) => {
    await signInAsAdmin(page);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Missions' }).click();
    const name = uniqueName('Operation ');
    await page.getByRole('button', { name: 'Add Mission' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Mission' });
    await expect(dialog.getByLabel('Max Players')).toHaveValue('20');
    await dialog.getByLabel('Mission Name').fill(name);
    await dialog.getByLabel('Description').fill('Track the herd along the river.');
    await dialog.getByLabel('Objectives').fill('Find the nest\nObserve from 50 m');
    await dialog.locator('input[type="file"]').first().setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: COVER });
    await page.screenshot({ path: `/tmp/admin-mission-form-${testInfo.project.name}.png` });
    await dialog.getByRole('button', { name: 'Create Mission' }).click();
    await expect(notice(page, 'Mission created!')).toBeVisible();
    const row = page.getByTestId('mission-row').filter({ hasText: name });
    await expect(row.getByText('2 objectives')).toBeVisible();

    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    // The stored photo is re-encoded without its metadata, so its size is the server's, not the upload's.
    await expect(edit.getByText(/^Current photo: cover\.png \(\d+ B\)$/)).toBeVisible();
    await page.waitForTimeout(400); // the dialog's opening transition
    await page.screenshot({ path: `${SHOTS}/mission-edit-${testInfo.project.name}.png` });
    await edit.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Mission' });
    await expect(
      confirm.getByText(`Are you sure you want to delete mission "${name}"? This action cannot be undone.`, { exact: true }),
    ).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(notice(page, 'Mission deleted!')).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test('grants credits to a game master and deletes them', async ({ page, request }, testInfo) => {
    const gm = await createGameMaster(request);
    await signInAsAdmin(page);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'GameMasters' }).click();
    const row = page.getByTestId('gamemaster-row').filter({ hasText: gm.name });
    await expect(row.getByTestId('gamemaster-credits')).toHaveText('0 credits');
    // The whole address is readable, even at 360 px.
    const email = row.getByTestId('gamemaster-email');
    await expect(email).toHaveText(`${gm.username}@example.com`);
    expect(await fullyShown(email)).toBe(true);

    // Anything but a positive number does nothing.
    await page.getByRole('button', { name: `Add credits to ${gm.name}` }).click();
    let prompt = page.getByRole('dialog', { name: 'Add Credits' });
    await expect(prompt.getByRole('textbox')).toHaveValue('5');
    await prompt.getByRole('textbox').fill('0');
    await prompt.getByRole('button', { name: 'OK' }).click();
    await expect(prompt).toBeHidden();
    await expect(row.getByTestId('gamemaster-credits')).toHaveText('0 credits');

    await page.getByRole('button', { name: `Add credits to ${gm.name}` }).click();
    prompt = page.getByRole('dialog', { name: 'Add Credits' });
    await expect(prompt.getByRole('textbox')).toHaveValue('5');
    await prompt.getByRole('button', { name: 'OK' }).click();
    await expect(notice(page, 'Credits added successfully!')).toBeVisible();
    await expect(row.getByTestId('gamemaster-credits')).toHaveText('5 credits');
    await page.screenshot({ path: `/tmp/admin-gamemasters-${testInfo.project.name}.png`, fullPage: true });

    await page.getByRole('button', { name: `Delete ${gm.name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete GameMaster' });
    await expect(confirm.getByText(`Delete GameMaster ${gm.name}? This cannot be undone.`, { exact: true })).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(notice(page, 'GameMaster deleted successfully!')).toBeVisible();
    await expect(row).toHaveCount(0);
    const login = await request.post('/api/auth/login', { data: { username: gm.username, password: gm.password } });
    expect(login.status()).toBe(401);
  });

  test('suspends a game master (signed out at once, no sign-in) and reactivates them', async ({ page, request }, testInfo) => {
    const gm = await createGameMaster(request); // `request` holds the game master's own sign-in
    expect((await request.get('/api/auth/user')).status()).toBe(200);
    await signInAsAdmin(page);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'GameMasters' }).click();
    const row = page.getByTestId('gamemaster-row').filter({ hasText: gm.name });
    await expect(row.getByTestId('gamemaster-status')).toHaveText('active');

    await page.getByRole('button', { name: `Suspend ${gm.name}` }).click();
    let confirm = page.getByRole('dialog', { name: 'Suspend GameMaster' });
    await expect(
      confirm.getByText(
        `Suspend GameMaster ${gm.name}? They are signed out on every device at once and cannot sign in or run sessions until reactivated.`,
        { exact: true },
      ),
    ).toBeVisible();
    await confirm.getByRole('button', { name: 'Suspend' }).click();
    await expect(notice(page, 'GameMaster suspended')).toBeVisible();
    await expect(row.getByTestId('gamemaster-status')).toHaveText('suspended');
    await expect(confirm).toBeHidden();
    await page.screenshot({ path: `${SHOTS}/gamemaster-suspended-${testInfo.project.name}.png`, fullPage: true });
    expect((await request.get('/api/auth/user')).status()).toBe(401);
    const refused = await request.post('/api/auth/login', { data: { username: gm.username, password: gm.password } });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error).toBe('This account has been suspended. Contact support.');

    await page.getByRole('button', { name: `Reactivate ${gm.name}` }).click();
    confirm = page.getByRole('dialog', { name: 'Reactivate GameMaster' });
    await expect(confirm.getByText(`Reactivate GameMaster ${gm.name}? They can sign in again.`, { exact: true })).toBeVisible();
    await confirm.getByRole('button', { name: 'Reactivate' }).click();
    await expect(notice(page, 'GameMaster reactivated')).toBeVisible();
    await expect(row.getByTestId('gamemaster-status')).toHaveText('active');
    const again = await request.post('/api/auth/login', { data: { username: gm.username, password: gm.password } });
    expect(again.status()).toBe(200);
  });

  test('the five tabs stay one row; on a phone it scrolls sideways', async ({ page }, testInfo) => {
    await signInAsAdmin(page);
    await page.goto('/admin');
    const tabs = page.getByRole('tab');
    // Species, Missions, GameMasters, Users (issue #46) and System.
    await expect(tabs).toHaveCount(5);
    const boxes = await Promise.all([0, 1, 2, 3, 4].map(async (i) => (await tabs.nth(i).boundingBox())!));
    for (const box of boxes) expect(Math.abs(box.y - boxes[0]!.y)).toBeLessThan(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    await page.getByRole('tab', { name: 'System' }).click();
    await expect(page.getByRole('tab', { name: 'System' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('button', { name: 'Database Backup' })).toBeVisible();
    await page.getByRole('tab', { name: 'Species' }).click();
    await page.screenshot({ path: `${SHOTS}/admin-tabs-${testInfo.project.name}.png` });
  });

  test('system controls download a backup and a CSV', async ({ page }, testInfo) => {
    await signInAsAdmin(page);
    await page.goto('/admin');
    await expect(page.getByTestId('overview-missions')).toBeVisible();
    await expect(page.getByTestId('species-row').first()).toBeVisible();
    await page.screenshot({ path: `/tmp/admin-overview-${testInfo.project.name}.png`, fullPage: true });
    await page.getByRole('tab', { name: 'System' }).click();
    const backup = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Database Backup' }).click();
    expect((await backup).suggestedFilename()).toMatch(/^dinohunt-backup-.+\.jsonl\.gz$/);
    const csv = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Analytics Export' }).click();
    expect((await csv).suggestedFilename()).toMatch(/^dinohunt-analytics-.+\.csv$/);
  });
});

test.describe('model viewers leave the page scrollable', () => {
  test('/debug-models: the page scrolls over a viewer until it is activated; then it orbits and zooms', async ({
    page,
  }, testInfo) => {
    await signInAsAdmin(page);
    // One without a scientific name: its viewer stays in line with its neighbours.
    const plain = await createSpeciesWithModel(page, { name: uniqueName('Aaa plain ') }, 'plain.glb');
    await page.goto('/debug-models');
    const cards = page.getByTestId('debug-model-card');
    await expect(cards.first()).toBeVisible();
    const plainCard = cards.filter({ hasText: plain.name });
    await expect(plainCard.getByTestId('debug-model-file')).toHaveText('plain.glb');
    await expect(page.getByText(/\/uploads\//)).toHaveCount(0);
    const viewerOffset = (card: Locator) =>
      card.evaluate((el) => {
        const viewer = el.querySelector('[data-testid="model-viewer"], [data-testid="model-viewer-placeholder"]');
        return viewer!.getBoundingClientRect().top - el.getBoundingClientRect().top;
      });
    const withScientific = cards.filter({ hasText: 'Triceratops horridus' });
    expect(await viewerOffset(plainCard)).toBeCloseTo(await viewerOffset(withScientific), 0);

    const card = cards.first();
    const viewer = card.getByTestId('model-viewer');
    await expect(viewer).toHaveAttribute('data-model-state', 'loaded', { timeout: 30_000 });
    const box = (await viewer.boundingBox())!;
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const before = await page.evaluate(() => window.scrollY);
    if (testInfo.project.name === 'phone') {
      // Nothing over the viewer asks the browser to keep vertical swipes for itself.
      const touchAction = await page.evaluate(({ x, y }) => getComputedStyle(document.elementFromPoint(x, y)!).touchAction, centre);
      expect(touchAction).toBe('pan-y');
      // A real touch swipe up over the model scrolls the page (with touch-action: none it would not).
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [centre] });
      for (let i = 1; i <= 10; i++) {
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: centre.x, y: centre.y - i * 25 }] });
        await page.waitForTimeout(16);
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    } else {
      await page.mouse.move(centre.x, centre.y);
      await page.mouse.wheel(0, 400);
    }
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before + 100);
    await page.screenshot({ path: `${SHOTS}/debug-models-${testInfo.project.name}.png` });

    // Activated: the controls own the gestures (the wheel zooms, the page stays put) until Done.
    await page.evaluate(() => window.scrollTo(0, 0));
    await viewer.getByTestId('model-viewer-activate').click();
    await expect(viewer.locator('[data-interactive]')).toHaveAttribute('data-interactive', 'true');
    await expect(viewer.getByTestId('model-viewer-activate')).toHaveCount(0);
    await card.screenshot({ path: `${SHOTS}/debug-models-active-${testInfo.project.name}.png` });
    if (testInfo.project.name !== 'phone') {
      const box2 = (await viewer.boundingBox())!;
      await page.mouse.move(box2.x + box2.width / 2, box2.y + box2.height / 2);
      const y0 = await page.evaluate(() => window.scrollY);
      await page.mouse.wheel(0, 400);
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => window.scrollY)).toBe(y0);
    }
    await viewer.getByTestId('model-viewer-done').click();
    await expect(viewer.locator('[data-interactive]')).toHaveAttribute('data-interactive', 'false');
    await page.screenshot({ path: `${SHOTS}/debug-models-full-${testInfo.project.name}.png`, fullPage: true });
  });
});

test('/model-test shows two fixed uploaded models', async ({ page }, testInfo) => {
  await page.goto('/model-test');
  const titles = page.getByTestId('model-test-card').locator('p:first-child');
  await expect(titles).toHaveText(['Tyrannosaurus rex', 'Triceratops']);
  const viewers = page.getByTestId('model-viewer');
  await expect(viewers).toHaveCount(2);
  // Their own copies, which no species edit or delete removes.
  await expect(viewers.nth(0)).toHaveAttribute('data-model-url', '/uploads/models/model-test/tyrannosaurus-rex.glb');
  await expect(viewers.nth(1)).toHaveAttribute('data-model-url', '/uploads/models/model-test/triceratops.glb');
  for (const i of [0, 1]) {
    await expect(viewers.nth(i)).toHaveAttribute('data-model-state', 'loaded', { timeout: 30_000 });
  }
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/model-test-${testInfo.project.name}.png`, fullPage: true });
  await page.screenshot({ path: `${SHOTS}/model-test-${testInfo.project.name}.png`, fullPage: true });
});

test('a model that fails to load says so, without the loading text over it', async ({ page, consoleErrors }) => {
  await page.route('**/uploads/models/model-test/triceratops.glb', (route) =>
    route.fulfill({ status: 200, contentType: 'model/gltf-binary', body: Buffer.from('not a model') }),
  );
  await page.goto('/model-test');
  const broken = page.getByTestId('model-viewer').nth(1);
  await expect(broken).toHaveAttribute('data-model-state', 'error', { timeout: 30_000 });
  await expect(broken.getByRole('alert')).toHaveText('Model failed to load');
  await expect(broken.getByText('Loading model…')).toHaveCount(0);
  await expect(page.getByTestId('model-viewer').nth(0)).toHaveAttribute('data-model-state', 'loaded', { timeout: 30_000 });
  // React and the loader report the error the viewer caught: expected here.
  consoleErrors.length = 0;
});
