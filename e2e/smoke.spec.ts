import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

test('the built SPA opens on its shell', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/agents$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Calls' })).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
});
