/**
 * Watched views and alerts in Chromium against the real stack: an operator watches a saved view of
 * a campaign's calls with a no-answer threshold and auto-pause (the form refuses a bad window and
 * keeps what was typed), the simulator's clock moves while the campaign calls, the bell shows the
 * alert, the list and the alert say the campaign was paused, and the upstream says so too; the
 * alert then resumes the campaign in one confirmed click.
 */
import { DateTime } from 'luxon';
import { BFF_URL, BFF_WRITE_HEADERS, expect, expectNoA11yViolations, test } from './fixtures';
import { filterBar } from './filter-bar';

const EVERY_DAY = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];

/**
 * A fixed-offset zone whose local time is now at least a quarter of an hour before 10:00, when the
 * calling window opens: the simulator's clock also moves in real time, and the campaign must not
 * call (nor the alert fire) before the test moves the clock on. Returns the zone and the minutes to
 * the window's opening.
 */
function zoneBeforeTen(now: DateTime): { zone: string; minutesToTen: number } {
  const utc = now.toUTC();
  const hour = utc.minute < 45 ? 9 : 8;
  for (let n = -14; n <= 12; n += 1) {
    if ((((utc.hour - n) % 24) + 24) % 24 === hour) {
      return { zone: `Etc/GMT${n >= 0 ? '+' : '-'}${Math.abs(n)}`, minutesToTen: (10 - hour) * 60 - utc.minute };
    }
  }
  throw new Error(`No whole-hour zone has ${hour}:00 now`);
}

test.setTimeout(300_000);

test('an alert appears when a campaign’s calls go bad, and the campaign is paused', async ({ pageAs, sim }) => {
  const page = await pageAs('operator');
  // Any agent that may place calls: an earlier spec renames the seed's agents.
  const agent = await sim.callableAgent();
  const now = DateTime.fromISO(await sim.now());
  const { zone, minutesToTen } = zoneBeforeTen(now);
  const name = `Alerted ${Date.now()}`;
  // Its own name on each try: a retry finds the first try's rule (and perhaps its alert) still there.
  const ruleName = `No answer over 5 % ${String(Date.now()).slice(-5)}`;
  const created = await page.request.post(`${BFF_URL}/bff/campaigns`, {
    headers: { ...BFF_WRITE_HEADERS, 'Idempotency-Key': `e2e-alerts-${Date.now()}` },
    data: {
      name,
      agentId: agent.id,
      startDate: now.setZone(zone).toISODate(),
      timezone: zone,
      batchSize: 30,
      days: EVERY_DAY,
      timeSlots: [{ startTime: '09:00', endTime: '13:00' }],
      recipients: Array.from({ length: 30 }, (_, i) => ({ phone: `+3361235${String(1000 + i)}` })),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const campaignId = ((await created.json()) as { id: string }).id;

  // A saved view of the campaign's calls, from the calls list.
  await page.goto(`/calls?campaignName=${encodeURIComponent(name)}`);
  const views = await filterBar(page).views();
  await views.getByLabel('Save this view as').fill(name);
  await views.getByRole('button', { name: 'Save', exact: true }).click();
  await views.getByRole('link', { name: `Watch view ${name}` }).click();
  await expect(page).toHaveURL(/\/alerts\/watch\?view=/);
  await expect(page.getByRole('heading', { name: 'Watch a saved view' })).toBeVisible();
  await expectNoA11yViolations(page, 'the watch form');

  // A bad window is refused under its field, and what was typed stays.
  await page.getByLabel('Rule name').fill(ruleName);
  await page.getByLabel('Above (%)').fill('5');
  await page.getByLabel('Over the last (minutes)').fill('0');
  await page.getByRole('button', { name: 'Watch this view' }).click();
  await expect(page.getByText('The window must be at least 1.')).toBeVisible();
  await expect(page.getByLabel('Rule name')).toHaveValue(ruleName);
  await page.getByLabel('Over the last (minutes)').fill('60');
  await page.getByRole('combobox', { name: 'Pause a campaign' }).selectOption({ label: name });
  await page.getByRole('button', { name: 'Watch this view' }).click();
  await expect(page).toHaveURL(/\/alerts\?/);
  const row = page.getByRole('table', { name: 'Watched views' }).getByRole('row').filter({ hasText: ruleName });
  await expect(row).toContainText(`Pauses ${name} (set by operator)`);

  // Away from the alerts list before the alert can fire: the list marks what it shows as seen (its
  // read every few seconds would clear the bell's count while this test polls for the alert).
  await page.goto('/agents');
  await expect(page.getByRole('heading', { name: 'Agents' })).toBeVisible();

  // The calling window opens, and the campaign calls for half an hour of the simulator's time; a
  // third or so are not answered.
  await sim.advanceClock(minutesToTen + 1);
  for (let i = 0; i < 3; i += 1) await sim.advanceClock(10);
  let alertId: number | undefined;
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`${BFF_URL}/bff/alerts?open=true&size=100`);
        const alert = ((await res.json()) as { content: { id: number; ruleName: string; pause: { state: string } }[] }).content.find(
          (a) => a.ruleName === ruleName,
        );
        alertId = alert?.id;
        return alert?.pause.state;
      },
      { timeout: 200_000, intervals: [2_000] },
    )
    .toBe('done');

  // The bell counts it; the list and the alert say the campaign was paused.
  await page.goto('/');
  await expect(page.getByRole('link', { name: /^Alerts, \d+ unread$/ })).toBeVisible();
  await page.getByRole('link', { name: /^Alerts, \d+ unread$/ }).click();
  await expect(page).toHaveURL(/\/alerts/);
  const alertRow = page.getByRole('table', { name: 'Alerts' }).getByRole('row').filter({ hasText: ruleName });
  await expect(alertRow).toContainText(`Paused ${name}`);
  await expect(alertRow).toContainText('No answer share');
  await expect(page.getByRole('link', { name: 'Alerts, none unread' })).toBeVisible();
  await expectNoA11yViolations(page, 'the alerts list');
  await alertRow.getByRole('link', { name: ruleName }).click();
  await expect(page).toHaveURL(new RegExp(`/alerts/${alertId}$`));
  await expect(page.getByTestId('alert-pause')).toContainText(`Paused ${name}`);
  await expect(page.getByTestId('alert-pause')).toContainText('auto-pause set by operator');
  await expectNoA11yViolations(page, 'an alert');

  const campaign = await sim.upstream<{ status: string }>(`/v1/campaigns/${campaignId}`);
  expect(campaign.status).toBe('PAUSED');

  // The alert names its campaign with its live status, and changes it in one confirmed click.
  const about = page.getByTestId('alert-campaign');
  await expect(about.getByRole('link', { name })).toHaveAttribute('href', `/campaigns/${campaignId}`);
  await expect(about).toContainText('Paused');
  await about.getByRole('button', { name: 'Resume' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Resume' }).click();
  await expect(about).toContainText('Active');
  expect((await sim.upstream<{ status: string }>(`/v1/campaigns/${campaignId}`)).status).toBe('ACTIVE');
});
