/**
 * The calls filter box (issue 19 items 1 and 6, issue 14 §3): "Clear filters" clears the URL, the
 * fields and the list; dates are days in the display time zone (the UTC days covering them are
 * asked, the rows trimmed); the index's filters give exactly the simulator's own matching calls.
 */
import type { Browser, Page } from '@playwright/test';
import { BFF_URL, expect, expectNoA11yViolations, signInContext, test, type SimClient } from './fixtures';

async function pageIn(browser: Browser, timezoneId: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: BFF_URL, timezoneId });
  await signInContext(context, 'viewer');
  return context.newPage();
}

/** The ids the list shows, once it has settled. */
async function listedIds(page: Page): Promise<string[]> {
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /calls?(\s·|$)/ })
      .or(page.getByText(/No call matches/)),
  ).toBeVisible();
  return page.locator('tbody tr[data-call-id]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-call-id')!));
}

/** Every call of the upstream for a query, all pages. */
async function allCalls(sim: SimClient, query: Record<string, string>): Promise<any[]> {
  const out: any[] = [];
  for (let page = 1; ; page++) {
    const res = await sim.upstream(`/v1/calls?${new URLSearchParams({ ...query, page: String(page), size: '100' })}`);
    out.push(...res.content);
    if (page >= res.totalPages) return out;
  }
}

test('"Clear filters" in the filter box clears the URL, the fields and the list', async ({ browser, sim }) => {
  const page = await pageIn(browser, 'UTC');
  const all = await sim.upstream('/v1/calls?size=1');
  const agents = await sim.upstream('/v1/agents?size=100&sort=name,ASC');
  const agent = agents.content.find((a: any) => a.id === all.content[0].agentId) ?? agents.content[0];
  await page.goto('/calls');
  await listedIds(page);
  await page.getByRole('combobox', { name: 'Agent' }).fill(agent.name);
  await page.getByRole('option', { name: agent.name }).click();
  await page.getByLabel('Campaign name').fill('Winter renewals');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/agentId=/);
  await listedIds(page);

  await page.getByRole('form', { name: 'Filter calls' }).getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/agentId=|campaignName=/);
  await expect(page.getByRole('combobox', { name: 'Agent' })).toHaveValue('');
  await expect(page.getByLabel('Campaign name')).toHaveValue('');
  const unfiltered = await sim.upstream('/v1/calls?size=20');
  await expect(page.getByRole('status').filter({ hasText: new RegExp(`^${unfiltered.totalElements.toLocaleString('en-US')} calls`) })).toBeVisible();
  expect(await listedIds(page)).toEqual(unfiltered.content.map((c: any) => c.id));
});

test('dates are days in the display time zone: the UTC days around them are asked and the rows trimmed', async ({ browser, sim }) => {
  const zone = 'Asia/Kolkata'; // UTC+05:30: every local day spans two UTC days
  const page = await pageIn(browser, zone);
  const recent = await sim.upstream('/v1/calls?size=1&sort=startTime,DESC');
  const localDay = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(recent.content[0].startTime));
  const start = Date.parse(`${localDay}T00:00:00+05:30`);
  const end = start + 86_400_000;
  const utc = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const candidates = await allCalls(sim, { from: utc(start), to: utc(end - 1), sort: 'startTime,DESC' });
  const expected = candidates.filter((c) => Date.parse(c.startTime) >= start && Date.parse(c.startTime) < end).map((c) => c.id);
  expect(expected.length).toBeGreaterThan(0);
  expect(candidates.length).toBeGreaterThan(expected.length);

  const requests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/calls?')) requests.push(r.url());
  });
  await page.goto(`/calls?from=${localDay}&to=${localDay}&size=100`);
  // Chromium names the zone by its older alias, Asia/Calcutta.
  await expect(page.getByRole('group', { name: /Started between \(Asia\/(Kolkata|Calcutta) days\)/ })).toBeVisible();
  const shown: string[] = [];
  for (let p = 1; ; p++) {
    shown.push(...(await listedIds(page)));
    const next = page.getByRole('button', { name: 'Next page' });
    if (await next.isDisabled()) break;
    await next.click();
    await expect(page).toHaveURL(new RegExp(`page=${p + 1}`));
  }
  expect(shown).toEqual(expected);
  expect(requests.some((u) => u.includes(`from=${utc(start)}`) && u.includes(`to=${utc(end - 1)}`))).toBe(true);
  await expect(page.getByText(/rows outside your Asia\/(Kolkata|Calcutta) days are left out/)).toBeVisible();
});

test('the filter box is axe clean, with the index filters open', async ({ browser }) => {
  const page = await pageIn(browser, 'UTC');
  await page.goto('/calls');
  await listedIds(page);
  await page.getByText('More filters (answered from the call index)').click();
  await expect(page.getByLabel('Transcript text')).toBeVisible();
  await expectNoA11yViolations(page, 'calls filters');
});
