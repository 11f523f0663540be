/**
 * Insights and index search (issue 14) against the real stack, checked against the simulator's own
 * data: the page with seeded data, a bar that opens the calls list with its count, a phrase from
 * a seeded transcript found and opened at its line, status and classifier filters, axe.
 * Ranges end yesterday, so live calls ending during the test change nothing.
 */
import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, indexReady, listedCallIds, test, type SimClient } from './fixtures';
import { filterBar } from './filter-bar';

const utcDay = (deltaDays: number) => new Date(Date.now() + deltaDays * 86_400_000).toISOString().slice(0, 10);
const FROM = utcDay(-8);
const TO = utcDay(-1);

/** Every upstream call of the UTC days FROM..TO. */
const callsInRange = (sim: SimClient) => sim.upstreamAll('/v1/calls', { from: FROM, to: TO });

/** The count the calls list states, once settled. */
async function listCount(page: Page): Promise<number> {
  const status = page.getByRole('status').filter({ hasText: /^[\d,]+ calls?/ });
  await expect(status.or(page.getByText('No call matches these filters'))).toBeVisible();
  if (await page.getByText('No call matches these filters').isVisible()) return 0;
  return Number((await status.innerText()).match(/^([\d,]+)/)![1]!.replace(/,/g, ''));
}

