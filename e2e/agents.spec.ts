/**
 * Issue #5, Agents: the viewer's journey, the admin's edits, a shared URL, keyboard only, axe on
 * every page, and what the network shows (no API key, no stored token, narrowest scopes).
 */
import type { Page } from '@playwright/test';
import { matchRoute } from '../contract/routes';
import { browserStorageDump, expect, expectNoA11yViolations, jwtScopes, recordTraffic, test } from './fixtures';

const rowNames = (page: Page) => page.getByRole('table', { name: 'Agents' }).locator('tbody tr td:first-child').allInnerTexts();

async function agentByName(sim: { upstream: (p: string) => Promise<any> }, name: string) {
  const page = await sim.upstream('/v1/agents?size=100');
  const agent = page.content.find((a: any) => a.name === name);
  expect(agent, `seeded agent ${name}`).toBeTruthy();
  return agent;
}

test('viewer: filter, sort, page, open an agent, expand a nested group; nothing to edit; clean traffic', { tag: '@journey' }, async ({ pageAs, sim }) => {
  const page = await pageAs('viewer');
  const traffic = recordTraffic(page);

  await page.goto('/agents?size=2');
  await expect(page.getByRole('heading', { name: 'Agents', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Agents' }).locator('tbody tr')).toHaveCount(2);
  await expectNoA11yViolations(page, 'agents list');

  await page.getByRole('radio', { name: 'Inbound' }).click();
  await expect(page).toHaveURL(/type=INBOUND/);
  const inbound = await sim.upstream('/v1/agents?type=INBOUND&size=100&sort=name,DESC');
  const expected = inbound.content.map((a: any) => a.name);
  expect(expected.length).toBeGreaterThan(2);

  await page.getByRole('button', { name: /^Name/ }).click();
  await expect(page).toHaveURL(/sort=name%2CDESC|sort=name,DESC/);
  await expect(page.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => rowNames(page)).toEqual(expected.slice(0, 2));

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect.poll(() => rowNames(page)).toEqual(expected.slice(2, 4));
  await expect(page.getByText(`3–${Math.min(4, expected.length)} of ${expected.length} agents`)).toBeVisible();

  const target = expected[2] as string;
  await page.getByRole('link', { name: target }).click();
  await expect(page.getByRole('heading', { name: target, level: 1 })).toBeVisible();
  await expectNoA11yViolations(page, 'agent detail');

  // Groups start closed; opening one shows what it holds.
  const agent = await agentByName(sim, target);
  const group = agent.configuration.extractors.find((e: any) => e.extractors?.length);
  const trigger = page.getByRole('button', { name: new RegExp(`^${group.name} group`) });
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText(group.extractors[0].name, { exact: true })).toBeHidden();
  await trigger.click();
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(group.extractors[0].name, { exact: true })).toBeVisible();

  // Every field: classifiers with classes, telephony with copy, the link to its calls.
  for (const c of agent.configuration.classifiers) {
    for (const v of c.values) await expect(page.getByRole('list', { name: `Classes of ${c.name}` }).getByText(v, { exact: true })).toBeVisible();
  }
  for (const n of agent.telephonyConfiguration.phoneNumbers) await expect(page.getByRole('button', { name: `Copy phone number ${n}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Calls of this agent' })).toHaveAttribute('href', `/calls?agentId=${agent.id}`);

  // A viewer has no edit control, and the edit page says who can and shows no form.
  await expect(page.getByRole('link', { name: 'Edit agent' })).toHaveCount(0);
  await page.goto(`/agents/${agent.id}/edit`);
  await expect(page.getByRole('note')).toHaveText(/Only admins can edit agents/);
  await expect(page.getByLabel('Name')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
  await expectNoA11yViolations(page, 'agent edit (viewer)');

  // The network: no API key, tokens never stored, each bearer of exactly the route's scope.
  expect(traffic.requests.filter((r) => 'x-api-key' in r.headers)).toEqual([]);
  expect(traffic.grants.length).toBeGreaterThan(0);
  const storage = await browserStorageDump(page);
  for (const g of traffic.grants) expect(storage.includes(g.token), 'a token in browser storage').toBe(false);
  const apiCalls = traffic.requests.filter((r) => new URL(r.url).pathname.startsWith('/api/'));
  expect(apiCalls.length).toBeGreaterThan(3);
  for (const r of apiCalls) {
    const path = new URL(r.url).pathname.slice('/api'.length);
    const route = matchRoute(r.method, path);
    const token = r.headers.authorization?.replace(/^Bearer /, '') ?? '';
    expect(jwtScopes(token), `${r.method} ${path}`).toEqual([route!.route.scope]);
  }
  for (const g of traffic.grants) expect(g.scopes).toHaveLength(1);
});

test('admin: rename and turn recording off, both kept after reload; an empty name changes nothing', async ({ pageAs, sim }) => {
  const agent = await agentByName(sim, 'Appointment Reminder');
  expect(agent.recordable).toBe(true);
  const page = await pageAs('admin');

  await page.goto(`/agents/${agent.id}`);
  await page.getByRole('link', { name: 'Edit agent' }).click();
  await expect(page.getByRole('heading', { name: `Edit ${agent.name}` })).toBeVisible();
  await expectNoA11yViolations(page, 'agent edit (admin)');

  // Empty name: the field's own error, aria-invalid, and no request goes out.
  const name = page.getByLabel('Name');
  await name.fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Give the agent a name.')).toBeVisible();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toBeFocused();
  expect((await sim.upstream(`/v1/agents/${agent.id}`)).name).toBe(agent.name);

  await name.fill('Appointment Reminder EU');
  await page.getByRole('switch', { name: 'Records calls' }).click();
  await expect(page.getByRole('switch', { name: 'Records calls' })).toHaveAttribute('aria-checked', 'false');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { name: 'Appointment Reminder EU', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Agent saved')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Appointment Reminder EU', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Overview' }).getByText('Records calls').locator('xpath=following-sibling::dd[1]')).toHaveText('No');
  const stored = await sim.upstream(`/v1/agents/${agent.id}`);
  expect(stored).toMatchObject({ name: 'Appointment Reminder EU', recordable: false, active: agent.active, archived: agent.archived });
});

test('admin: a refused update is rolled back and says so; archiving asks first', async ({ pageAs, sim }) => {
  const agent = await agentByName(sim, 'Customer Support Line');
  const page = await pageAs('admin');
  await page.goto(`/agents/${agent.id}/edit`);

  await sim.fault({ method: 'PATCH', path: '/v1/agents/*', status5xxRatio: 1 });
  await page.getByLabel('Name').fill('Support (renamed)');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText('The agent was not saved')).toBeVisible();
  // The optimistic name in the heading went back to the stored one.
  await expect(page.getByRole('heading', { name: `Edit ${agent.name}`, level: 1 })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('Support (renamed)');
  await sim.clearFaults();
  expect((await sim.upstream(`/v1/agents/${agent.id}`)).name).toBe(agent.name);

  // Archiving: confirmation first; cancelling sends nothing.
  await page.getByLabel('Name').fill(agent.name);
  await page.getByRole('switch', { name: 'Archived' }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Archive ${agent.name}?` });
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page, 'archive confirmation');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect((await sim.upstream(`/v1/agents/${agent.id}`)).archived).toBe(false);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Archive agent' }).click();
  await expect(page.getByRole('heading', { name: agent.name, level: 1 })).toBeVisible();
  await expect.poll(async () => (await sim.upstream(`/v1/agents/${agent.id}`)).archived).toBe(true);
  await sim.upstreamPatch(`/v1/agents/${agent.id}`, { archived: false });
});

test('a copied URL of a filtered, sorted page shows the same rows in a fresh context', async ({ pageAs, sim }) => {
  const first = await pageAs('viewer');
  await first.goto('/agents');
  await first.getByRole('radio', { name: 'Outbound' }).click();
  await first.getByRole('button', { name: /^Type/ }).click();
  await first.getByRole('button', { name: /^Name/ }).click();
  // The pager stands on one line: its label unwrapped, its select as tall as the buttons beside it
  // and sized to its numbers (the controls' full width and height won over the pager's own).
  const rows = first.getByLabel('Rows per page');
  const [select, next, label] = await Promise.all([
    rows.boundingBox(),
    first.getByRole('button', { name: 'Next page' }).boundingBox(),
    first.locator('label', { has: rows }).boundingBox(),
  ]);
  expect(select!.height).toBe(next!.height);
  expect(select!.width).toBeLessThanOrEqual(80);
  expect(label!.height).toBeLessThanOrEqual(select!.height);
  await rows.selectOption('10');
  await expect(first).toHaveURL(/type=OUTBOUND/);
  await expect(first).toHaveURL(/sort=name/);
  await expect(first).toHaveURL(/size=10/);
  const url = first.url();
  const q = new URL(url).searchParams;
  const upstream = await sim.upstream(`/v1/agents?type=OUTBOUND&size=${q.get('size')}&page=${q.get('page')}&sort=${q.get('sort')}`);
  const expected = upstream.content.map((a: any) => a.name);
  expect(expected.length).toBeGreaterThan(1);
  // The first context shows the page the URL names (once its data has arrived)...
  await expect.poll(() => rowNames(first)).toEqual(expected);

  // ...and a fresh context opening the copied URL shows the very same rows.
  const second = await pageAs('operator');
  await second.goto(url);
  await expect.poll(() => rowNames(second)).toEqual(expected);
  await expect(second.getByRole('radio', { name: 'Outbound' })).toBeChecked();
});

test('a failing list shows an error with retry, and retry recovers', async ({ pageAs, sim }) => {
  const page = await pageAs('viewer');
  await sim.fault({ method: 'GET', path: '/v1/agents', status5xxRatio: 1 });
  await page.goto('/agents?type=INBOUND');
  await expect(page.getByRole('alert')).toContainText('could not be loaded');
  await expectNoA11yViolations(page, 'agents error state');
  await sim.clearFaults();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('table', { name: 'Agents' }).locator('tbody tr').first()).toBeVisible();
});

test('an empty page says so and offers a way back', async ({ pageAs }) => {
  const page = await pageAs('viewer');
  await page.goto('/agents?type=INBOUND&page=40');
  await expect(page.getByText('No agents match')).toBeVisible();
  await expectNoA11yViolations(page, 'agents empty state');
  await page.getByRole('button', { name: 'Show all agents' }).click();
  await expect(page.getByRole('table', { name: 'Agents' }).locator('tbody tr').first()).toBeVisible();
});
