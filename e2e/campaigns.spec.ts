/**
 * Issue 7, "Done when": the campaign wizard and pages against the real stack (BFF + simulator).
 * Upstream state is read back from the simulator with the primary key; time moves with /_sim/clock.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { effectiveWindows, toMinutes } from '../contract/time-slots';
import { LIMITS } from '../contract/limits';
import { pickOption } from './fixtures';

const SIM = `http://127.0.0.1:${process.env.E2E_SIM_PORT ?? 14010}`;
const CONTROL = { Authorization: 'Bearer e2e-control-token' };
const API_KEY = { 'X-Api-Key': 'sim-key-primary-0000000000000001' };
const ZONE = 'Europe/Paris';
const DAYS = ['MONDAY', 'WEDNESDAY', 'FRIDAY'] as const;
const SLOTS = [
  { startTime: '09:00', endTime: '11:00' },
  { startTime: '12:30', endTime: '15:00' },
];

async function signIn(page: Page, user = 'operator') {
  const base = test.info().project.use.baseURL!;
  const res = await page.request.post('/auth/login', {
    data: { username: user, password: 'switchboard-demo' },
    headers: { 'X-Switchboard': '1', Origin: new URL(base).origin },
  });
  expect(res.status()).toBe(204);
}

async function discardDraft(page: Page) {
  const base = test.info().project.use.baseURL!;
  await page.request.delete('/bff/drafts/campaign-new', { headers: { 'X-Switchboard': '1', Origin: new URL(base).origin } });
}

async function sim<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`${SIM}${path}`, { headers: API_KEY });
  expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

async function outboundAgent(request: APIRequestContext): Promise<{ id: string; name: string }> {
  const page = await sim<{ content: { id: string; name: string; active: boolean; archived: boolean }[] }>(request, '/v1/agents?type=OUTBOUND&size=100');
  return page.content.find((a) => a.active && !a.archived)!;
}

async function registry(page: Page, name: string) {
  const res = await page.request.get('/bff/campaigns?page=1&size=100');
  const body = (await res.json()) as { content: { id: string; name: string }[] };
  return body.content.filter((c) => c.name === name);
}

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

async function noSeriousAxe(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

test.setTimeout(120_000);

test.beforeEach(async ({ page }) => {
  await signIn(page);
  await discardDraft(page);
  await page.request.delete(`${SIM}/_sim/faults`, { headers: CONTROL });
  const clock = (await (await page.request.get(`${SIM}/_sim/clock`, { headers: CONTROL })).json()) as { now: string };
  simNow = DateTime.fromISO(clock.now);
});

test('a whole wizard run with 250 rows and three fixed rows creates one campaign as entered, calling only in the clipped windows on its days', async ({
  page,
  request,
}) => {
  const agent = await outboundAgent(request);
  const name = `Renewals ${Date.now()}`;
  await fillBasics(page, name, agent.name);
  await noSeriousAxe(page);
  await fillSchedule(page);
  await fillRetry(page);
  await upload(page, csv(250, ['12345', 'not a phone', '+33 1']));
  await expect(page.getByRole('status').filter({ hasText: 'recipients ready' })).toContainText(
    '247 recipients ready; 0 duplicates removed; 3 rows need attention.',
  );
  await noSeriousAxe(page);
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
  await noSeriousAxe(page);
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const id = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await noSeriousAxe(page);

  const created = await sim<Record<string, unknown>>(request, `/v1/campaigns/${id}`);
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
  expect(await registry(page, name)).toHaveLength(1);

  // A week on, every recipient has been called, each call inside the clipped windows on a chosen day.
  await request.post(`${SIM}/_sim/clock`, { headers: CONTROL, data: { advanceMinutes: 8 * 24 * 60 } });
  const calls: { startTime: string }[] = [];
  for (let p = 1; ; p += 1) {
    const body = await sim<{ content: { startTime: string }[]; totalPages: number }>(
      request,
      `/v1/calls?campaignName=${encodeURIComponent(name)}&size=100&page=${p}`,
    );
    calls.push(...body.content);
    if (p >= body.totalPages) break;
  }
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

test('a reload on the recipients step keeps every row', async ({ page, request }) => {
  const agent = await outboundAgent(request);
  await fillBasics(page, `Reload ${Date.now()}`, agent.name);
  await fillSchedule(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await upload(page, csv(250, ['12345']));
  await expect(page.getByRole('status').filter({ hasText: 'recipients ready' })).toContainText('249 recipients ready');
  await expect(page.getByText('Draft saved')).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/step=recipients/);
  await expect(page.getByRole('status').filter({ hasText: 'recipients ready' })).toContainText(
    '249 recipients ready; 0 duplicates removed; 1 rows need attention.',
  );
  await expect(page.getByLabel('Line 251', { exact: true })).toHaveValue('12345');
});

test('a double click on Create makes one campaign', async ({ page, request }) => {
  const agent = await outboundAgent(request);
  const name = `Double ${Date.now()}`;
  await toReview(page, name, agent.name, csv(20));
  await page.getByRole('button', { name: 'Create campaign' }).dblclick();
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  expect(await registry(page, name)).toHaveLength(1);
});

test('a dropped connection during submission, then a retry, makes one campaign', async ({ page, request }) => {
  const agent = await outboundAgent(request);
  const name = `Dropped ${Date.now()}`;
  await toReview(page, name, agent.name, csv(20));
  await request.post(`${SIM}/_sim/faults`, { headers: CONTROL, data: { method: 'POST', path: '/v1/campaigns', resetRatio: 1, count: 1 } });
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page.getByText(/may or may not have been created/)).toBeVisible({ timeout: 30_000 });
  expect(await registry(page, name)).toHaveLength(0);
  await page.getByRole('button', { name: 'It is not there: try again' }).click();
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  expect(await registry(page, name)).toHaveLength(1);
});

test('each limit is refused in the UI with its reason before any request', async ({ page, request }) => {
  const creates: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/bff/campaigns') creates.push(r.url());
  });
  const agent = await outboundAgent(request);
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
  await noSeriousAxe(page);

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

test('pause, resume and cancel through the UI are reflected by the API', async ({ page, request }) => {
  const agent = await outboundAgent(request);
  await toReview(page, `Status ${Date.now()}`, agent.name, csv(5));
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const id = page.url().split('/').pop()!;
  const status = async () => (await sim<{ status: string }>(request, `/v1/campaigns/${id}`)).status;

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
  await noSeriousAxe(page);
});

/** Presses Tab (at most 40 times) until `target` has the focus: keyboard only, no clicks. */
async function tabTo(page: Page, target: ReturnType<Page['locator']>) {
  for (let i = 0; i < 40; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test('a campaign can be created and paused with the keyboard alone', async ({ page, request }) => {
  const agent = await outboundAgent(request);
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
  await expect.poll(async () => (await sim<{ status: string }>(request, `/v1/campaigns/${id}`)).status).toBe('PAUSED');
});

test('an upstream 400 lands on its step and field, the step marked', async ({ page, request }) => {
  const agent = await outboundAgent(request);
  const name = `Refused ${Date.now()}`;
  await toReview(page, name, agent.name, csv(3));
  // The Voice API's clock moves two days ahead: "tomorrow" is now in its past.
  await request.post(`${SIM}/_sim/clock`, { headers: CONTROL, data: { advanceMinutes: 2 * 24 * 60 } });
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'refused' })).toContainText('Schedule: The start date must be today or later');
  await expect(page.getByRole('button', { name: '2. Schedule (needs attention)' })).toBeVisible();
  await page.getByRole('button', { name: /^Schedule: / }).click();
  await expect(page).toHaveURL(/step=schedule/);
  await expect(page.getByLabel('Start date')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('The start date must be today or later')).toBeVisible();
  expect(await registry(page, name)).toHaveLength(0);
});
