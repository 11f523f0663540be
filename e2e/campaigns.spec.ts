/**
 * Issue 7, "Done when": the campaign wizard and pages against the real stack (BFF + simulator).
 * Upstream state is read back from the simulator with the primary key; time moves with /_sim/clock.
 */
import type { Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { effectiveWindows, toMinutes } from '../contract/time-slots';
import { LIMITS } from '../contract/limits';
import {
  BFF_WRITE_HEADERS,
  discardWizardDraft,
  expect,
  expectNoA11yViolations,
  indexReady,
  pickOption,
  registeredCampaigns,
  signIn,
  tabTo,
  test,
} from './fixtures';

const ZONE = 'Europe/Paris';
const DAYS = ['MONDAY', 'WEDNESDAY', 'FRIDAY'] as const;
const SLOTS = [
  { startTime: '09:00', endTime: '11:00' },
  { startTime: '12:30', endTime: '15:00' },
];

const frenchMobile = (i: number) => `+3361234${String(i).padStart(4, '0')}`;

function csv(rows: number, bad: string[] = []): string {
  const lines = ['phone,first_name,tags'];
  for (let i = 0; i < rows - bad.length; i += 1) lines.push(`${frenchMobile(i)},Person ${i},${i % 2 ? 'even' : 'odd'}`);
  for (const b of bad) lines.push(`${b},Bad,`);
  return `${lines.join('\n')}\n`;
}

/** The simulator's clock moves ahead of the browser's when a test advances it: dates follow it. */
let simNow: DateTime = DateTime.now();

/** Tomorrow in the campaign's zone, by the simulator's clock. */
function startDate(): string {
  return simNow.setZone(ZONE).plus({ days: 1 }).toISODate()!;
}

async function fillBasics(page: Page, name: string, agentName: string) {
  await page.goto('/campaigns/new?step=basics');
  await page.getByLabel('Campaign name').fill(name);
  await pickOption(page, 'Agent (outbound, active)', agentName);
  await pickOption(page, 'Time zone of the campaign', ZONE);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/step=schedule/);
}

async function fillSchedule(page: Page, batch = 100) {
  await page.getByLabel('Start date').fill(startDate());
  await page.getByRole('button', { name: 'Every day' }).click();
  for (const d of ['Tuesday', 'Thursday', 'Saturday', 'Sunday']) await page.getByRole('checkbox', { name: d }).uncheck();
  await page.getByLabel('Slot 1 from').fill(SLOTS[0]!.startTime);
  await page.getByLabel('Slot 1 to').fill(SLOTS[0]!.endTime);
  await page.getByRole('button', { name: 'Add a slot' }).click();
  await page.getByLabel('Slot 2 from').fill(SLOTS[1]!.startTime);
  await page.getByLabel('Slot 2 to').fill(SLOTS[1]!.endTime);
  await page.getByLabel('Calls per day').fill(String(batch));
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/step=retry/);
}

