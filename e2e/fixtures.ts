// Shared Playwright fixtures: external services routed to local stand-ins,
// unexpected console errors fail the test, and helpers that create users.
import { test as base, type BrowserContext, expect, type Page } from '@playwright/test';

/** A 1x1 transparent PNG served for every map tile. */
const BLANK_TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** A small stand-in for Stripe.js, enough for the checkout page to mount its form. */
export const STRIPE_STUB = `
window.Stripe = function () {
  return {
    elements: function () {
      return {
        create: function () {
          return { mount: function (el) { var d = document.createElement('div'); d.textContent = 'Card form (test double)'; d.setAttribute('data-testid','stripe-payment-element'); (typeof el === 'string' ? document.querySelector(el) : el).appendChild(d); }, on: function () {}, off: function () {}, destroy: function () {}, unmount: function () {}, update: function () {} };
        },
        getElement: function () { return null; }, update: function () {}, fetchUpdates: function () { return Promise.resolve({}); }, submit: function () { return Promise.resolve({}); }
      };
    },
    confirmPayment: function () { return Promise.resolve({ error: { message: 'Your card was declined.' } }); },
    confirmCardPayment: function () { return Promise.resolve({ error: { message: 'Your card was declined.' } }); },
    createToken: function () { return Promise.resolve({}); },
    createPaymentMethod: function () { return Promise.resolve({}); }
  };
};`;

/** Console messages that are expected and not a sign of a bug. */
const ALLOWED_CONSOLE = [/401 \(Unauthorized\)/, /Failed to load resource/, /Download the React DevTools/];

export type UserInfo = { username: string; password: string; firstName: string; role: 'gamemaster' | 'hunter' };

let seq = 0;
export function uniqueName(prefix: string): string {
  seq += 1;
  return `${prefix}${Date.now().toString(36)}${seq}${Math.floor(Math.random() * 1000)}`;
}

export const test = base.extend<{ consoleErrors: string[]; registerUser: (role: UserInfo['role']) => Promise<UserInfo> }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error' && !ALLOWED_CONSOLE.some((re) => re.test(msg.text()))) errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(err.message));
      await use(errors);
      expect(errors, 'unexpected console errors').toEqual([]);
    },
    { auto: true },
  ],
  context: async ({ context }, use) => {
    await routeExternalServices(context);
    await use(context);
  },
  /** Registers an account through the API, signed in within this page's browser context. */
  registerUser: async ({ page }, use) => {
    await use(async (role) => {
      const username = uniqueName(role === 'gamemaster' ? 'gm' : 'hunter');
      const user = { username, password: 'Fossil-Trail-42', firstName: 'Casey', role } as const;
      const res = await page.request.post('/api/auth/register', {
        data: { ...user, email: `${username}@example.com`, lastName: 'Tester' },
      });
      expect(res.status()).toBe(200);
      return user;
    });
  },
});

export { expect };

/** Map tiles and Stripe.js are external: every context (also ones a spec opens itself) gets local stand-ins. */
export async function routeExternalServices(context: BrowserContext) {
  await context.route(/tile\.openstreetmap\.org|\{s\}\.tile|tiles?\./, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: BLANK_TILE }),
  );
  await context.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: STRIPE_STUB }),
  );
}

export async function signIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).last().click();
}

export const ADMIN = { username: 'admin', password: 'admin-password' };