test.describe('Insights', () => {
  test.beforeEach(async ({ pageAs }, info) => {
    info.setTimeout(150_000);
    await indexReady(await pageAs('viewer'));
  });

  test('with seeded data: figures match the simulator, the charts draw, axe is clean', { tag: '@journey' }, async ({ pageAs, sim }) => {
    const page = await pageAs('viewer');
    const calls = await callsInRange(sim);
    await page.goto(`/?range=custom&from=${FROM}&to=${TO}&tz=UTC`);
    await expect(page.getByRole('heading', { name: 'Insights', level: 1 })).toBeVisible();
    const figures = page.getByRole('list', { name: 'Figures' });
    await expect(figures.getByRole('link', { name: /^Total calls/ })).toContainText(calls.length.toLocaleString('en-US'));
    const reached = calls.filter((c) => c.status === 'COMPLETED' || c.status === 'TRANSFERRED').length;
    await expect(figures.getByRole('link', { name: /^Reached/ })).toContainText(`${reached.toLocaleString('en-US')} call`);
    await expect(page.getByTestId('index-freshness')).toContainText(/Indexed up to \d+ (s|min) ago/);
    await expect(page.getByRole('figure', { name: /Calls per day, stacked by status group/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Per agent', exact: true })).toBeVisible();
    // Each duration bar is named under it, in a few characters on at most two lines (at 1280 wide every
    // other bar went unnamed, under labels such as "2 min – 2 min 59 s").
    const durationTicks = page.getByRole('figure', { name: 'Reached calls by duration' }).locator('.visx-axis-bottom text');
    // (each line is a tspan of its own: the text reads without the space it wrapped at).
    const durations = ['0–15 s', '15–30 s', '30–60 s', '1–2 min', '2–3 min', '3–5 min', '5–10 min', '10–15 min', '15–30 min', '30 min+'];
    await expect(durationTicks).toHaveText(durations.map((label) => label.replaceAll(' ', '')));
    await expectNoA11yViolations(page, 'insights');
  });

  test('a bar opens the calls list with the same count', async ({ pageAs }) => {
    const page = await pageAs('viewer');
    await page.goto(`/?range=custom&from=${FROM}&to=${TO}&tz=UTC`);
    const bar = page
      .getByRole('figure', { name: /Calls per day/ })
      .locator('[data-bar$=":reached"]')
      .first();
    // The charts arrive in their own chunk after the figures.
    await expect(bar).toBeAttached({ timeout: 30_000 });
    const title = await bar.locator('title').textContent();
    const expected = Number(title!.match(/: ([\d,]+) call/)![1]!.replace(/,/g, ''));
    await bar.click();
    await expect(page).toHaveURL(/\/calls\?.*startedFrom=/);
    await expect(page.getByText('From the call index')).toBeVisible();
    expect(await listCount(page)).toBe(expected);

    // The same through the keyboard path: the chart's table holds the same link.
    await page.goBack();
    await page.getByText('Table of “Calls per day”').click();
    const cell = page
      .getByRole('table', { name: /Calls per day/ })
      .getByRole('link')
      .first();
    const n = Number((await cell.innerText()).replace(/,/g, ''));
    await cell.press('Enter');
    await expect(page).toHaveURL(/\/calls\?/);
    expect(await listCount(page)).toBe(n);
  });

  test('a status filter and a classifier filter give exactly the simulator’s matching calls', async ({ pageAs, sim }) => {
    const page = await pageAs('viewer');
    const calls = await callsInRange(sim);
    const noAnswer = calls.filter((c) => c.status === 'NO_ANSWER' || c.status === 'VOICE_BOX');
    expect(noAnswer.length).toBeGreaterThan(0);
    await page.goto(`/calls?${new URLSearchParams({ from: FROM, to: TO, tz: 'UTC', size: '100' })}&status=NO_ANSWER&status=VOICE_BOX`);
    expect(await listCount(page)).toBe(noAnswer.length);
    const firstPage = await listedCallIds(page);
    expect(firstPage.every((id) => noAnswer.some((c) => c.id === id))).toBe(true);

    const classified = calls.find((c) => c.classifiers?.length);
    expect(classified, 'a seeded call with a classification').toBeTruthy();
    const { name, value } = classified.classifiers[0];
    const matching = calls.filter((c) => c.classifiers?.some((k: any) => k.name === name && k.value === value));
    await page.goto(`/calls?${new URLSearchParams({ from: FROM, to: TO, tz: 'UTC', size: '100', classifier: `${name}=${value}` })}`);
    expect(await listCount(page)).toBe(matching.length);
    expect(new Set(await listedCallIds(page))).toEqual(new Set(matching.slice(0, 100).map((c) => c.id)));
  });

  test('a phrase from a seeded transcript is found, highlighted, and opens the review at its line', { tag: '@journey' }, async ({ pageAs, sim }) => {
    const page = await pageAs('viewer');
    const calls = (await callsInRange(sim)).filter((c) => c.recorded && c.status === 'COMPLETED');
    let found: { call: any; line: number; phrase: string } | undefined;
    for (const call of calls.slice(0, 20)) {
      const raw = await sim.upstream(`/v1/calls/${call.id}/transcript`);
      const entries: any[] = Array.isArray(raw) ? raw : (raw.transcript ?? raw.content ?? []);
      const line = entries.findIndex((e) => e.action === 'HUMAN_SPEAK' && e.message.split(/\s+/).length >= 4);
      if (line >= 0) {
        found = {
          call,
          line,
          phrase: entries[line].message
            .split(/\s+/)
            .slice(0, 3)
            .join(' ')
            .replace(/[^\p{L}\p{N}' ]/gu, ''),
        };
        break;
      }
    }
    expect(found, 'a seeded transcript with a sentence').toBeTruthy();
    await page.goto('/calls');
    await listCount(page);
    await filterBar(page).set('Transcript text', `"${found!.phrase}"`);
    await expect(page).toHaveURL(/q=/);
    const row = page.locator(`tr[data-call-id="${found!.call.id}"]`);
    // The call may be on a later page of a common phrase: narrow to its agent and phone then.
    if (!(await row.isVisible())) await page.goto(`/calls?${new URLSearchParams({ q: `"${found!.phrase}"`, phone: found!.call.phone, size: '100' })}`);
    await expect(row).toBeVisible();
    const hit = row.locator('xpath=following-sibling::tr[1]');
    await expect(hit.locator('mark').first()).toBeVisible();
    await hit.getByRole('link', { name: 'Open at this line' }).click();
    await expect(page).toHaveURL(new RegExp(`/calls/${found!.call.id}\\?line=\\d+`));
    const cued = page.locator('[data-cued="true"]');
    await expect(cued).toBeVisible();
    await expect(cued).toContainText(found!.phrase.split(' ')[0]!);
    const offset = Number(await cued.getAttribute('data-offset'));
    await expect.poll(() => page.locator('audio').evaluate((a: HTMLAudioElement) => Math.round(a.currentTime))).toBe(Math.round(offset));
    await expectNoA11yViolations(page, 'call review at a line');
  });
});
