/**
 * Issue 34 part 1, "Calls list, rows first" (ADR 0051): at 1280×720 the rows come first (12 above
 * the fold with no filter, 10 with three); every filter of the bar is set, changed and removed by
 * keyboard alone, and the URL reproduces it (opened afresh: the same chips and the same rows).
 */
import type { Page } from '@playwright/test';
import { STATUS_GROUP_OF } from '../contract/bff/index.plain';
import { BFF_URL, BFF_WRITE_HEADERS, expect, expectNoA11yViolations, focusIsVisible, listedCallIds, test } from './fixtures';
import { filterBar, type FilterLabel, type FilterValue } from './filter-bar';

/** The rows whose whole height is inside the window. */
const rowsAboveTheFold = (page: Page) =>
  page.locator('tbody tr[data-call-id]').evaluateAll((rows) => rows.filter((r) => r.getBoundingClientRect().bottom <= window.innerHeight).length);

test('at 1280×720 at least 12 rows show above the fold with no filter, and 10 with three filters', { tag: '@journey' }, async ({ pageAs }) => {
  const page = await pageAs('viewer', { timezoneId: 'UTC', viewport: { width: 1280, height: 720 } });
  await page.goto('/calls');
  await listedCallIds(page);
  const bar = filterBar(page);
  await bar.ready();
  expect(await rowsAboveTheFold(page)).toBeGreaterThanOrEqual(12);

  // Three filters that keep every call: every status, any duration from 0 s, and wide dates.
  const statuses = Object.keys(STATUS_GROUP_OF);
  await page.goto(`/calls?${new URLSearchParams({ status: statuses.join(','), minDuration: '0', from: '2000-01-01', to: '2099-12-31' })}`);
  await listedCallIds(page);
  await bar.ready();
  await expect(bar.chip('Status')).toBeVisible();
  await expect(bar.chip('Duration')).toHaveText('Duration: ≥ 0 s');
  await expect(bar.chip('Started')).toHaveText(/^Started: 1 Jan 2000 – 31 Dec 2099$/);
  expect(await page.locator('tbody tr[data-call-id]').count()).toBeGreaterThanOrEqual(10);
  expect(await rowsAboveTheFold(page)).toBeGreaterThanOrEqual(10);
});