async function fillRetry(page: Page) {
  await page.getByRole('checkbox', { name: 'Call unreached recipients again' }).check();
  await page.getByLabel('More attempts at most').fill('2');
  await page.getByRole('button', { name: '1 hour' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/step=recipients/);
}

async function upload(page: Page, text: string) {
  await page.getByLabel('choose a CSV file').setInputFiles({ name: 'recipients.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
}

async function paste(page: Page, text: string) {
  await page.getByLabel(/Or paste rows/).fill(text);
  await page.getByRole('button', { name: 'Use pasted rows' }).click();
}

async function toReview(page: Page, name: string, agentName: string, rows: string) {
  await fillBasics(page, name, agentName);
  await fillSchedule(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await upload(page, rows);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/step=review/);
}

test.setTimeout(120_000);

test.beforeEach(async ({ page, sim }) => {
  await signIn(page, 'operator');
  await discardWizardDraft(page);
  await sim.clearFaults();
  simNow = DateTime.fromISO(await sim.now());
});

test('a whole wizard run with 250 rows and three fixed rows creates one campaign as entered, calling only in the clipped windows on its days', async ({
  page,
  sim,
}) => {
  const agent = await sim.callableAgent();
  const name = `Renewals ${Date.now()}`;
  await fillBasics(page, name, agent.name);
  await expectNoA11yViolations(page);
  await fillSchedule(page);
  await fillRetry(page);
  await upload(page, csv(250, ['12345', 'not a phone', '+33 1']));
  await expect(page.getByRole('status').filter({ hasText: 'recipients ready' })).toContainText(
    '247 recipients ready; 0 duplicates removed; 3 rows need attention.',
  );
  await expectNoA11yViolations(page);
  const fixes = ['+33698765401', '+33698765402', '+33698765403'];
  for (const [i, line] of [249, 250, 251].entries()) {
    const input = page.getByLabel(`Line ${line}`, { exact: true });
    await input.fill(fixes[i]!);
    await input.press('Enter');
  }
  await expect(page.getByRole('status').filter({ hasText: 'recipients ready' })).toContainText(
    '250 recipients ready; 0 duplicates removed; 0 rows need attention.',
  );
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/step=review/);
  await expect(page.getByText('Every number is on the campaign’s clock')).toBeVisible();
  await expect(page.getByText('Calling days')).toBeVisible();
  // The statuses it calls again on, in the calls list's words (before: "no answer, unreachable" here and
  // "NO_ANSWER, UNREACHABLE" on the campaign's page).
  await expect(page.getByText('when the call ended as no answer or unreachable.')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const id = page.url().split('/').pop()!;
  await expect(page.getByText('Up to 2 more attempts, 60 minutes apart, when the call ended as no answer or unreachable')).toBeVisible();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expectNoA11yViolations(page);

  const created = await sim.upstream<Record<string, unknown>>(`/v1/campaigns/${id}`);
  expect(created).toMatchObject({
    name,
    agentId: agent.id,
    timezone: ZONE,
    startDate: startDate(),
    timeSlots: SLOTS,
    batchSize: 100,
    days: [...DAYS],
    retry: { max: 2, delay: 60, retryOn: ['NO_ANSWER', 'UNREACHABLE'] },
    status: 'ACTIVE',
  });
  expect(await registeredCampaigns(page, name)).toHaveLength(1);

  // A week on, every recipient has been called, each call inside the clipped windows on a chosen day.
  await sim.advanceClock(8 * 24 * 60);
  const calls = await sim.upstreamAll<{ startTime: string }>('/v1/calls', { campaignName: name });
  expect(calls.length).toBeGreaterThanOrEqual(250);
  const windows = effectiveWindows(SLOTS);
  const weekdays = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];
  for (const c of calls) {
    const local = DateTime.fromISO(c.startTime).setZone(ZONE);
    const minute = local.hour * 60 + local.minute;
    expect(DAYS as readonly string[], c.startTime).toContain(weekdays[local.weekday - 1]);
    expect(
      windows.some((w) => minute >= toMinutes(w.startTime) && minute < toMinutes(w.endTime)),
      `${c.startTime} is ${local.toFormat('HH:mm')} in ${ZONE}`,
    ).toBe(true);
  }
});

test('a reload on the recipients step keeps every row', async ({ page, sim }) => {
  const agent = await sim.callableAgent();
  await fillBasics(page, `Reload ${Date.now()}`, agent.name);
  await fillSchedule(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await upload(page, csv(250, ['12345']));
  await expect(page.getByRole('status').filter({ hasText: 'recipients ready' })).toContainText('249 recipients ready');
  await expect(page.getByText('Draft saved')).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/step=recipients/);
  await expect(page.getByRole('status').filter({ hasText: 'recipients ready' })).toContainText(
    '249 recipients ready; 0 duplicates removed; 1 row needs attention.',
  );
  await expect(page.getByLabel('Line 251', { exact: true })).toHaveValue('12345');
});

test('a double click on Create makes one campaign', async ({ page, sim }) => {
  const agent = await sim.callableAgent();
  const name = `Double ${Date.now()}`;
  await toReview(page, name, agent.name, csv(20));
  await page.getByRole('button', { name: 'Create campaign' }).dblclick();
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  expect(await registeredCampaigns(page, name)).toHaveLength(1);
});

test('a dropped upstream connection: the checks find nothing, and a new key is offered only with the duplicate warning, making one campaign', async ({
  page,
  sim,
}) => {
  const agent = await sim.callableAgent();
  const name = `Dropped ${Date.now()}`;
  await toReview(page, name, agent.name, csv(20));
  await sim.fault({ method: 'POST', path: '/v1/campaigns', resetRatio: 1, count: 1 });
  await page.getByRole('button', { name: 'Create campaign' }).click();
  const panel = page.getByRole('alert').filter({ hasText: 'may or may not have been created' });
  await expect(panel).toContainText(`The campaign registry has no campaign “${name}” created since this attempt started`, { timeout: 30_000 });
  await expect(panel).toContainText('the audit log records the attempt as sent with no answer');
  await expect(panel).toContainText('there will be two campaigns and every recipient will be called twice');
  await expect(page.getByRole('button', { name: 'It is not there: try again' })).toHaveCount(0);
  const again = panel.getByRole('button', { name: 'Create it again as a new campaign' });
  await expect(again).toBeDisabled();
  expect(await registeredCampaigns(page, name)).toHaveLength(0);
  await expectNoA11yViolations(page);
  await panel.getByRole('checkbox', { name: 'I checked: it was not created' }).check();
  await again.click();
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  expect(await registeredCampaigns(page, name)).toHaveLength(1);
});

test('an answer lost between the browser and Switchboard: the wizard finds the campaign and opens it, never offering a new key', async ({ page, sim }) => {
  const agent = await sim.callableAgent();
  const name = `Lost answer ${Date.now()}`;
  await toReview(page, name, agent.name, csv(20));
  // The request reaches the BFF (which creates the campaign and keeps the answer); the browser sees the connection drop.
  await page.route(
    '**/bff/campaigns',
    async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      await route.fetch();
      await route.abort('connectionreset');
    },
    { times: 1 },
  );
  const creates: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/bff/campaigns') creates.push(r.headers()['idempotency-key'] ?? '');
  });
  await page.getByRole('button', { name: 'Create campaign' }).click();
  const panel = page.getByRole('alert').filter({ hasText: 'may or may not have been created' });
  await expect(panel).toContainText(`The campaign “${name}” was created. The Voice API’s answer reached Switchboard after all.`, { timeout: 30_000 });
  await expect(panel.getByRole('button', { name: /Create it again/ })).toHaveCount(0);
  await expectNoA11yViolations(page);
  await panel.getByRole('button', { name: 'Open the campaign' }).click();
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const id = page.url().split('/').pop()!;
  expect(await registeredCampaigns(page, name)).toEqual([expect.objectContaining({ id })]);
  expect((await sim.upstream<{ name: string }>(`/v1/campaigns/${id}`)).name).toBe(name);
  expect(creates).toHaveLength(1);
});

