/**
 * The calls filter bar (issue 19 items 1 and 6, issue 14 §3, issue 34): "Clear all" clears the URL,
 * the chips and the list; dates are days in the display time zone (issue 35 item 10: read from the
 * index where it holds them, exactly; else the UTC days covering them are asked, the rows trimmed
 * and the pager ends where the rows do); the index's filters give exactly the simulator's own matching calls.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { BFF_URL, BFF_WRITE_HEADERS, expect, expectNoA11yViolations, indexReady, listedCallIds, test, type SimClient } from './fixtures';
import { filterBar } from './filter-bar';

test('"Clear all" in the filter bar clears the URL, the chips and the list', { tag: '@journey' }, async ({ pageAs, sim }) => {
  const page = await pageAs('viewer', { timezoneId: 'UTC' });
  const all = await sim.upstream('/v1/calls?size=1');
  const agents = await sim.upstream('/v1/agents?size=100&sort=name,ASC');
  const agent = agents.content.find((a: any) => a.id === all.content[0].agentId) ?? agents.content[0];
  await page.goto('/calls');
  await listedCallIds(page);
  const bar = filterBar(page);
  await bar.set('Agent', agent.name);
  await bar.set('Campaign', 'Winter renewals');
  await expect(page).toHaveURL(/agentId=/);
  await expect(page).toHaveURL(/campaignName=/);
  await listedCallIds(page);

  await bar.clearAll();
  await expect(page).not.toHaveURL(/agentId=|campaignName=/);
  await expect(bar.chip('Agent')).toHaveCount(0);
  await expect(bar.chip('Campaign')).toHaveCount(0);
  const unfiltered = await sim.upstream('/v1/calls?size=20');
  expect(await listedCallIds(page, unfiltered.totalElements)).toEqual(unfiltered.content.map((c: any) => c.id));
});

/** The local date `deltaDays` from now in `zone`. */
const localDay = (zone: string, deltaDays: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(Date.now() + deltaDays * 86_400_000));
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The upstream's calls (newest first) whose start is a date from..to in `zone`: what the list must show. */
async function callsOfLocalDays(sim: SimClient, zone: string, from: string, to: string): Promise<{ id: string; startTime: string }[]> {
  const around = await sim.upstreamAll('/v1/calls', { from: addDays(from, -1), to: addDays(to, 1), sort: 'startTime,DESC' });
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: zone });
  return around.filter((c) => {
    const d = day.format(new Date(c.startTime));
    return d >= from && d <= to;
  });
}

/** Every page of the list, by "Next page" until it is disabled: the ids of each page (read once the pager names it). */
async function walkPages(page: Page): Promise<string[][]> {
  const pages: string[][] = [];
  for (let p = 1; ; p++) {
    const empty = page.getByText('No call matches these filters');
    await expect(page.getByText(new RegExp(`^Page ${p} of \\d+$`)).or(empty)).toBeVisible();
    if (await empty.isVisible()) return [...pages, []];
    pages.push(await page.locator('tbody tr[data-call-id]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-call-id')!)));
    const next = page.getByRole('button', { name: 'Next page' });
    if (await next.isDisabled()) break;
    await next.click();
  }
  return pages;
}

/** Exports the list and answers the ids in the file, once the toast states its count. */
async function exportedIds(page: Page): Promise<string[]> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const lines = readFileSync(await (await download).path(), 'utf8')
    .trim()
    .split(/\r?\n/);
  await expect(page.getByText('Export ready')).toBeVisible();
  return lines.slice(1).map((line) => line.split(',')[0]!);
}

