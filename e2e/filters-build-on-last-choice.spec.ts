/**
 * Issue #35, item 14: a filter change builds on what the person chose last, loading or not. Each
 * read is held long enough for a second change to be made before the first one's answer has come:
 * the second must keep the first (the route's search is still the old one until then).
 */
import { expect, holdResponses, listedCallIds, test } from './fixtures';
import { filterBar } from './filter-bar';

test('Insights: dates shown, then an agent picked before the figures come, keeps the dates', async ({ pageAs, sim }) => {
  const page = await pageAs('viewer');
  const agents = await sim.upstream('/v1/agents?size=100&sort=name,ASC');
  const agent = agents.content[0];
  await page.goto('/?range=custom&from=2026-11-01&to=2026-11-07&tz=UTC');
  const form = page.getByRole('form', { name: 'Custom dates' });
  await expect(form).toBeVisible();
  await holdResponses(page, '**/bff/index/insights?*', 2500);

  await form.getByLabel('From').fill('2026-10-01');
  await form.getByLabel('To').fill('2026-10-15');
  await form.getByRole('button', { name: 'Show these dates' }).click();
  await expect(page).toHaveURL(/from=2026-10-01/);
  await page.getByRole('combobox', { name: 'Agent', exact: true }).selectOption(agent.id);

  await expect(page).toHaveURL(new RegExp(`agentId=${agent.id}`));
  const url = new URL(page.url());
  expect(url.searchParams.get('from')).toBe('2026-10-01');
  expect(url.searchParams.get('to')).toBe('2026-10-15');
  // Once the figures have come, the page shows the dates chosen (not the week before them).
  await expect(page.getByRole('paragraph').filter({ hasText: /days in UTC/ })).toContainText('Oct', { timeout: 15_000 });
  expect(new URL(page.url()).searchParams.get('from')).toBe('2026-10-01');
});

test('Calls: a filter applied, then a sort picked before the rows come, keeps the filter', async ({ pageAs, sim }) => {
  const page = await pageAs('viewer', { timezoneId: 'UTC' });
  const all = await sim.upstream('/v1/calls?size=1');
  const agents = await sim.upstream('/v1/agents?size=100&sort=name,ASC');
  const agent = agents.content.find((a: any) => a.id === all.content[0].agentId) ?? agents.content[0];
  await page.goto('/calls');
  await listedCallIds(page);
  await holdResponses(page, '**/v1/calls?*', 2500);
  await holdResponses(page, '**/bff/index/calls?*', 2500);

  const bar = filterBar(page);
  await bar.fill('Agent', agent.name);
  await bar.apply('Agent');
  // The rows of before are still on screen: sort them by duration at once.
  await page.getByRole('button', { name: /^Duration/ }).click();

  await expect(page).toHaveURL(/sort=duration/);
  expect(new URL(page.url()).searchParams.get('agentId')).toBe(agent.id);
  await expect(bar.chip('Agent')).toHaveText(`Agent: ${agent.name}`, { timeout: 15_000 });
  expect(new URL(page.url()).searchParams.get('agentId')).toBe(agent.id);
});
