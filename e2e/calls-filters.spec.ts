/**
 * The calls filter box (issue 19 items 1 and 6, issue 14 §3): "Clear filters" clears the URL, the
 * fields and the list; dates are days in the display time zone (the UTC days covering them are
 * asked, the rows trimmed); the index's filters give exactly the simulator's own matching calls.
 */
import { BFF_URL, BFF_WRITE_HEADERS, expect, expectNoA11yViolations, listedCallIds, test } from './fixtures';

test('"Clear filters" in the filter box clears the URL, the fields and the list', { tag: '@journey' }, async ({ pageAs, sim }) => {
  const page = await pageAs('viewer', { timezoneId: 'UTC' });
  const all = await sim.upstream('/v1/calls?size=1');
  const agents = await sim.upstream('/v1/agents?size=100&sort=name,ASC');
  const agent = agents.content.find((a: any) => a.id === all.content[0].agentId) ?? agents.content[0];
  await page.goto('/calls');
  await listedCallIds(page);
  await page.getByRole('combobox', { name: 'Agent' }).fill(agent.name);
  await page.getByRole('option', { name: agent.name }).click();
  await page.getByLabel('Campaign name').fill('Winter renewals');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/agentId=/);
  await listedCallIds(page);

  await page.getByRole('form', { name: 'Filter calls' }).getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/agentId=|campaignName=/);
  await expect(page.getByRole('combobox', { name: 'Agent' })).toHaveValue('');
  await expect(page.getByLabel('Campaign name')).toHaveValue('');
  const unfiltered = await sim.upstream('/v1/calls?size=20');
  expect(await listedCallIds(page, unfiltered.totalElements)).toEqual(unfiltered.content.map((c: any) => c.id));
});

test('dates are days in the display time zone: the UTC days around them are asked and the rows trimmed', async ({ pageAs, sim }) => {
  const zone = 'Asia/Kolkata'; // UTC+05:30: every local day spans two UTC days
  const page = await pageAs('viewer', { timezoneId: zone });
  const recent = await sim.upstream('/v1/calls?size=1&sort=startTime,DESC');
  const localDay = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(recent.content[0].startTime));
  const start = Date.parse(`${localDay}T00:00:00+05:30`);
  const end = start + 86_400_000;
  const utc = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const candidates = await sim.upstreamAll('/v1/calls', { from: utc(start), to: utc(end - 1), sort: 'startTime,DESC' });
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
    shown.push(...(await listedCallIds(page)));
    const next = page.getByRole('button', { name: 'Next page' });
    if (await next.isDisabled()) break;
    await next.click();
    await expect(page).toHaveURL(new RegExp(`page=${p + 1}`));
  }
  expect(shown).toEqual(expected);
  expect(requests.some((u) => u.includes(`from=${utc(start)}`) && u.includes(`to=${utc(end - 1)}`))).toBe(true);
  await expect(page.getByText(/rows outside your Asia\/(Kolkata|Calcutta) days are left out/)).toBeVisible();
});

test("the zone chosen in the console (not the browser's) is the one calls and Insights days are read in", async ({ pageAs, sim }) => {
  const zone = 'Asia/Kolkata';
  const page = await pageAs('viewer', { timezoneId: 'UTC' });
  const put = await page.request.put(`${BFF_URL}/bff/preferences`, {
    data: { timeZone: zone },
    headers: BFF_WRITE_HEADERS,
  });
  expect(put.ok()).toBe(true);
  // The viewer's zone is the BFF's, kept per user: put back the browser's after, or the journeys
  // after this one read their days in Kolkata.
  try {
    const recent = await sim.upstream('/v1/calls?size=1&sort=startTime,DESC');
    const localDay = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(recent.content[0].startTime));
    const start = Date.parse(`${localDay}T00:00:00+05:30`);
    const utc = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const requests: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/v1\/calls\?|\/bff\/index\//.test(r.url())) requests.push(decodeURIComponent(r.url()));
    });
    await page.goto(`/calls?from=${localDay}&to=${localDay}`);
    await expect(page.getByRole('group', { name: `Started between (${zone} days)` })).toBeVisible();
    await listedCallIds(page);
    expect(requests.some((u) => u.includes(`from=${utc(start)}`) && u.includes(`to=${utc(start + 86_400_000 - 1)}`))).toBe(true);

    requests.length = 0;
    await page.goto('/');
    await expect.poll(() => requests.find((u) => u.includes('/bff/index/insights'))).toContain(`tz=${zone}`);
    expect(requests.filter((u) => u.includes('/bff/index/insights')).every((u) => u.includes(`tz=${zone}`))).toBe(true);
  } finally {
    await page.request.put(`${BFF_URL}/bff/preferences`, { data: { timeZone: null }, headers: BFF_WRITE_HEADERS });
  }
});

test('the filter box is axe clean, with the index filters open', async ({ pageAs }) => {
  const page = await pageAs('viewer', { timezoneId: 'UTC' });
  await page.goto('/calls');
  await listedCallIds(page);
  await page.getByText('More filters (answered from the call index)').click();
  await expect(page.getByLabel('Transcript text')).toBeVisible();
  await expectNoA11yViolations(page, 'calls filters');
});
