/**
 * Script checks in Chromium against the real stack: an admin adds "the agent said the recording
 * disclosure within 30 s of the answer" in the check form (a blank list of phrases is refused and
 * what was typed stays); a call whose agent never said it is flagged, and its review names the
 * check. A category of French phrases is counted on Insights, and its count opens the calls list
 * filtered to the calls it marked.
 */
import { BFF_URL, expect, expectNoA11yViolations, indexReady, listedCallIds, test } from './fixtures';
import { filterBar } from './filter-bar';

test.setTimeout(150_000);

test('a missing disclosure flags the call, named on its review; a category is counted on Insights', async ({ pageAs, sim }) => {
  const admin = await pageAs('admin', { timezoneId: 'UTC' });
  await indexReady(admin);
  const agents = await sim.upstreamAll<{ id: string; name: string }>('/v1/agents');
  const french = agents.find((a) => a.name === 'Rappel de rendez-vous')!;
  // A finished French call: its agent greets, asks, and never says the call is recorded.
  const { id } = await sim.control<{ id: string }>('POST', 'calls', { agentId: french.id, durationSeconds: 40, transcriptEntries: 12 });
  await expect
    .poll(
      async () => {
        const res = await admin.request.get(`${BFF_URL}/bff/index/calls?q=${encodeURIComponent('"cabinet Martin"')}&agentId=${french.id}&size=100`);
        return ((await res.json()) as { content: { id: string }[] }).content.some((c) => c.id === id);
      },
      { timeout: 90_000, intervals: [1_000] },
    )
    .toBe(true);

  await admin.goto('/review/settings');
  const form = admin.getByRole('form', { name: 'Add an automatic check' });
  const name = `Recording disclosure ${Date.now()}`;
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Flag a call when').selectOption('phraseWithin');
  await form.getByLabel('Said by the agent within (seconds of the answer)').fill('30');
  await form.getByRole('button', { name: 'Add the check' }).click();
  await expect(form.getByText('Enter at least one phrase.')).toBeVisible();
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue(name);
  await form.getByLabel(/Phrases, one a line/).fill('this call is recorded\ncet appel est enregistré');
  await expectNoA11yViolations(admin, 'review settings with a script check');
  await form.getByRole('button', { name: 'Add the check' }).click();
  await expect(admin.getByText(new RegExp(`"${name}" flagged \\d+ calls`))).toBeVisible();
  await expect(admin.getByRole('listitem').filter({ hasText: name })).toContainText(
    'the agent did not say "this call is recorded" or "cet appel est enregistré" within 30 s of the answer',
  );

  // The call's review, as QA staff sees it, names the check.
  const viewer = await pageAs('viewer', { timezoneId: 'UTC' });
  await viewer.goto(`/calls/${id}`);
  const panel = viewer.getByRole('region', { name: 'QA review' });
  await expect(panel.getByText(`Flagged by "${name}"`)).toBeVisible();
  await expectNoA11yViolations(viewer, 'call review flagged by a script check');

  // A category of French phrases, said by anyone, accents aside.
  const category = `Reminder by text ${Date.now()}`;
  await form.getByLabel('Name', { exact: true }).fill(category);
  await form.getByLabel('Flag a call when').selectOption('category');
  await form.getByLabel(/Phrases, one a line/).fill('rappel par SMS\nrecevoir un rappel');
  await form.getByLabel('Said by').selectOption('ANYONE');
  await form.getByRole('button', { name: 'Add the check' }).click();
  await expect(admin.getByText(new RegExp(`"${category}" flagged \\d+ calls`))).toBeVisible();
  const checks = (await (await admin.request.get(`${BFF_URL}/bff/review/rules`)).json()) as { checks: { id: number; name: string; flagged: number }[] };
  const marked = checks.checks.find((c) => c.name === category)!;
  expect(marked.flagged).toBeGreaterThan(0);

  const now = Date.parse(await sim.now());
  const today = new Date(now).toISOString().slice(0, 10);
  const from = new Date(now - 60 * 86_400_000).toISOString().slice(0, 10);
  await viewer.goto(`/?range=custom&from=${from}&to=${today}&tz=UTC`);
  const table = viewer.getByRole('table', { name: 'Calls per category in the range' });
  const row = table.getByRole('row').filter({ hasText: category });
  await expect(row).toBeVisible();
  const counted = Number((await row.getByRole('link').innerText()).replace(/,/g, ''));
  expect(counted).toBeGreaterThan(0);
  await expectNoA11yViolations(viewer, 'insights with categories');
  await row.getByRole('link').click();
  // The router writes a list as JSON: check=["<id>"].
  await expect.poll(() => new URL(viewer.url()).searchParams.get('check')).toBe(JSON.stringify([String(marked.id)]));
  const listed = await listedCallIds(viewer, counted);
  expect(listed).toContain(id);
  // The filter bar says which category keeps the list, and "Any call" lifts it.
  const bar = filterBar(viewer);
  await expect(bar.chip('Flagged by')).toHaveText(`Flagged by: Category: ${category}`);
  const popover = await bar.open('Flagged by');
  const flaggedBy = popover.getByLabel('Flagged by (QA check or category)');
  await expect(flaggedBy).toHaveValue(String(marked.id));
  await expect(flaggedBy.locator('option:checked')).toHaveText(`Category: ${category}`);
  await expectNoA11yViolations(viewer, 'calls list filtered by a category');
  await bar.fill('Flagged by', 'Any call');
  await bar.apply('Flagged by');
  await expect.poll(() => new URL(viewer.url()).searchParams.get('check')).toBeNull();
});
