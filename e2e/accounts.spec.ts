import { ADMIN, expect, signIn, test, uniqueName } from './fixtures';

test.describe('landing page', () => {
  test('shows the hero, features, roles and legal footer, and links to the account pages', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Features' })).toBeVisible();
    for (const feature of ['Cross-Platform WebXR AR', 'GPS Tracking', 'Multiplayer Sessions', 'Real-Time Communication']) {
      await expect(page.getByText(feature, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Choose Your Role' })).toBeVisible();
    await expect(page.getByText(/governed by the laws of the State of Vermont/)).toBeVisible();

    // The role buttons open sign-up with the role chosen and the join tab (e2e/landing.spec.ts).
    await page.getByRole('link', { name: 'Become a GameMaster' }).click();
    await expect(page).toHaveURL(/\/register\?role=gamemaster$/);
    await page.goto('/');
    await page.getByRole('link', { name: 'Join as Hunter' }).click();
    await expect(page).toHaveURL(/\/login\?tab=hunter$/);
    await page.goto('/');
    await page.getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await page.goto('/');
    await page.getByRole('link', { name: 'Sign In' }).first().click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/');
    await page.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
    await expect(page.getByText(/GPS data is deleted within 48 hours/)).toBeVisible();
    await page.getByRole('link', { name: 'Back to Home' }).last().click();
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('link', { name: /Terms/ }).click();
    await expect(page.getByText(/100 dollars or the amount you paid us in the last 12 months, whichever is less/)).toBeVisible();
  });
});

test('a page opened from the footer starts at its top, and Back returns to where the reader was', async ({ page }) => {
  await page.goto('/');
  const footerLink = page.getByRole('link', { name: 'Privacy Policy' });
  await footerLink.scrollIntoViewIfNeeded();
  const landingScroll = await page.evaluate(() => window.scrollY);
  expect(landingScroll).toBeGreaterThan(0);
  await footerLink.click();
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(landingScroll);
});

test.describe('registration', () => {
  test('shows every validation message on its field', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'Create Account' }).click();
    for (const message of [
      'First name is required',
      'Last name is required',
      'Username must be at least 3 characters',
      'Please enter a valid email address',
      'Please select a role',
      'Password must be at least 8 characters',
      'Please confirm your password',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await page.getByLabel('Password', { exact: true }).fill('Fossil-Trail-42');
    await page.getByLabel('Confirm Password').fill('Fossil-Trail-43');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText("Passwords don't match", { exact: true })).toBeVisible();
  });

  for (const [role, label, destination] of [
    ['gamemaster', 'GameMaster - Create hunting sessions', /\/subscription$/],
    ['hunter', 'Hunter - Join hunting sessions', /\/hunter$/],
  ] as const) {
    test(`a new ${role} registers, is welcomed and sent on`, async ({ page }) => {
      const username = uniqueName(role);
      await page.goto('/register');
      await page.getByLabel('First Name').fill('Robin');
      await page.getByLabel('Last Name').fill('Fields');
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Email').fill(`${username}@example.com`);
      await page.getByPlaceholder('Select your role').click();
      await page.getByRole('option', { name: label }).click();
      await page.getByLabel('Password', { exact: true }).fill('Fossil-Trail-42');
      await page.getByLabel('Confirm Password').fill('Fossil-Trail-42');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expect(page.getByText('Registration Successful')).toBeVisible();
      await expect(page.getByText('Welcome, Robin! Your account has been created.')).toBeVisible();
      await expect(page).toHaveURL(destination);
    });
  }

  test('a taken username fails with the server message', async ({ page, registerUser }) => {
    const existing = await registerUser('hunter');
    await page.context().clearCookies();
    await page.goto('/register');
    await page.getByLabel('First Name').fill('Robin');
    await page.getByLabel('Last Name').fill('Fields');
    await page.getByLabel('Username').fill(existing.username);
    await page.getByLabel('Email').fill(`${uniqueName('x')}@example.com`);
    await page.getByPlaceholder('Select your role').click();
    await page.getByRole('option', { name: 'Hunter - Join hunting sessions' }).click();
    await page.getByLabel('Password', { exact: true }).fill('Fossil-Trail-42');
    await page.getByLabel('Confirm Password').fill('Fossil-Trail-42');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Registration Failed')).toBeVisible();
    // The message shows on the field too.
    await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Username is already taken')).toHaveCount(2);

    // A second failure replaces the first notice at once: at most one is visible.
    const other = await registerUser('hunter');
    await page.context().clearCookies();
    await page.getByLabel('Username').fill(uniqueName('fresh'));
    await page.getByLabel('Email').fill(`${other.username}@example.com`);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'An account with this email already exists' })).toBeVisible({
      timeout: 2000,
    });
    await expect(page.getByRole('alert').filter({ hasText: 'Username is already taken' })).toHaveCount(0);
  });
});

