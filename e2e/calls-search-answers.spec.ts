/**
 * Issue #35, items 15 and 16b: what a calls search answers says what it covers. A search text of
 * signs only is refused with a reason (before it is sent, and by the BFF for a link); an index-backed
 * answer says how fresh the index is, with rows or without, and how far transcripts are indexed.
 */
import { BFF_URL, expect, listedCallIds, test } from './fixtures';
import { filterBar } from './filter-bar';

test('a search text of signs only says it has no word to search, in the bar and from a link', async ({ pageAs }) => {
  const page = await pageAs('viewer', { timezoneId: 'UTC' });
  await page.goto('/calls');
  await listedCallIds(page);
  const bar = filterBar(page);
  await bar.set('Transcript text', '&|!:*()');
  const text = bar.searchBox;
  await expect(text).toHaveAccessibleDescription(/no word to search for/);
  await expect(text).toHaveAttribute('aria-invalid', 'true');
  expect(new URL(page.url()).searchParams.get('q')).toBeNull();

  // The same text from a link (or a saved view): the BFF refuses it, and the page says why.
  await page.goto(`/calls?q=${encodeURIComponent('&|!:*()')}`);
  const alert = page.getByRole('alert').filter({ hasText: 'These filters cannot be searched' });
  await expect(alert).toContainText(/no word to (look|search) for/);
  await expect(page.getByText('Calls could not be loaded')).toHaveCount(0);
  await alert.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/q=/);
  await listedCallIds(page);
});

test('an index answer with no row says how fresh the index is, and what a text search does not cover yet', async ({ pageAs, sim }) => {
  test.setTimeout(120_000);
  const page = await pageAs('viewer', { timezoneId: 'UTC' });
  // Transcripts cannot be read for now: a call that has just ended is indexed without its transcript.
  await sim.fault({ method: 'GET', path: '/v1/calls/*/transcript', status5xxRatio: 1 });
  await sim.control('POST', 'calls', { durationSeconds: 30, transcriptEntries: 6 });
  const q = 'zqxjvk';
  let pending = 0;
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`${BFF_URL}/bff/index/calls?q=${q}&size=1`);
        pending = ((await res.json()) as { transcriptsPending?: number }).transcriptsPending ?? 0;
        return pending;
      },
      { timeout: 90_000, intervals: [2_000] },
    )
    .toBeGreaterThan(0);

  await page.goto(`/calls?q=${q}`);
  await expect(page.getByText('No call matches these filters')).toBeVisible();
  await expect(page.getByTestId('index-freshness')).toHaveText(/Indexed up to \d+ (s|min) ago|still being built/);
  await expect(page.getByText(/calls? whose transcripts? (is|are) not indexed yet/)).toContainText(/^.*\d+ calls? whose/);
  await expect(page.getByText('Calls placed since the index was last brought up to date are not in it yet.', { exact: false })).toBeVisible();
});
