/**
 * Issue 19 §4: axe finds no serious or critical violation on any screen, in the light and the dark
 * scheme, for a role that writes (the wizard's every step, a campaign) and one that only reads.
 * Each screen is checked in both schemes where it stands (one walk per role, to keep it quick).
 */
import type { Page } from '@playwright/test';
import { BFF_URL, expect, seriousViolations, test } from './fixtures';
import { walkEveryScreen } from './screens';

const SCHEMES = ['light', 'dark'] as const;

/** The serious and critical violations of the page in each scheme. */
async function violationsInEachScheme(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    // Colours transition when the scheme flips: axe must read the settled ones, not a frame between.
    await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
    for (const v of await seriousViolations(page)) found.push(`${scheme}: ${v.id} (${v.impact}): ${v.help} at ${v.nodes.join(', ')}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}

test('the sign-in page', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: BFF_URL });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in to Switchboard' })).toBeVisible();
  expect(await violationsInEachScheme(page)).toEqual([]);
  await context.close();
});

// The operator's walk has every screen (the viewer's differ only by what is not shown); its time is
// most of this file's, so one walk.
for (const role of ['operator'] as const) {
  test(`every screen, light and dark, as ${role === 'operator' ? 'an operator' : 'a viewer'}`, async ({ pageAs }) => {
    // Every screen twice (light and dark) with axe on each: 1.6 min on a quiet CI machine, over 4 on a busy one.
    test.setTimeout(420_000);
    const page = await pageAs(role);
    const found: Record<string, string[]> = {};
    await walkEveryScreen(page, role, async (screen) => {
      const bad = await violationsInEachScheme(page);
      if (bad.length) found[screen] = bad;
    });
    expect(found).toEqual({});
  });
}