test.describe('login and logout', () => {
  test('validates the login and hunter session forms', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).last().click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('tab', { name: 'Hunter Session' }).click();
    await expect(page.getByText('Use credentials provided by your GameMaster to join a hunting session.')).toBeVisible();
    await page.getByLabel('Hunter Handle').fill('ab');
    await page.getByRole('button', { name: 'Join Hunt' }).click();
    await expect(page.getByText('Session ID is required')).toBeVisible();
    await expect(page.getByText('Session password is required')).toBeVisible();
    await expect(page.getByText('Hunter handle must be at least 3 characters')).toBeVisible();
  });

  test('a wrong password shows Login Failed with the server message', async ({ page }) => {
    await signIn(page, 'nobody-here', 'wrong-password');
    await expect(page.getByText('Login Failed')).toBeVisible();
    await expect(page.getByText('Invalid username or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    // F8, the toaster's hotkey, takes the keyboard to the notice, from a form field too.
    await page.getByLabel('Username').focus();
    await page.keyboard.press('F8');
    await expect(page.getByRole('button', { name: 'Close notification' })).toBeFocused();
  });

  test('each role lands on its own screen, and logout clears everything', async ({ page, registerUser }) => {
    const gm = await registerUser('gamemaster');
    const hunter = await registerUser('hunter');
    await page.context().clearCookies();

    await signIn(page, gm.username, gm.password);
    await expect(page.getByText(`Welcome back, ${gm.username}!`)).toBeVisible();
    await expect(page).toHaveURL(/\/gamemaster$/);

    await page.context().clearCookies();
    await signIn(page, hunter.username, hunter.password);
    await expect(page).toHaveURL(/\/hunter$/);

    await page.context().clearCookies();
    await signIn(page, ADMIN.username, ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/);

    await page.evaluate(() => {
      localStorage.setItem('hunter_id', 'hunter_1_abc');
      sessionStorage.setItem('x', 'y');
    });
    const logout = await page.request.post('/api/auth/logout');
    expect(logout.status()).toBe(200);
  });

  test('the header logout button signs out, clears storage and goes home', async ({ page, registerUser }) => {
    const hunter = await registerUser('hunter');
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('hunter_id', 'hunter_1_abc'));
    await page.goto('/privacy-policy');
    await page.evaluate(() => sessionStorage.setItem('briefing_seen', '1'));
    await expect(page.getByRole('link', { name: hunter.username })).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.waitForLoadState('load');
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    // Nothing either, not even the router's saved scroll positions.
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    const me = await page.request.get('/api/auth/user');
    expect(me.status()).toBe(401);
  });
});

test('every page has its own title, on a deep link and after navigating', async ({ page }) => {
  const titles: [string, string][] = [
    ['/', 'Dinohunt: AR dinosaur hunts in the real world'],
    ['/login', 'Sign in · Dinohunt'],
    ['/register', 'Create Account · Dinohunt'],
    ['/subscription', 'Plans · Dinohunt'],
    ['/privacy-policy', 'Privacy Policy · Dinohunt'],
    ['/terms-conditions', 'Terms & Conditions · Dinohunt'],
    ['/model-test', 'Model Test · Dinohunt'],
    ['/no-such-trail', 'Page Not Found · Dinohunt'],
  ];
  for (const [path, title] of titles) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
  }
  await page.goto('/');
  await page.getByRole('link', { name: 'Become a GameMaster' }).click();
  await expect(page).toHaveTitle('Create Account · Dinohunt');
  await page.goBack();
  await expect(page).toHaveTitle('Dinohunt: AR dinosaur hunts in the real world');
});

test("a guest hunter's 'Continue to your screen' leads back to their session", async ({ page, registerUser }) => {
  await registerUser('gamemaster');
  const plans: { id: number }[] = await (await page.request.get('/api/subscription-plans')).json();
  expect((await page.request.post('/api/create-subscription', { data: { planId: plans[0]?.id } })).status()).toBe(200);
  const session = await (await page.request.post('/api/game-sessions', { data: { name: uniqueName('Hunt'), password: 'raptor-4821' } })).json();
  await page.context().clearCookies();

  await page.goto('/login');
  await page.getByRole('tab', { name: 'Hunter Session' }).click();
  await page.getByLabel('Session ID', { exact: true }).fill(String(session.id));
  await page.getByLabel('Session Password').fill('raptor-4821');
  await page.getByLabel('Hunter Handle').fill('Raptor Rita');
  await page.getByRole('button', { name: 'Join Hunt' }).click();
  await expect(page.getByText('Welcome to the hunt, Raptor Rita!')).toBeVisible();
  const home = `/hunter-mobile?sessionId=${session.id}&handle=Raptor+Rita`;
  await expect(page).toHaveURL(home);

  await page.goto('/login');
  await expect(page.getByRole('link', { name: 'Continue to your screen' })).toHaveAttribute('href', home);
  await expect(page.getByRole('link', { name: 'Raptor Rita' })).toHaveAttribute('href', home);
});

test('an unknown route shows the 404 page with Go Home', async ({ page }) => {
  const known = await page.goto('/privacy-policy');
  expect(known?.status()).toBe(200);
  const unknown = await page.goto('/no-such-trail');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a page that fails to render shows Application Error', async ({ page, consoleErrors }) => {
  // Simulate a broken deployment: the 404 page's code cannot be loaded.
  await page.route(/\/assets\/NotFoundPage-.*\.js$/, (route) => route.abort());
  await page.goto('/no-such-trail');
  await expect(page.getByRole('heading', { name: 'Application Error' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go Home' })).toBeVisible();
  consoleErrors.length = 0;
});

test('a failed logout still clears storage and goes home, and says so', async ({ page, registerUser, consoleErrors }) => {
  const hunter = await registerUser('hunter');
  await page.goto('/privacy-policy');
  await page.evaluate(() => localStorage.setItem('hunter_id', 'hunter_1_abc'));
  // The header logs out through the REST door (decision 803); the tRPC door too, for the screens that use it.
  await page.route(/\/trpc\/auth\.logout|\/api\/auth\/logout/, (route) => route.fulfill({ status: 500, body: 'down' }));
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logout failed')).toBeVisible();
  await expect(page.getByText('There was an error logging out.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  expect(hunter.username).toBeTruthy();
  consoleErrors.length = 0;
});

test('the landing page knows who is signed in', async ({ page, registerUser }) => {
  const gm = await registerUser('gamemaster');
  await page.goto('/');
  await expect(page.getByRole('link', { name: gm.username })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await page.goto('/login');
  await expect(page.getByText(`You are signed in as ${gm.username}`)).toBeVisible();
});