test('each limit is refused in the UI with its reason before any request', async ({ page, sim }) => {
  const creates: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/bff/campaigns') creates.push(r.url());
  });
  const agent = await sim.callableAgent();
  await fillBasics(page, `Limits ${Date.now()}`, agent.name);

  const yesterday = DateTime.now().setZone(ZONE).minus({ days: 1 }).toISODate()!;
  await page.getByLabel('Start date').fill(yesterday);
  await page.getByLabel('Slot 1 from').fill('09:00');
  await page.getByLabel('Slot 1 to').fill('10:00');
  await page.getByLabel('Calls per day').fill('0');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/step=schedule/);
  await expect(page.getByText(/The start date cannot be before today/)).toBeVisible();
  await expect(page.getByText('Slot 1: The slot 09:00-10:00 lies outside the calling windows (10:00-13:00 and 14:00-20:00).')).toBeVisible();
  await expect(page.getByText(`Calls per day must be at least ${LIMITS.batchSize.min}.`)).toBeVisible();
  await page.getByLabel('Calls per day').fill(String(LIMITS.batchSize.max + 1));
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(`Calls per day must be at most ${LIMITS.batchSize.max}.`)).toBeVisible();

  await page.getByLabel('Slot 1 from').fill('10:00');
  await page.getByLabel('Slot 1 to').fill('11:00');
  await page.getByRole('button', { name: 'Add a slot' }).click();
  await page.getByRole('button', { name: 'Add a slot' }).click();
  await page.getByLabel('Slot 2 from').fill('14:00');
  await page.getByLabel('Slot 2 to').fill('15:00');
  await page.getByLabel('Slot 3 from').fill('16:00');
  await page.getByLabel('Slot 3 to').fill('17:00');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(`At most ${LIMITS.timeSlots.max} time slots.`)).toBeVisible();
  await expect(page).toHaveURL(/step=schedule/);
  await expectNoA11yViolations(page);

  // Recipients: none usable, then one past the limit.
  await page.goto('/campaigns/new?step=recipients');
  await paste(page, 'phone\nabc\n');
  await expect(page.getByText('Add at least one recipient.')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/step=recipients/);
  await page.getByRole('button', { name: 'Start over with another list' }).click();
  await paste(page, csv(LIMITS.campaignRecipients.max + 1));
  await expect(page.getByText(`At most ${LIMITS.campaignRecipients.max.toLocaleString('en')} recipients per campaign; this list has 1,001.`)).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Split into 2 campaigns' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/step=recipients/);
  expect(creates).toEqual([]);
});

