// The account page (issue #14): change the password, which ends the account's other
// sign-ins; sign out everywhere; and the admin's action that ends a game master's sign-ins.
// Each "other device" is a second browser context signed in with the same account.
import type { Browser, Page } from '@playwright/test';
import { ADMIN, expect, routeExternalServices, signIn, test, uniqueName } from './fixtures';

const NEW_PASSWORD = 'Amber-Canyon-77';

async function otherDevice(browser: Browser, baseURL: string, username: string, password: string) {
  const context = await browser.newContext({ baseURL });
  await routeExternalServices(context);
  const page = await context.newPage();
  await signIn(page, username, password);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return { context, page };
}

/** Whether the page's browser is still signed in, as its next screen load finds out. */
async function signedIn(page: Page): Promise<boolean> {
  const res = await page.request.get('/api/auth/user');
  return res.status() === 200;
}

test.describe('account page', () => {
  // Two or three browsers sign in per test.
  test.describe.configure({ timeout: 120_000 });
  test('a hunter changes the password from Field Operations; the other device is signed out', async ({
    page,
    browser,
    baseURL,
    registerUser,
  }, testInfo) => {
    const user = await registerUser('hunter');
    const other = await otherDevice(browser, baseURL!, user.username, user.password);

    await page.goto('/hunter');
    // Home, Account and Logout share the header's one row with the badge, whole even at 360 px.
    const badge = page.getByRole('banner').getByText('HUNTER', { exact: true });
    await expect(badge).toBeVisible();
    expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await page.screenshot({ path: `/tmp/shots-account/field-ops-header-${testInfo.project.name}.png` });
    await page.getByRole('link', { name: 'Account' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
    const form = page.getByRole('form', { name: 'Change password' });

    // Wrong current password: the server's message on the field, nothing changed.
    await form.getByLabel('Current Password').fill('not-my-password');
    await form.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Password Not Changed' })).toContainText('Current password is incorrect');
    await expect(form.getByText('Current password is incorrect')).toBeVisible();
    // The notice sits at the foot of a phone's screen, over the form's button: read, it is closed, as a person would.
    await page.getByRole('alert').filter({ hasText: 'Password Not Changed' }).getByRole('button', { name: 'Close notification' }).click();

    // A common new password is refused with the server's reason.
    await form.getByLabel('Current Password').fill(user.password);
    await form.getByLabel('New Password', { exact: true }).fill('password123');
    await form.getByLabel('Confirm New Password').fill('password123');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expect(form.getByText('This password is too common: choose one that is harder to guess')).toBeVisible();
    await page.getByRole('alert').filter({ hasText: 'Password Not Changed' }).getByRole('button', { name: 'Close notification' }).click();

    await form.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
    await page.screenshot({ path: `/tmp/shots-account/change-password-${testInfo.project.name}.png` });
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Password Changed' })).toContainText(
      'Every other sign-in of this account has ended.',
    );

    // This browser stays signed in; the other device does not.
    expect(await signedIn(page)).toBe(true);
    expect(await signedIn(other.page)).toBe(false);
    await other.page.goto('/hunter');
    await expect(other.page).toHaveURL(/\/login/);
    await other.context.close();

    // The new password signs in; the old one no longer does.
    const again = await otherDevice(browser, baseURL!, user.username, NEW_PASSWORD);
    expect(await signedIn(again.page)).toBe(true);
    await again.context.close();
  });

  test('sign out everywhere ends this sign-in and the other device', async ({ page, browser, baseURL, registerUser }, testInfo) => {
    const user = await registerUser('gamemaster');
    const other = await otherDevice(browser, baseURL!, user.username, user.password);

    await page.goto('/account');
    await page.getByRole('button', { name: 'Sign Out Everywhere' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out everywhere?' });
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: `/tmp/shots-account/sign-out-everywhere-${testInfo.project.name}.png` });
    await dialog.getByRole('button', { name: 'Sign Out Everywhere' }).click();
    await expect(page).toHaveURL(/\/login$/);

    expect(await signedIn(page)).toBe(false);
    expect(await signedIn(other.page)).toBe(false);
    await other.context.close();
  });

  test('a visitor without a sign-in is sent to the login page', async ({ page }) => {
    await page.goto('/account');
    await expect(page).toHaveURL(/\/login$/);
  });

  test("an admin ends a game master's sign-ins", async ({ page, browser, baseURL, request }) => {
    const username = uniqueName('gm');
    const firstName = uniqueName('Ellie');
    const password = 'Fossil-Trail-42';
    const res = await request.post('/api/auth/register', {
      data: { username, password, firstName, lastName: 'Sattler', email: `${username}@example.com`, role: 'gamemaster' },
    });
    expect(res.status()).toBe(200);
    const gm = await otherDevice(browser, baseURL!, username, password);
    expect(await signedIn(gm.page)).toBe(true);

    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'GameMasters' }).click();
    await page.getByRole('button', { name: `End sign-ins of ${firstName} Sattler` }).click();
    const confirm = page.getByRole('dialog', { name: 'End Sign-ins' });
    await expect(confirm).toContainText('They are signed out on every device at once.');
    await confirm.getByRole('button', { name: 'End Sign-ins' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Every sign-in of this GameMaster has ended' })).toBeVisible();

    expect(await signedIn(gm.page)).toBe(false);
    expect(await signedIn(page)).toBe(true);
    await gm.context.close();
  });
});
