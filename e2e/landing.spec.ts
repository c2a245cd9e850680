// The landing page's role buttons lead where they say: "Join as Hunter" to the Hunter
// Session tab of /login, "Become a GameMaster" to sign-up with that role chosen.
import { expect, test } from './fixtures';

test('Join as Hunter opens the Hunter Session tab; Become a GameMaster preselects the role', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Join as Hunter' }).click();
  await expect(page).toHaveURL(/\/login\?tab=hunter$/);
  await expect(page.getByRole('tab', { name: 'Hunter Session' })).toHaveAttribute('aria-selected', 'true');

  await page.goto('/');
  await page.getByRole('link', { name: 'Become a GameMaster' }).click();
  await expect(page).toHaveURL(/\/register\?role=gamemaster$/);
  await expect(page.getByPlaceholder('Select your role')).toHaveValue('GameMaster - Create hunting sessions');

  // Get Started leaves the choice open; an unknown role is ignored.
  await page.goto('/register?role=admin');
  await expect(page.getByPlaceholder('Select your role')).toHaveValue('');
});
