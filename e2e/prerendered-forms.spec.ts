// The sign-up and sign-in pages are drawn from HTML made at build time (decisions 800 and 923): a person
// on a slow phone sees the form, and may type in it, seconds before the app's code has run. What they
// typed counts: once the code runs, the form takes it, and submitting signs them up or in.
import type { Page } from '@playwright/test';
import { expect, test, uniqueName } from './fixtures';
import { holdTheAppCode } from './support/page-code';

/** Whether React has hydrated the page's form: it attaches its fiber to the DOM nodes it adopts. */
const formHydrated = () => {
  const form = document.querySelector('form');
  return form !== null && Object.keys(form).some((key) => key.startsWith('__reactFiber'));
};

async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(formHydrated);
}

test('a new game master types into the drawn sign-up form before its code has run, and is signed up', async ({ page }) => {
  const release = await holdTheAppCode(page);
  // The landing page's "Become a GameMaster": the account type comes chosen.
  await page.goto('/register?role=gamemaster', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await expect(page.getByPlaceholder('Select your role')).toHaveValue('GameMaster - Create hunting sessions');
  const username = uniqueName('early');
  await page.getByLabel('First Name').fill('Robin');
  await page.getByLabel('Last Name').fill('Fields');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(`${username}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('Fossil-Trail-42');
  await page.getByLabel('Confirm Password').fill('Fossil-Trail-42');
  expect(await page.evaluate(formHydrated)).toBe(false);

  release();
  await hydrated(page);
  await expect(page.getByLabel('First Name')).toHaveValue('Robin');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Welcome, Robin! Your account has been created.')).toBeVisible();
  await expect(page).toHaveURL(/\/subscription$/);
});

test('a game master types into the drawn sign-in form before its code has run, and is signed in', async ({ page, registerUser }) => {
  const gm = await registerUser('gamemaster');
  await page.context().clearCookies();
  const release = await holdTheAppCode(page);
  await page.goto('/login', { waitUntil: 'commit' });
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Sign In' }) });
  await form.getByLabel('Username').fill(gm.username);
  await form.getByLabel('Password', { exact: true }).fill(gm.password);

  release();
  await hydrated(page);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText(`Welcome back, ${gm.username}!`)).toBeVisible();
  await expect(page).toHaveURL(/\/gamemaster$/);
});