test('pause, resume and cancel through the UI are reflected by the API', { tag: '@journey' }, async ({ page, sim }) => {
  const agent = await sim.callableAgent();
  await toReview(page, `Status ${Date.now()}`, agent.name, csv(5));
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const id = page.url().split('/').pop()!;
  const status = async () => (await sim.upstream<{ status: string }>(`/v1/campaigns/${id}`)).status;

  await page.getByRole('button', { name: 'Pause' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Pause' }).click();
  await expect.poll(status).toBe('PAUSED');
  await page.getByRole('button', { name: 'Resume' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Resume' }).click();
  await expect.poll(status).toBe('ACTIVE');
  await page.getByRole('button', { name: 'Cancel campaign' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('final');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel campaign' }).click();
  await expect.poll(status).toBe('CANCELLED');
  await expect(page.getByText('Cancelled campaigns cannot change any more.')).toBeVisible();

  await page.goto('/campaigns');
  await expect(page.getByRole('table', { name: 'Campaigns' })).toBeVisible();
  await expectNoA11yViolations(page);
});

test('a campaign can be created and paused with the keyboard alone', async ({ page, sim }) => {
  const agent = await sim.callableAgent();
  const name = `Keyboard ${Date.now()}`;
  await page.goto('/campaigns/new?step=basics');
  await expect(page.getByRole('heading', { name: 'Basics' })).toBeFocused();
  await tabTo(page, page.getByLabel('Campaign name'));
  await page.keyboard.type(name);
  await tabTo(page, page.getByRole('combobox', { name: 'Agent (outbound, active)' }));
  await page.keyboard.type(agent.name);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Agent (outbound, active)' })).toHaveValue(agent.name);
  await tabTo(page, page.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/step=schedule/);
  await expect(page.getByRole('heading', { name: 'Schedule' })).toBeFocused();
  // The simulator's clock may be days ahead (an earlier test advanced it): type a date it accepts.
  await tabTo(page, page.getByLabel('Start date'));
  await page.keyboard.type(DateTime.fromISO(startDate()).plus({ days: 1 }).toFormat('MMddyyyy'));
  await expect(page.getByLabel('Start date')).toHaveValue(DateTime.fromISO(startDate()).plus({ days: 1 }).toISODate()!);
  for (const step of ['retry', 'recipients']) {
    await tabTo(page, page.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`step=${step}`));
  }
  await tabTo(page, page.getByLabel(/Or paste rows/));
  await page.keyboard.type('+33612345678\n+33612345679');
  await tabTo(page, page.getByRole('button', { name: 'Use pasted rows' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'recipients ready' })).toContainText('2 recipients ready');
  await tabTo(page, page.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/step=review/);
  await tabTo(page, page.getByRole('button', { name: 'Create campaign' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const id = page.url().split('/').pop()!;
  await tabTo(page, page.getByRole('button', { name: 'Pause' }));
  await page.keyboard.press('Enter');
  // Focus starts on Cancel in the dialog (a stray Enter never confirms): Tab to the action.
  await tabTo(page, page.getByRole('alertdialog').getByRole('button', { name: 'Pause' }));
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await sim.upstream<{ status: string }>(`/v1/campaigns/${id}`)).status).toBe('PAUSED');
});

test('an upstream 400 lands on its step and field, the step marked', async ({ page, sim }) => {
  const agent = await sim.callableAgent();
  const name = `Refused ${Date.now()}`;
  await toReview(page, name, agent.name, csv(3));
  // The Voice API's clock moves two days ahead: "tomorrow" is now in its past.
  await sim.advanceClock(2 * 24 * 60);
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'refused' })).toContainText('Schedule: The start date must be today or later');
  await expect(page.getByRole('button', { name: '2. Schedule (needs attention)' })).toBeVisible();
  await page.getByRole('button', { name: /^Schedule: / }).click();
  await expect(page).toHaveURL(/step=schedule/);
  await expect(page.getByLabel('Start date')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('The start date must be today or later')).toBeVisible();
  expect(await registeredCampaigns(page, name)).toHaveLength(0);
});

test('a campaign just created says "not yet indexed" on the list, never "Calls 0", until the index has counted its calls', async ({ page, sim }) => {
  test.setTimeout(180_000);
  await indexReady(page);
  const agent = await sim.callableAgent();
  const name = `Not yet indexed ${Date.now()}`;
  const phones = ['+33612348811', '+33612348812', '+33612348813'];
  const row = page.locator(`tr[data-campaign-id]`).filter({ has: page.getByRole('link', { name }) });
  const cell = async (header: string) => {
    const headers = (await page.locator('thead th').allInnerTexts()).map((h) => h.trim());
    // An unknown header (the table not drawn yet) would read nth(-1), the last cell: a date.
    expect(headers, `the column ${header}`).toContain(header);
    return (await row.locator('td, th').nth(headers.indexOf(header)).innerText()).trim();
  };
  // Hold the index back: its reads of the calls list stall past the BFF's timeout, so no pass that
  // begins after the create completes while the list is read.
  await sim.fault({ method: 'GET', path: '/v1/calls', latencyMs: 60_000 });
  try {
    const created = await page.request.post('/bff/campaigns', {
      headers: { ...BFF_WRITE_HEADERS, 'Idempotency-Key': `not-yet-indexed-${Date.now()}` },
      data: {
        name,
        agentId: agent.id,
        startDate: simNow.setZone('UTC').toISODate(),
        timezone: 'UTC',
        timeSlots: [{ startTime: '00:00', endTime: '23:59' }],
        batchSize: 10,
        days: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'],
        recipients: phones.map((phone) => ({ phone })),
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    // The upstream places the campaign's calls; the index has not read them.
    await sim.advanceClock(2 * 24 * 60);
    await page.goto('/campaigns?page=1&size=100');
    // The row first: without it, "no pulse in the row" holds at once (a loaded CI run read the headers
    // of a table not drawn yet and got the row's last cell).
    await expect(row).toBeVisible();
    await expect(row.locator('.animate-pulse')).toHaveCount(0);
    for (const header of ['Calls', 'Reached', 'Not reached', 'Remaining']) expect(await cell(header)).toBe('not yet indexed');
    await expect(page.getByText(/a campaign created since is .not yet indexed. until the index.s next pass counts it/)).toBeVisible();
  } finally {
    await sim.clearFaults();
  }
  const calls = await sim.upstreamAll<{ id: string }>('/v1/calls', { campaignName: name });
  expect(calls.length).toBeGreaterThan(0);
  // Without a reload, the list asks again and shows the index's count once a pass has counted the campaign.
  await expect.poll(() => cell('Calls'), { timeout: 120_000, intervals: [2000] }).toBe(String(calls.length));
  await expectNoA11yViolations(page);
});

test("the campaigns list shows each campaign's progress (calls, reached, not reached, remaining) with one progress request", async ({ page, sim }) => {
  const agent = await sim.callableAgent();
  const name = `Progress ${Date.now()}`;
  const phones = ['+33612348801', '+33612348802', '+33612348803', '+33612348804'];
  const created = await page.request.post('/bff/campaigns', {
    headers: { ...BFF_WRITE_HEADERS, 'Idempotency-Key': `progress-${Date.now()}` },
    data: {
      name,
      agentId: agent.id,
      startDate: simNow.setZone('UTC').toISODate(),
      timezone: 'UTC',
      timeSlots: [{ startTime: '00:00', endTime: '23:59' }],
      batchSize: 10,
      days: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'],
      recipients: phones.map((phone) => ({ phone })),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;
  await sim.advanceClock(2 * 24 * 60);
  const calls = (await sim.upstream<{ content: { phone: string; status: string }[] }>(`/v1/calls?campaignName=${encodeURIComponent(name)}&size=100`)).content;
  expect(calls.length).toBeGreaterThan(0);
  const reached = calls.filter((c) => ['COMPLETED', 'TRANSFERRED'].includes(c.status)).length;
  const notReached = calls.filter((c) =>
    ['NO_ANSWER', 'VOICE_BOX', 'UNREACHABLE', 'FAILED', 'FAILOVER', 'REJECTED', 'REJECTED_LIMIT_REACHED', 'REJECTED_MAX_CONCURRENCY'].includes(c.status),
  ).length;
  const remaining = phones.length - new Set(calls.map((c) => c.phone)).size;

  const progressRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/bff/index/campaigns')) progressRequests.push(r.url());
  });
  const row = page.locator(`tr[data-campaign-id="${id}"]`);
  const cells = async () => {
    const headers = await page.locator('thead th').allInnerTexts();
    const values = await row.locator('td, th').allInnerTexts();
    return Object.fromEntries(headers.map((h, i) => [h.trim(), values[i]?.trim()]));
  };
  // The index syncs every few seconds (playwright.config.ts): reload until it has the campaign's calls.
  await expect
    .poll(
      async () => {
        progressRequests.length = 0;
        await page.goto('/campaigns?page=1&size=100');
        await expect(row.getByRole('link', { name })).toBeVisible();
        await expect(row.locator('.animate-pulse')).toHaveCount(0);
        return (await cells())['Calls'];
      },
      { timeout: 100_000, intervals: [5000] },
    )
    .toBe(String(calls.length));
  expect(await cells()).toMatchObject({ Reached: String(reached), 'Not reached': String(notReached), Remaining: `${remaining} of ${phones.length}` });
  expect(progressRequests).toHaveLength(1);
  await expectNoA11yViolations(page);
});
