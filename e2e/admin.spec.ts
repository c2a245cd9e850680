import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
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
    data: { username, email: `${username}@example.com`, password: 'secret123', firstName, lastName: 'Sattler', role: 'gamemaster' },
  });
  expect(res.status()).toBe(200);
  return { username, password: 'secret123', name: `${firstName} Sattler` };
}

const notice = (page: Page, text: string) => page.getByText(text, { exact: true });

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
    await expect(dialog.getByLabel('Capture Rate')).toHaveValue('0.5');
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
    await edit.getByRole('button', { name: 'Update Species' }).click();
    await expect(notice(page, 'Dinosaur species updated!')).toBeVisible();
    await expect(row.getByText('HP 175')).toBeVisible();

    await page.goto('/debug-models');
    const card = page.getByTestId('debug-model-card').filter({ hasText: name });
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByTestId('model-viewer')).toHaveAttribute('data-model-state', 'loaded', { timeout: 30_000 });
    await page.waitForTimeout(500);
    await card.screenshot({ path: `/tmp/admin-debug-model-${testInfo.project.name}.png` });
    await page.screenshot({ path: `/tmp/admin-debug-models-page-${testInfo.project.name}.png` });
  });

  test('refuses a PNG renamed .glb with the spec title and the status', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Add Species' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Dinosaur Species' });
    await dialog.getByLabel(/^Name/).fill(uniqueName('Fake'));
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'fake.glb', mimeType: 'model/gltf-binary', buffer: COVER });
    await dialog.getByRole('button', { name: 'Create Species' }).click();
    await expect(notice(page, 'Failed to create dinosaur species')).toBeVisible();
    await expect(page.getByText(/^400 Bad Request: Invalid model file/)).toBeVisible();
    await expect(dialog).toBeVisible();
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

  test('system controls download a backup and a CSV', async ({ page }, testInfo) => {
    await signInAsAdmin(page);
    await page.goto('/admin');
    await expect(page.getByTestId('overview-missions')).toBeVisible();
    await expect(page.getByTestId('species-row').first()).toBeVisible();
    await page.screenshot({ path: `/tmp/admin-overview-${testInfo.project.name}.png`, fullPage: true });
    await page.getByRole('tab', { name: 'System' }).click();
    const backup = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Database Backup' }).click();
    expect((await backup).suggestedFilename()).toMatch(/^dinohunt-backup-.+\.sqlite$/);
    const csv = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Analytics Export' }).click();
    expect((await csv).suggestedFilename()).toMatch(/^dinohunt-analytics-.+\.csv$/);
  });
});

test('/model-test shows two fixed uploaded models', async ({ page }, testInfo) => {
  await page.goto('/model-test');
  const viewers = page.getByTestId('model-viewer');
  await expect(viewers).toHaveCount(2);
  for (const i of [0, 1]) {
    await expect(viewers.nth(i)).toHaveAttribute('data-model-state', 'loaded', { timeout: 30_000 });
  }
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/model-test-${testInfo.project.name}.png`, fullPage: true });
});