// In two halves (the upstream's filters, then the index's with the transcript text), each a journey of its own: some 45 popovers each.
for (const half of ['upstream', 'index'] as const) {
  test(
    `every ${half} filter is set, changed and removed from the bar by keyboard alone; the URL reproduces it`,
    { tag: '@journey' },
    async ({ pageAs, sim }) => {
      // Some 90 popovers driven by keyboard: minutes on a busy machine.
      test.setTimeout(480_000);
      const agents = (await sim.upstream('/v1/agents?size=100&sort=name,ASC')).content as { id: string; name: string }[];
      // A QA check and an outcome to choose ("Flagged by", "Met outcome"), defined by an admin.
      const admin = await pageAs('admin');
      const stamp = Date.now();
      const check = await admin.request.post(`${BFF_URL}/bff/review/checks`, {
        data: { name: `Bar check ${half} ${stamp}`, condition: { kind: 'transferredWithoutSummary' } },
        headers: BFF_WRITE_HEADERS,
      });
      expect(check.status(), await check.text()).toBe(201);
      const outcome = await admin.request.post(`${BFF_URL}/bff/outcomes`, {
        data: { name: `Bar outcome ${half} ${stamp}`, agentId: agents[0]!.id, clauses: [{ kind: 'status', statuses: ['COMPLETED'] }] },
        headers: BFF_WRITE_HEADERS,
      });
      expect(outcome.status(), await outcome.text()).toBe(201);
      const checkId = String(((await check.json()) as { id: number }).id);
      const outcomeId = String(((await outcome.json()) as { id: number }).id);

      const page = await pageAs('viewer', { timezoneId: 'UTC', viewport: { width: 1280, height: 720 } });
      await page.goto('/calls');
      await listedCallIds(page);
      const bar = filterBar(page);
      await bar.ready();
      await expectNoA11yViolations(page, 'the filter bar');

      const param = (name: string) => new URL(page.url()).searchParams.get(name);
      // Each filter: a first value, a second, and what the URL then says.
      const all: { label: FilterLabel; first: FilterValue; second: FilterValue; url: Record<string, string | null>; chip: RegExp }[] = [
        { label: 'Agent', first: agents[0]!.name, second: agents[1]!.name, url: { agentId: agents[1]!.id }, chip: new RegExp(`^Agent: ${agents[1]!.name}$`) },
        {
          label: 'Phone',
          first: { Phone: '+33 6 12 34 56 78' },
          second: { Phone: '06 12 34 56 79', Country: 'FR' },
          url: { phone: '+33612345679' },
          chip: /^Phone: \+33612345679$/,
        },
        { label: 'Campaign', first: 'Winter renewals', second: 'Spring', url: { campaignName: 'Spring' }, chip: /^Campaign: Spring$/ },
        {
          label: 'Started',
          first: { 'From date': '2026-11-01', 'To date': '2026-11-07' },
          second: { 'From date': '2026-10-01', 'To date': '2026-10-15' },
          url: { from: '2026-10-01', to: '2026-10-15' },
          chip: /^Started: 1 Oct – 15 Oct( 2026)?|^Started: 1 Oct 2026 – 15 Oct 2026$/,
        },
        { label: 'Status', first: ['Completed', 'Failed'], second: ['No answer'], url: { status: '["NO_ANSWER"]' }, chip: /^Status: No answer$/ },
        { label: 'Has recording', first: 'Yes', second: 'No', url: { hasRecording: 'false' }, chip: /^Has recording: No$/ },
        {
          label: 'Duration',
          first: { 'Shortest (s)': '10', 'Longest (s)': '600' },
          second: { 'Shortest (s)': '20', 'Longest (s)': '' },
          url: { minDuration: '20', maxDuration: null },
          chip: /^Duration: ≥ 20 s$/,
        },
        {
          label: 'Classifier',
          first: { Classifier: 'interest', 'Classifier value': 'no' },
          second: { 'Classifier value': 'yes' },
          url: { classifier: '["interest=yes"]' },
          chip: /^Classifier: interest = yes$/,
        },
        {
          label: 'Extracted field',
          first: { 'Extracted field': 'address.city', 'Field value': 'Paris' },
          second: { 'Field value': 'Lyon' },
          url: { extracted: '["address.city=Lyon"]' },
          chip: /^Extracted field: address.city = Lyon$/,
        },
        { label: 'Tag', first: 'vip', second: 'urgent', url: { tag: '["urgent"]' }, chip: /^Tag: urgent$/ },
        { label: 'Answering machine', first: 'No', second: 'Yes', url: { answeringMachine: 'true' }, chip: /^Answering machine: Yes$/ },
        { label: 'Transferred', first: 'Yes', second: 'No', url: { transfer: 'false' }, chip: /^Transferred: No$/ },
        { label: 'Hung up within', first: '10', second: '20', url: { hangUpWithin: '20' }, chip: /^Hung up within: 20 s$/ },
        {
          label: 'Flagged by',
          first: 'Any call',
          second: `Bar check ${half} ${stamp}`,
          url: { check: `["${checkId}"]` },
          chip: new RegExp(`^Flagged by: Bar check ${half} ${stamp}$`),
        },
        {
          label: 'Met outcome',
          first: 'Any call',
          second: `Bar outcome ${half} ${stamp}`,
          url: { outcome: `["${outcomeId}"]` },
          chip: new RegExp(`^Met outcome: Bar outcome ${half} ${stamp}$`),
        },
      ];
      const steps = half === 'upstream' ? all.slice(0, 4) : all.slice(4);

      for (const step of steps) {
        // Set, then change: the chip names the value and the URL holds it.
        if (!(step.label === 'Flagged by' || step.label === 'Met outcome')) {
          await bar.set(step.label, step.first);
          // Added, its chip is a draft ("Tag: …") until the rows of the search with it are read.
          await expect(bar.chip(step.label)).not.toHaveText(/…$/);
        }
        await bar.set(step.label, step.second);
        await expect(bar.chip(step.label)).toHaveText(step.chip);
        for (const [name, value] of Object.entries(step.url)) await expect.poll(() => param(name), `${step.label}: ${name}`).toBe(value);
        // The popover's focus comes back to its chip once applied; focus is visible there.
        await expect(bar.chip(step.label)).toBeFocused();
        expect(await focusIsVisible(page)).toBe(true);
      }
      const text = half === 'index';
      if (text) await bar.set('Transcript text', 'refund');
      if (text) await expect.poll(() => param('q')).toBe('refund');
      if (text) await bar.set('Transcript text', '"cancel my subscription" -refund');
      if (text) await expect.poll(() => param('q')).toBe('"cancel my subscription" -refund');

      // Escape closes a popover unapplied and gives the focus back to its chip.
      const last = steps.at(-1)!;
      const before = await bar.chip(last.label).innerText();
      await bar.open(last.label);
      await page.keyboard.press('Escape');
      await expect(bar.popover(last.label)).toBeHidden();
      await expect(bar.chip(last.label)).toBeFocused();
      await expect(bar.chip(last.label)).toHaveText(before);

      // The URL reproduces it: opened afresh, the same chips and the same rows.
      const chipsOf = () => bar.group.locator('[data-filter]').allInnerTexts();
      await expect.poll(() => page.getByText(/No call matches|calls?(\s·|$)/).count()).toBeGreaterThan(0);
      const chips = await chipsOf();
      const rows = await page.locator('tbody tr[data-call-id]').evaluateAll((r) => r.map((x) => x.getAttribute('data-call-id')));
      expect(chips).toHaveLength(steps.length);
      const fresh = await pageAs('viewer', { timezoneId: 'UTC', viewport: { width: 1280, height: 720 } });
      await fresh.goto(page.url());
      const freshBar = filterBar(fresh);
      await freshBar.ready();
      await expect.poll(() => freshBar.group.locator('[data-filter]').allInnerTexts()).toEqual(chips);
      await expect(freshBar.searchBox).toHaveValue(text ? '"cancel my subscription" -refund' : '');
      await expect(fresh.getByText(/No call matches|calls?(\s·|$)/).first()).toBeVisible();
      expect(await fresh.locator('tbody tr[data-call-id]').evaluateAll((r) => r.map((x) => x.getAttribute('data-call-id')))).toEqual(rows);
      await expectNoA11yViolations(page, 'the filter bar with every filter');

      // Removed, each from its chip's ×: its keys leave the URL, the others stay.
      for (const step of steps) {
        await bar.remove(step.label);
        for (const name of Object.keys(step.url)) await expect.poll(() => param(name), `${step.label} removed: ${name}`).toBeNull();
      }
      if (text) await bar.remove('Transcript text');
      await expect.poll(() => param('q')).toBeNull();
      await expect(bar.group.locator('[data-filter]')).toHaveCount(0);
      await fresh.context().close();
    },
  );
}

test('"Add filter" closed unapplied leaves no chip and the focus on "Add filter"; Clear all drops every filter', async ({ pageAs }) => {
  const page = await pageAs('viewer', { timezoneId: 'UTC' });
  await page.goto('/calls?campaignName=Spring&tag=vip');
  await expect(page.getByText('No call matches these filters')).toBeVisible();
  const bar = filterBar(page);
  await bar.fill('Agent', 'Any agent');
  await page.keyboard.press('Escape');
  await expect(bar.chip('Agent')).toHaveCount(0);
  await expect(bar.group.getByRole('button', { name: /Add filter/ })).toBeFocused();
  // "/" moves to the bar's search box (the screen's search).
  await page.locator('main').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('/');
  await expect(bar.searchBox).toBeFocused();
  await bar.clearAll();
  await expect(page).not.toHaveURL(/campaignName=|tag=/);
  await expect(bar.group.locator('[data-filter]')).toHaveCount(0);
});
