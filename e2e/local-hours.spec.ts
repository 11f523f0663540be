/**
 * Issue 32, part 1 "Done when": a US list over four time zones becomes four campaigns, each with
 * its own zone as `timezone`, and the review step shows each zone's first call in the person's time
 * and the viewer's (the browser here keeps Paris time).
 */
import { DateTime } from 'luxon';
import { discardWizardDraft, expect, expectNoA11yViolations, pickOption, signIn, test } from './fixtures';

const CAMPAIGN_ZONE = 'America/New_York';
const VIEWER_ZONE = 'Europe/Paris';
// Two numbers per zone, by area code: New York 212, Chicago 312, Denver 303, Los Angeles 213; and
// Alaska's 907, which spans two clocks (ambiguous: called in the campaign's zone by default).
const ZONES: Record<string, string[]> = {
  'America/New_York': ['+12127363100', '+12127363101'],
  'America/Chicago': ['+13127443100', '+13127443101'],
  'America/Denver': ['+13038663100', '+13038663101'],
  'America/Los_Angeles': ['+12134733100', '+12134733101'],
};
const ALASKA = '+19075550100';

test.use({ timezoneId: VIEWER_ZONE });
test.setTimeout(120_000);

test.beforeEach(async ({ page, sim }) => {
  await signIn(page, 'operator');
  await discardWizardDraft(page);
  await sim.clearFaults();
});

test('a US list over four zones becomes four campaigns, each in its zone, with each first call in local and viewer time', async ({ page, sim }) => {
  const agent = await sim.callableAgent();
  const name = `Local hours ${Date.now()}`;
  const simNow = DateTime.fromISO(await sim.now());
  const start = simNow.setZone(CAMPAIGN_ZONE).plus({ days: 1 }).toISODate()!;

  await page.goto('/campaigns/new?step=basics');
  await page.getByLabel('Campaign name').fill(name);
  await pickOption(page, 'Agent (outbound, active)', agent.name);
  await pickOption(page, 'Time zone of the campaign', 'America/New York');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/step=schedule/);
  await page.getByLabel('Start date').fill(start);
  await page.getByRole('button', { name: 'Every day' }).click();
  await page.getByLabel('Calls per day').fill('10');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/step=recipients/);

  const rows = ['phone', ...Object.values(ZONES).flat(), ALASKA];
  await page.getByLabel(/Or paste rows/).fill(`${rows.join('\n')}\n`);
  await page.getByRole('button', { name: 'Use pasted rows' }).click();

  // The recipients step groups them: one New York campaign calls Los Angeles at 07:00 its time.
  const byZone = page.getByRole('table', { name: 'Recipients by time zone' });
  await expect(byZone).toBeVisible();
  await expect(page.getByText('9 recipients in 4 time zones; 1 number has no sure zone.', { exact: false })).toBeVisible();
  await expect(byZone.getByRole('row', { name: /America\/Los_Angeles/ })).toContainText('07:00–10:00');
  await expect(byZone.getByRole('row', { name: /America\/Los_Angeles/ })).toContainText('Outside');
  await expect(byZone.getByRole('row', { name: /Ambiguous: America\/Adak or America\/Anchorage/ })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Call each person in their own local hours (one campaign per time zone)' }).check();
  await expect(byZone.getByRole('row', { name: /America\/Los_Angeles/ })).toContainText('Inside');
  await expect(page.getByLabel(/Numbers with no sure zone/)).toHaveValue('default');
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/step=review/);

  // Review: each zone's first call at 10:00 its time, and in Paris time for the viewer.
  const review = page.getByRole('table', { name: 'Recipients by time zone' });
  const viewerHour: Record<string, string> = {};
  for (const zone of Object.keys(ZONES)) {
    const first = DateTime.fromISO(`${start}T10:00`, { zone });
    viewerHour[zone] = first.setZone(VIEWER_ZONE).toFormat('HH:mm');
    const row = review.getByRole('row').filter({ has: page.getByRole('rowheader', { name: zone, exact: true }) });
    await expect(row).toContainText(`${first.toFormat('ccc d LLL')}, 10:00`);
    await expect(row).toContainText(`${first.setZone(VIEWER_ZONE).toFormat('ccc d LLL')}, ${viewerHour[zone]}`);
  }
  // The four campaigns, with the 10 calls a day shared by size (New York also takes Alaska's number).
  const parts = page.getByRole('table', { name: 'Campaigns per time zone' });
  await expect(parts.getByRole('row')).toHaveCount(5);
  await expect(parts.getByRole('row').filter({ has: page.getByRole('rowheader', { name: `${name} · America/New_York`, exact: true }) })).toContainText(
    '(10 × 3/9)',
  );
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Create 4 campaigns' }).click();
  await expect(page).toHaveURL(/\/campaigns\?/, { timeout: 30_000 });

  // Upstream: exactly one campaign per zone, with that zone and its recipients' share of the batch.
  const registry = (await (await page.request.get('/bff/campaigns?page=1&size=100')).json()) as { content: { id: string; name: string }[] };
  const mine = registry.content.filter((c) => c.name.startsWith(`${name} · `));
  expect(mine).toHaveLength(4);
  const upstream = await Promise.all(
    mine.map((c) => sim.upstream<{ name: string; timezone: string; batchSize: number; startDate: string }>(`/v1/campaigns/${c.id}`)),
  );
  expect(upstream.map((c) => [c.name, c.timezone, c.batchSize]).sort()).toEqual(
    [
      [`${name} · America/New_York`, 'America/New_York', 4],
      [`${name} · America/Chicago`, 'America/Chicago', 2],
      [`${name} · America/Denver`, 'America/Denver', 2],
      [`${name} · America/Los_Angeles`, 'America/Los_Angeles', 2],
    ].sort(),
  );
  expect(upstream.every((c) => c.startDate >= start)).toBe(true);

  // The wizard linked the four parts: each part's page counts every person once over all of them.
  const recipientsSent = (await page.request.get(`/bff/campaigns/${mine[0]!.id}/recipients`).then((r) => r.json())) as {
    known: boolean;
    funnel: { recipients: number };
    split: { parts: { id: string }[]; people: number; sent: number } | null;
  };
  expect(recipientsSent.split?.parts.map((p) => p.id).sort()).toEqual(mine.map((c) => c.id).sort());
  expect(recipientsSent.split?.people).toBe(recipientsSent.split?.sent);
  await page.goto(`/campaigns/${mine[0]!.id}`);
  await expect(page.getByTestId('split-funnel')).toContainText('Over the 4 parts of this list');
  await expect(page.getByTestId('split-funnel')).toContainText(`People: ${recipientsSent.split!.people}`);
  await expectNoA11yViolations(page, 'a part of a split list');
});
