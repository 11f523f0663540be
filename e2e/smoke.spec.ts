import { DEMO_PASSWORD, expect, expectNoA11yViolations, test } from './fixtures';

test('the built SPA, served by the BFF, signs in and opens on its shell', async ({ page }) => {
  // The home is Insights: axe over its charts and tables takes a while on a busy 2-core machine.
  test.setTimeout(60_000);
  await page.goto('/');
  // Signed out: the authenticated layout sends us to sign in, keeping where we were going.
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { name: 'Sign in to Switchboard' })).toBeVisible();
  await expectNoA11yViolations(page, 'sign-in');

  await page.getByLabel('Username').fill('viewer');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /sign in/i }).click();
  // Insights is the home after sign-in.
  await expect(page).toHaveURL(/\/(\?|$)/);
  await expect(page.getByRole('heading', { name: 'Insights', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Calls', exact: true })).toBeVisible();
  await expectNoA11yViolations(page, 'Insights, the home');
});
