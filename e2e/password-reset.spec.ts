// "Forgot password?" in the browser (issue #45) against the real server without SMTP_URL: the mail goes
// to the development outbox, where the admin reads its link (decision 990). MAIL_SHOTS_DIR=dir saves
// screenshots of the new screens; EMAIL_VERIFICATION=required adds the unconfirmed game master's screens.
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { emailVerificationMail, passwordChangedMail, passwordResetMail, emailChangedMail } from '../src/server/mail/templates';
import { ADMIN, expect, signIn, test } from './fixtures';

const shotsDir = process.env.MAIL_SHOTS_DIR;
async function shot(page: Page, name: string, project: string) {
  if (!shotsDir) return;
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${project}-${name}.png`), fullPage: true });
}

type OutboxMail = { to: string; status: string; text: string | null; subject: string };

/** The admin's development outbox: the newest mail to `to` once it has been logged. */
async function mailTo(request: APIRequestContext, to: string, subject: RegExp): Promise<OutboxMail> {
  expect((await request.post('/api/auth/login', { data: ADMIN })).status()).toBe(200);
  let found: OutboxMail | undefined;
  await expect
    .poll(async () => {
      const outbox = (await (await request.get('/api/admin/mail-outbox')).json()) as { mails: OutboxMail[] };
      found = outbox.mails.find((m) => m.to === to && subject.test(m.subject) && m.status === 'logged');
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

test('a hunter who forgot the password gets a link, chooses a new one, and signs in with it; the link works once', async ({ page, browser, registerUser }, info) => {
  const user = await registerUser('hunter');
  const email = `${user.username}@example.com`;
  await page.context().clearCookies();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await shot(page, 'forgot-password', info.project.name);
  await page.getByLabel('Email').fill('not an address');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Check your mail')).toBeVisible();
  await expect(page.getByText(`If an account has the address ${email}`)).toBeVisible();
  await shot(page, 'forgot-password-sent', info.project.name);

  const adminContext = await browser.newContext({ baseURL: info.project.use.baseURL, viewport: page.viewportSize() ?? undefined });
  const mail = await mailTo(adminContext.request, email, /Reset your Dinohunt password/);
  const link = mail.text?.match(/https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/)?.[0];
  expect(link).toBeTruthy();
  // The admin's System Controls show the development outbox with the mail and its link.
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/admin');
  await adminPage.getByRole('tab', { name: 'System' }).click();
  await expect(adminPage.getByText('Development outbox')).toBeVisible();
  await adminPage.getByRole('button', { name: new RegExp(`Reset your Dinohunt password.*${user.username}`) }).first().click();
  await expect(adminPage.getByRole('link', { name: link! })).toBeVisible();
  await shot(adminPage, 'admin-outbox', info.project.name);
  await adminContext.close();

  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await shot(page, 'reset-password', info.project.name);
  await page.getByLabel('New password', { exact: true }).fill('password');
  await page.getByLabel('Confirm new password').fill('password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('This password is too common: choose one that is harder to guess').first()).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('Amber-Trail-2026');
  await page.getByLabel('Confirm new password').fill('Amber-Trail-2026');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed')).toBeVisible();
  await shot(page, 'reset-password-done', info.project.name);

  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await signIn(page, user.username, 'Amber-Trail-2026');
  await expect(page).toHaveURL(/\/hunter$/);

  // The link has been used.
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await page.getByLabel('New password', { exact: true }).fill('Second-Trail-2027');
  await page.getByLabel('Confirm new password').fill('Second-Trail-2027');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('This link cannot be used')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Send a new link' })).toBeVisible();
  await shot(page, 'reset-password-used', info.project.name);
});

test('an unconfirmed game master is told on HQ and the account page, and confirms by the mailed link', async ({ page, browser, registerUser }, info) => {
  test.skip(process.env.EMAIL_VERIFICATION !== 'required', 'needs a server with EMAIL_VERIFICATION=required');
  const gm = await registerUser('gamemaster');
  const email = `${gm.username}@example.com`;
  await page.goto('/account');
  await expect(page.getByTestId('email-status')).toHaveText('Not confirmed');
  await expect(page.getByText('not publish a public expedition or pay for a plan by card')).toBeVisible();
  await shot(page, 'account-unconfirmed', info.project.name);
  // A plan without charge (no payment provider here) needs no confirmed address.
  const plans: { id: number }[] = await (await page.request.get('/api/subscription-plans')).json();
  expect((await page.request.post('/api/create-subscription', { data: { planId: plans[0]?.id } })).status()).toBe(200);
  await page.goto('/gamemaster');
  await expect(page.getByTestId('unconfirmed-email')).toBeVisible();
  await shot(page, 'hq-unconfirmed', info.project.name);

  const adminContext = await browser.newContext({ baseURL: info.project.use.baseURL });
  const mail = await mailTo(adminContext.request, email, /Confirm your email address/);
  await adminContext.close();
  const link = mail.text?.match(/https?:\/\/\S+\/verify-email\?token=[A-Za-z0-9_-]+/)?.[0];
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page.getByText('Address confirmed')).toBeVisible();
  await shot(page, 'verify-email-done', info.project.name);
  await page.goto('/account');
  await expect(page.getByTestId('email-status')).toHaveText('Confirmed');
});

test('the mails in HTML', async ({ page }, info) => {
  test.skip(!shotsDir || info.project.name !== 'desktop', 'screenshots only');
  const link = 'https://hunt.example.org/reset-password?token=r3Xq6b1mJ0vYkPzL9cT2wN8sH4aD7fE5gU1iO0pQ2lK';
  const mails = {
    'mail-password-reset': passwordResetMail({ firstName: 'Grace', link, validMinutes: 30, supportEmail: 'support@dinohunt.app' }),
    'mail-password-changed': passwordChangedMail({ firstName: 'Grace', supportEmail: 'support@dinohunt.app' }),
    'mail-email-verification': emailVerificationMail({ firstName: 'Grace', link: link.replace('reset-password', 'verify-email'), validHours: 48, supportEmail: 'support@dinohunt.app' }),
    'mail-email-changed': emailChangedMail({ firstName: 'Grace', newEmail: 'grace.new@example.com', supportEmail: 'support@dinohunt.app' }),
  };
  for (const [name, mail] of Object.entries(mails)) {
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
      await page.setContent(mail.html);
      await shot(page, `${name}-${width}`, 'html');
    }
  }
});
