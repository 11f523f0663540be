/** Issue #5: the agents journey with the keyboard only, focus always visible. */
import { expect, expectNoA11yViolations, focusIsVisible, tabTo, test } from './fixtures';

test('keyboard only: filter, sort, page, open, expand, with visible focus', async ({ pageAs }) => {
  const page = await pageAs('viewer');
  await page.goto('/agents?size=2');
  await expect(page.getByRole('table', { name: 'Agents' })).toBeVisible();

  // Skip link first.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  expect(await focusIsVisible(page)).toBe(true);

  await tabTo(page, page.getByRole('radio', { name: 'All' }), { max: 30, visibleFocus: true });
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Inbound' })).toBeChecked();
  await expect(page).toHaveURL(/type=INBOUND/);

  const nameSort = page.getByRole('button', { name: /^Name/ });
  await tabTo(page, nameSort, { max: 30, visibleFocus: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/sort=name%2CDESC|sort=name,DESC/);

  await tabTo(page, page.getByRole('button', { name: 'Next' }), { max: 30, visibleFocus: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/page=2/);

  await tabTo(page, page.getByRole('button', { name: 'Previous' }), { max: 10, visibleFocus: true }).catch(() => {});
  // Back to the table: Shift+Tab until a row has focus.
  const firstRow = page.getByRole('table', { name: 'Agents' }).locator('tbody tr').first();
  for (let i = 0; i < 30 && !(await firstRow.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Shift+Tab');
  await expect(firstRow).toBeFocused();
  expect(await focusIsVisible(page)).toBe(true);
  const name = (await firstRow.locator('td').first().innerText()).trim();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

  const group = page.locator('button[aria-expanded]').filter({ hasText: 'group' }).first();
  await tabTo(page, group, { max: 40, visibleFocus: true });
  await page.keyboard.press('Enter');
  await expect(group).toHaveAttribute('aria-expanded', 'true');
  await expectNoA11yViolations(page, 'agent detail after keyboard journey');
});

test('keyboard only: an admin edits the name and saves with Enter', async ({ pageAs, sim }) => {
  const list = await sim.upstream('/v1/agents?size=100');
  const agent = list.content.find((a: any) => a.name === 'Service client');
  const page = await pageAs('admin');
  await page.goto(`/agents/${agent.id}`);
  await tabTo(page, page.getByRole('link', { name: 'Edit agent' }), { max: 40, visibleFocus: true });
  await page.keyboard.press('Enter');
  const name = page.getByLabel('Name');
  await tabTo(page, name, { max: 40, visibleFocus: true });
  await page.keyboard.press('End');
  await page.keyboard.type(' FR');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Service client FR', level: 1 })).toBeVisible();
  await sim.upstreamPatch(`/v1/agents/${agent.id}`, { name: agent.name });
});