test.describe('dates are days in the display time zone', () => {
  const zone = 'Europe/Paris'; // every local day spans two UTC dates

  test("inside the call index's window the list reads the index: exact count, full pages, no empty page, and the export agrees", async ({
    pageAs,
    sim,
  }, info) => {
    info.setTimeout(150_000);
    const page = await pageAs('viewer', { timezoneId: zone });
    await indexReady(page);
    // Seven local days ending the day before yesterday: past calls only, well inside the 30 days indexed.
    const from = localDay(zone, -8);
    const to = localDay(zone, -2);
    const expected = await callsOfLocalDays(sim, zone, from, to);
    expect(expected.length).toBeGreaterThan(40);
    expect(expected.length % 20).not.toBe(0);

    await page.goto(`/calls?from=${from}&to=${to}&size=20`);
    // The Started chip's popover names the zone its days are in.
    await expect((await filterBar(page).open('Started')).getByRole('group', { name: `Started between (${zone} days)` })).toBeVisible();
    await page.keyboard.press('Escape');
    const status = page
      .getByRole('status')
      .filter({ hasText: / calls?/ })
      .first();
    await expect(status).toHaveText(new RegExp(`^${expected.length} calls`));
    await expect(page.getByText(/From the call index/)).toBeVisible();
    const pages = await walkPages(page);
    // Every page full but the last, which holds the rest: none ragged, none empty.
    expect(pages.map((p) => p.length)).toEqual([...Array(pages.length - 1).fill(20), expected.length % 20]);
    expect(pages.flat()).toEqual(expected.map((c) => c.id));
    await expect(page.getByText(`${expected.length - (expected.length % 20) + 1}–${expected.length} of ${expected.length} calls`)).toBeVisible();

    expect((await exportedIds(page)).sort()).toEqual(expected.map((c) => c.id).sort());
    await expect(page.getByText(`${expected.length} calls in the file.`)).toBeVisible();
  });

  test("outside the index's window the list says what its count covers and never offers a page that cannot have rows", async ({ pageAs, sim }, info) => {
    info.setTimeout(150_000);
    const page = await pageAs('viewer', { timezoneId: zone });
    await indexReady(page);
    // The simulator holds 90 days of calls; the index 30: these days are the upstream's only.
    const from = localDay(zone, -46);
    const to = localDay(zone, -40);
    const expected = await callsOfLocalDays(sim, zone, from, to);
    expect(expected.length).toBeGreaterThan(40);
    const utcFrom = addDays(from, -1); // Paris is ahead of UTC: its days start on the UTC date before
    const upstreamTotal = (await sim.upstream(`/v1/calls?from=${utcFrom}&to=${to}&size=1`)).totalElements as number;
    expect(upstreamTotal).toBeGreaterThan(expected.length);

    await page.goto(`/calls?from=${from}&to=${to}&size=20`);
    const pages = await walkPages(page);
    // No page offered is empty: "Next page" ends at the page where the calls run past the days.
    for (const ids of pages) expect(ids.length).toBeGreaterThan(0);
    await expect(page.getByText('No call matches these filters')).toHaveCount(0);
    // The count says what it covers: the UTC days the upstream counts, and this page's calls in the zone's days.
    await expect(page.getByRole('status').filter({ hasText: /^Up to / })).toHaveText(
      new RegExp(`^Up to ${upstreamTotal} calls on the UTC days ${utcFrom} to ${to}; ${pages.at(-1)!.length} of this page's \\d+ in your ${zone} days`),
    );
    await expect(page.getByText(/The call index does not hold all of these days/)).toBeVisible();
    expect(pages.flat()).toEqual(expected.map((c) => c.id));

    expect((await exportedIds(page)).sort()).toEqual(expected.map((c) => c.id).sort());
    await expect(page.getByText(`${expected.length} calls in the file.`)).toBeVisible();
  });
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
    // The Started chip's popover names the zone its days are in.
    await expect((await filterBar(page).open('Started')).getByRole('group', { name: `Started between (${zone} days)` })).toBeVisible();
    await page.keyboard.press('Escape');
    await listedCallIds(page);
    // Either source reads the console's zone: the index with it named, or the upstream with the UTC dates around its day.
    expect(
      requests.some(
        (u) =>
          (u.includes('/bff/index/calls') && u.includes(`from=${localDay}`) && u.includes(`tz=${zone}`)) ||
          (u.includes(`from=${utc(start)}`) && u.includes(`to=${utc(start + 86_400_000 - 1)}`)),
      ),
    ).toBe(true);

    requests.length = 0;
    await page.goto('/');
    await expect.poll(() => requests.find((u) => u.includes('/bff/index/insights'))).toContain(`tz=${zone}`);
    expect(requests.filter((u) => u.includes('/bff/index/insights')).every((u) => u.includes(`tz=${zone}`))).toBe(true);
  } finally {
    await page.request.put(`${BFF_URL}/bff/preferences`, { data: { timeZone: null }, headers: BFF_WRITE_HEADERS });
  }
});

test('the filter bar is axe clean, with its "Add filter" menu and a popover open', async ({ pageAs }) => {
  const page = await pageAs('viewer', { timezoneId: 'UTC' });
  await page.goto('/calls');
  await listedCallIds(page);
  const bar = filterBar(page);
  await expect(bar.searchBox).toBeVisible();
  await bar.group.getByRole('button', { name: /Add filter/ }).click();
  await expect(page.getByRole('menuitem', { name: /^Transcript text/ })).toBeVisible();
  await expectNoA11yViolations(page, 'calls filters: the add filter menu');
  await page.keyboard.press('Escape');
  await bar.fill('Status', ['Completed']);
  await expectNoA11yViolations(page, 'calls filters: a popover');
});
