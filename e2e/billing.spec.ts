import type { Page, TestInfo } from '@playwright/test';
import { ADMIN, expect, STRIPE_STUB, signIn, test, uniqueName } from './fixtures';

/** A full-page screenshot in this test's output folder (one per project: desktop and phone). */
async function snap(page: Page, testInfo: TestInfo, name: string) {
  await page.waitForTimeout(300); // let a notice finish sliding in
  await page.screenshot({ path: testInfo.outputPath(`${name}-${testInfo.project.name}.png`), fullPage: true });
}

/** Subscribes the page's signed-in game master to a plan through the API (no payment provider). */
async function subscribe(page: Page, planName: string) {
  const plans: { id: number; name: string }[] = await (await page.request.get('/api/subscription-plans')).json();
  const plan = plans.find((p) => p.name === planName);
  const res = await page.request.post('/api/create-subscription', { data: { planId: plan?.id } });
  expect(res.status()).toBe(200);
}

const STRIPE_CONFIG = { provider: 'stripe', publishableKey: 'pk_test_e2e', creditBundle: { credits: 5, price: '9.99', currency: 'usd' } };

test.describe('subscription plans', () => {
  test('a signed-out visitor sees three plans and is sent to log in when picking one', async ({ page }) => {
    await page.goto('/subscription');
    await expect(page.getByRole('heading', { name: 'Choose Your GameMaster Plan' })).toBeVisible();
    await expect(page.getByTestId('payments-not-configured')).toContainText('plans activate at once, without charge');
    const cards = page.locator('[data-testid^="plan-"]');
    await expect(cards).toHaveCount(3);
    await expect(cards.nth(1)).toContainText('Most Popular');
    await expect(cards.nth(0)).not.toContainText('Most Popular');
    await expect(page.getByTestId('plan-Starter')).toContainText('$19.99/week');
    await expect(page.getByTestId('plan-Professional')).toContainText('$49.99/week');
    await expect(page.getByTestId('plan-Enterprise')).toContainText('$399.99/week');
    await expect(page.getByTestId('plan-Enterprise')).toContainText('Unlimited sessions');
    await expect(page.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', /^mailto:/);
    // Without a payment provider the footer does not promise payment processing.
    await expect(page.getByTestId('plans-footer')).toHaveText(
      'Payments are not configured on this server: plans activate without charge and can be cancelled at any time. Need a custom solution? Contact us.',
    );
    await expect(page.getByText('secure payment processing')).toHaveCount(0);
    for (const name of ['Starter', 'Professional', 'Enterprise']) {
      await expect(page.getByTestId(`plan-${name}`).getByRole('button', { name: `Get Started with ${name}` })).toBeEnabled();
    }
    await page.getByTestId('plan-Professional').getByRole('button', { name: /Get Started/ }).click();
    await expect(page.getByText('Authentication Required', { exact: true })).toBeVisible();
    await expect(page.getByText('Please log in to purchase a subscription plan.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a new game master registers, picks a plan and reaches Mission HQ, then buys credits (no payment provider)', async ({ page }) => {
    const username = uniqueName('gm');
    await page.goto('/register');
    await page.getByLabel('First Name').fill('Robin');
    await page.getByLabel('Last Name').fill('Fields');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByPlaceholder('Select your role').click();
    await page.getByRole('option', { name: 'GameMaster - Create hunting sessions' }).click();
    await page.getByLabel('Password', { exact: true }).fill('Fossil-Trail-42');
    await page.getByLabel('Confirm Password').fill('Fossil-Trail-42');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/subscription$/);

    await page.getByTestId('plan-Starter').getByRole('button', { name: /Get Started/ }).click();
    await expect(page.getByText('Subscription Activated', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/gamemaster$/);
    await expect(page.getByRole('heading', { name: 'Mission HQ' })).toBeVisible();
    await expect(page.getByTestId('subscription-summary')).toContainText('Starter');
    await expect(page.getByTestId('credits-count')).toHaveText('0');

    await page.getByRole('link', { name: /Credits/ }).click();
    await expect(page).toHaveURL(/\/checkout\?mode=credits$/);
    await expect(page.getByRole('heading', { name: 'Buy Session Credits' })).toBeVisible();
    await page.getByRole('button', { name: 'Buy Credits' }).click();
    await expect(page.getByText('Credits Added', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/gamemaster$/);
    await expect(page.getByTestId('credits-count')).toHaveText('5');
  });

  test('with Stripe configured the footer promises secure payment processing', async ({ page }) => {
    await page.route('**/api/payments/config', (route) => route.fulfill({ json: STRIPE_CONFIG }));
    await page.goto('/subscription');
    await expect(page.getByTestId('plans-footer')).toHaveText(
      'All plans include secure payment processing and can be cancelled at any time. Need a custom solution? Contact us.',
    );
    await expect(page.getByTestId('payments-not-configured')).toHaveCount(0);
  });

  test('plan features are cumulative and say what the product does', async ({ page }) => {
    await page.goto('/subscription');
    const common = [
      'Live hunter tracking on the map',
      'Full species catalogue with 3D models',
      'Broadcasts, messages and media to hunters',
      'Missions with briefings, curated by admins',
    ];
    const limits = {
      Starter: ['Up to 5 sessions per week', 'Up to 10 players per session'],
      Professional: ['Up to 15 sessions per week', 'Up to 25 players per session'],
      Enterprise: ['Unlimited sessions', 'Up to 50 players per session'],
    };
    for (const [name, lines] of Object.entries(limits)) {
      // Each item is the check icon, then the text.
      const items = [...lines, ...common].map((text) => new RegExp(`${text}$`));
      await expect(page.getByTestId(`plan-${name}`).getByRole('listitem')).toHaveText(items);
    }
    await expect(page.getByText(/Priority support|Analytics export/)).toHaveCount(0);
  });

  test("a subscribed game master's own plan is 'Current Plan' (disabled) and the others offer a switch", async ({
    page,
    registerUser,
  }, testInfo) => {
    await registerUser('gamemaster');
    await subscribe(page, 'Professional');
    await page.goto('/subscription');
    const current = page.getByTestId('plan-Professional').getByRole('button');
    await expect(current).toHaveText('Current Plan');
    await expect(current).toBeDisabled();
    await expect(page.getByTestId('plan-Starter').getByRole('button')).toHaveText('Switch to Starter');
    await expect(page.getByTestId('plan-Enterprise').getByRole('button')).toHaveText('Switch to Enterprise');
    await expect(page.getByRole('button', { name: /Get Started/ })).toHaveCount(0);
    await snap(page, testInfo, 'subscription-subscribed-gm');

    await page.getByRole('button', { name: 'Switch to Starter' }).click();
    await expect(page.getByText('Subscription Activated', { exact: true })).toBeVisible();
    await expect(page.getByText('Your plan is now Starter.')).toBeVisible();
    await expect(page).toHaveURL(/\/gamemaster$/);
    await expect(page.getByTestId('subscription-summary')).toContainText('Starter');
    await page.goto('/subscription');
    await expect(page.getByTestId('plan-Starter').getByRole('button')).toHaveText('Current Plan');
    await expect(page.getByTestId('plan-Professional').getByRole('button')).toHaveText('Switch to Professional');
  });

  test('a hunter is told plans are for game masters and cannot press a plan button', async ({ page, registerUser }, testInfo) => {
    await registerUser('hunter');
    await page.goto('/subscription');
    await expect(page.getByTestId('plans-not-for-role')).toContainText('Plans are for GameMaster accounts.');
    await expect(page.getByRole('link', { name: 'Go to the hunter dashboard' })).toHaveAttribute('href', '/hunter');
    for (const name of ['Starter', 'Professional', 'Enterprise']) {
      const button = page.getByTestId(`plan-${name}`).getByRole('button');
      await expect(button).toHaveText('Get Started');
      await expect(button).toBeDisabled();
    }
    await snap(page, testInfo, 'subscription-hunter');
  });

  test('an admin is told plans are for game masters and cannot press a plan button', async ({ page }) => {
    const login = await page.request.post('/api/auth/login', { data: ADMIN });
    expect(login.status()).toBe(200);
    await page.goto('/subscription');
    await expect(page.getByTestId('plans-not-for-role')).toContainText('Plans are for GameMaster accounts.');
    await expect(page.getByTestId('plans-not-for-role')).toContainText('Admin accounts use every GameMaster feature without a plan.');
    await expect(page.locator('[data-testid^="plan-"] button:disabled')).toHaveCount(3);
  });
});

test.describe('game master guard', () => {
  test("signed out: 'Authentication Required', then home", async ({ page }) => {
    await page.goto('/gamemaster');
    await expect(page.getByText('Authentication Required', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test("no active subscription: 'Subscription Required', then /subscription", async ({ page, registerUser }) => {
    await registerUser('gamemaster');
    await page.goto('/gamemaster');
    await expect(page.getByText('Subscription Required', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/subscription$/);
  });

  test("right after an unsubscribed game master logs in, 'Subscription Required' is the notice shown", async ({
    page,
    registerUser,
  }, testInfo) => {
    const gm = await registerUser('gamemaster');
    await page.context().clearCookies();
    await signIn(page, gm.username, gm.password);
    await expect(page.getByText('Login Successful', { exact: true })).toBeVisible();
    await expect(page.getByText('Subscription Required', { exact: true })).toBeVisible();
    // At most one notice is visible: the guard's replaced the login one.
    await expect(page.getByText('Login Successful', { exact: true })).toHaveCount(0);
    await snap(page, testInfo, 'login-then-subscription-required');
    await expect(page).toHaveURL(/\/subscription$/);
    await expect(page.getByText('Subscription Required', { exact: true })).toBeVisible();
  });

  test("a hunter: 'GameMaster Only', then the hunter screen (not the plans)", async ({ page, registerUser }, testInfo) => {
    await registerUser('hunter');
    await page.goto('/gamemaster');
    await expect(page.getByText('GameMaster Only', { exact: true })).toBeVisible();
    await expect(page.getByText('The GameMaster dashboard is for GameMaster accounts.', { exact: false })).toBeVisible();
    await snap(page, testInfo, 'gamemaster-hunter-notice');
    await expect(page).toHaveURL(/\/hunter$/);
    await expect(page.getByText('Subscription Required', { exact: true })).toHaveCount(0);
  });

  test('an admin bypasses the guard', async ({ page }) => {
    const login = await page.request.post('/api/auth/login', { data: ADMIN });
    expect(login.status()).toBe(200);
    await page.goto('/gamemaster');
    await expect(page.getByRole('heading', { name: 'Mission HQ' })).toBeVisible();
    await page.waitForTimeout(1500);
    await expect(page).toHaveURL(/\/gamemaster$/);
  });
});

test.describe('checkout', () => {
  test('credits sell to subscribed game masters only: nobody else is shown a Buy button', async ({ page, registerUser }) => {
    await page.goto('/checkout?mode=credits');
    await expect(page.getByText('Authentication Required', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Buy Credits' })).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);

    await registerUser('gamemaster');
    await page.goto('/checkout?mode=credits');
    await expect(page.getByText('Subscription Required', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Buy Credits' })).toHaveCount(0);
    await expect(page).toHaveURL(/\/subscription$/);

    await page.context().clearCookies();
    await registerUser('hunter');
    await page.goto('/checkout?mode=credits');
    await expect(page.getByText('GameMaster Only', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/hunter$/);

    await page.context().clearCookies();
    expect((await page.request.post('/api/auth/login', { data: ADMIN })).status()).toBe(200);
    await page.goto('/checkout?mode=credits');
    await expect(page.getByTestId('credits-not-for-role')).toContainText('Credits are for GameMaster accounts.');
    await expect(page.getByRole('button', { name: 'Buy Credits' })).toBeDisabled();
  });

  test("without client_secret: 'Invalid Payment Session', then /subscription", async ({ page }) => {
    await page.goto('/checkout');
    await expect(page.getByText('Invalid Payment Session', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Please start from the subscription page.').first()).toBeVisible();
    await expect(page).toHaveURL(/\/subscription$/);
  });

  test('with no payment provider, says so and asks for no card details', async ({ page }, testInfo) => {
    await page.goto('/checkout?client_secret=pi_123_secret_456');
    await expect(page.getByRole('heading', { name: 'Complete Your Subscription' })).toBeVisible();
    await expect(page.getByText('Payments are not configured')).toBeVisible();
    await expect(page.getByText(/card details/)).toHaveCount(0);
    await expect(page.getByText(/256-bit SSL/)).toHaveCount(0);
    await snap(page, testInfo, 'checkout-no-provider');
    await page.goto('/checkout?mode=credits&client_secret=pi_123_secret_456');
    await expect(page.getByRole('heading', { name: 'Buy Session Credits' })).toBeVisible();
    await expect(page.getByText('Payments are not configured')).toBeVisible();
    await expect(page.getByText(/card details/)).toHaveCount(0);
  });

  test.describe('with Stripe configured', () => {
    test.beforeEach(async ({ page }) => {
      await page.route('**/api/payments/config', (route) => route.fulfill({ json: STRIPE_CONFIG }));
    });

    test("mounts Stripe's payment form and reports a declined card", async ({ page }) => {
      await page.route('https://js.stripe.com/**', (route) =>
        route.fulfill({ status: 200, contentType: 'application/javascript', body: STRIPE_STUB }),
      );
      await page.goto('/checkout?client_secret=pi_123_secret_456');
      await expect(page.getByRole('heading', { name: 'Complete Your Subscription' })).toBeVisible();
      await expect(page.getByTestId('stripe-payment-element')).toBeVisible();
      await expect(page.getByText('Enter your card details to start your weekly GameMaster plan.')).toBeVisible();
      await expect(page.getByText('256-bit SSL encryption')).toBeVisible();
      await page.getByRole('button', { name: 'Subscribe Now' }).click();
      await expect(page.getByText('Payment Failed').first()).toBeVisible();
      await expect(page.getByText('Your card was declined.').first()).toBeVisible();
      await page.getByRole('link', { name: 'Back' }).click();
      await expect(page).toHaveURL(/\/subscription$/);
    });

    test('says the payment provider is unreachable when Stripe.js cannot load', async ({ page }) => {
      await page.route('https://js.stripe.com/**', (route) => route.abort('internetdisconnected'));
      await page.goto('/checkout?client_secret=pi_123_secret_456');
      await expect(page.getByText('Payment provider unreachable')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Subscribe Now' })).toHaveCount(0);
      await expect(page.getByText(/card details/)).toHaveCount(0);
    });

    test("'Try again' loads Stripe.js afresh after a failed load", async ({ page }, testInfo) => {
      let online = false;
      const requests: string[] = [];
      await page.route('https://js.stripe.com/**', (route) => {
        requests.push(online ? 'served' : 'failed');
        return online
          ? route.fulfill({ status: 200, contentType: 'application/javascript', body: STRIPE_STUB })
          : route.abort('internetdisconnected');
      });
      await page.goto('/checkout?client_secret=pi_123_secret_456');
      await expect(page.getByText('Payment provider unreachable')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back' })).toBeVisible();
      await snap(page, testInfo, 'checkout-unreachable');
      expect(requests.length).toBeGreaterThan(0);
      expect(requests.every((r) => r === 'failed')).toBe(true);

      online = true;
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByTestId('stripe-payment-element')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Subscribe Now' })).toBeVisible();
      await expect(page.getByText('Payment provider unreachable')).toHaveCount(0);
      expect(requests.at(-1)).toBe('served');
      await expect(page.locator('script[src^="https://js.stripe.com/"]')).toHaveCount(1);
      await snap(page, testInfo, 'checkout-after-retry');
    });
  });
});
