import { expect, STRIPE_STUB, test, uniqueName } from './fixtures';

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
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm Password').fill('secret123');
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

  test('a hunter cannot buy a plan', async ({ page, registerUser }) => {
    await registerUser('hunter');
    await page.goto('/subscription');
    await page.getByTestId('plan-Starter').getByRole('button', { name: /Get Started/ }).click();
    await expect(page.getByText('Subscription Failed', { exact: true })).toBeVisible();
    await expect(page.getByText('Only GameMaster accounts can buy a plan')).toBeVisible();
    await expect(page).toHaveURL(/\/subscription$/);
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
});

test.describe('checkout', () => {
  test("without client_secret: 'Invalid Payment Session', then /subscription", async ({ page }) => {
    await page.goto('/checkout');
    await expect(page.getByText('Invalid Payment Session', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Please start from the subscription page.').first()).toBeVisible();
    await expect(page).toHaveURL(/\/subscription$/);
  });

  test('with no payment provider, says so', async ({ page }) => {
    await page.goto('/checkout?client_secret=pi_123_secret_456');
    await expect(page.getByRole('heading', { name: 'Complete Your Subscription' })).toBeVisible();
    await expect(page.getByText('Payments are not configured')).toBeVisible();
  });

  test.describe('with Stripe configured', () => {
    test.beforeEach(async ({ page }) => {
      await page.route('**/api/payments/config', (route) =>
        route.fulfill({
          json: { provider: 'stripe', publishableKey: 'pk_test_e2e', creditBundle: { credits: 5, price: '9.99', currency: 'usd' } },
        }),
      );
    });

    test("mounts Stripe's payment form and reports a declined card", async ({ page }) => {
      await page.route('https://js.stripe.com/**', (route) =>
        route.fulfill({ status: 200, contentType: 'application/javascript', body: STRIPE_STUB }),
      );
      await page.goto('/checkout?client_secret=pi_123_secret_456');
      await expect(page.getByRole('heading', { name: 'Complete Your Subscription' })).toBeVisible();
      await expect(page.getByTestId('stripe-payment-element')).toBeVisible();
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
    });
  });
});
