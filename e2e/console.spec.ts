/**
 * Issue 19 §5: a console that works logs no errors. Every normal journey, from the sign-in page
 * through every screen (the wizard with no draft yet included) to signing out, with the browser
 * console and uncaught errors recorded; any error fails the test.
 */
import type { Page } from '@playwright/test';
import { BFF_URL, DEMO_PASSWORD, discardWizardDraft, expect, test, type Role } from './fixtures';
import { walkEveryScreen } from './screens';

function recordConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
  return errors;
}

async function signInWithTheForm(page: Page, role: Role): Promise<void> {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Username').fill(role);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('current-user')).toHaveText(role);
}

for (const role of ['operator', 'viewer'] as const) {
  test(`no console error from sign-in to sign-out, as ${role}`, async ({ browser }) => {
    test.setTimeout(150_000);
    const context = await browser.newContext({ baseURL: BFF_URL });
    // No campaign draft yet: the wizard's first read finds none.
    const page = await context.newPage();
    const errors = recordConsoleErrors(page);
    await signInWithTheForm(page, role);
    await discardWizardDraft(page);
    await walkEveryScreen(page, role, async () => {});
    await page.goto('/agents');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in to Switchboard' })).toBeVisible();
    expect(errors).toEqual([]);
    await context.close();
  });
}
