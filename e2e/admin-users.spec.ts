// Admin user search across roles (issue #46, point 9): the Users tab finds a hunter account by name and
// role (the GameMasters tab lists game masters only) and suspends it; the hunter's cookie is refused at once.
// POLISH_SHOTS=/some/dir saves screenshots.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { ADMIN, expect, signIn, test, uniqueName } from './fixtures';

const SHOTS = process.env.POLISH_SHOTS ?? null;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

test('the admin finds a hunter account by name and role and suspends it', async ({ page, playwright, baseURL }, info) => {
  test.setTimeout(90_000);
  // A hunter account and a game master sharing a family name, each signed in from their own context.
  const family = uniqueName('Marsh').replace(/[^A-Za-z]/g, '');
  const hunter = await playwright.request.newContext({ baseURL });
  const hunterName = uniqueName('hunter');
  const reg = await hunter.post('/api/auth/register', {
    data: { username: hunterName, email: `${hunterName}@example.com`, password: 'Fossil-Trail-42', firstName: 'Hana', lastName: family, role: 'hunter' },
  });
  expect(reg.status(), await reg.text()).toBe(200);
  const gm = await playwright.request.newContext({ baseURL });
  const gmName = uniqueName('gm');
  expect(
    (
      await gm.post('/api/auth/register', {
        data: { username: gmName, email: `${gmName}@example.com`, password: 'Fossil-Trail-42', firstName: 'Gus', lastName: family, role: 'gamemaster' },
      })
    ).status(),
  ).toBe(200);

  await signIn(page, ADMIN.username, ADMIN.password);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByLabel('Find an account').fill(family.toLowerCase());
  const rows = page.getByTestId('user-row');
  await expect(rows).toHaveCount(2);
  await page.getByTestId('user-role-filter').getByText('Hunters').click();
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row).toContainText(`Hana ${family}`);
  await expect(row.getByTestId('user-role')).toHaveText('Hunter');
  await expect(row.getByTestId('user-status')).toHaveText('active');
  await shot(page, `${info.project.name}-admin-users`);

  await row.getByRole('button', { name: `Suspend Hana ${family}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Suspend Account' });
  await expect(confirm).toContainText(`Suspend account Hana ${family}?`);
  await confirm.getByRole('button', { name: 'Suspend' }).click();
  await expect(row.getByTestId('user-status')).toHaveText('suspended');
  await expect(row.getByRole('button', { name: `Reactivate Hana ${family}` })).toBeVisible();
  // Signed out at once.
  expect((await hunter.get('/api/auth/user')).status()).toBe(401);
  await shot(page, `${info.project.name}-admin-users-suspended`);
  await hunter.dispose();
  await gm.dispose();
});
