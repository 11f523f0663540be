/**
 * The do-not-call list in Chromium against the real stack: a number added from a call review in one
 * click is skipped by the next campaign, the wizard says so with the reason before launch, and the
 * upstream never calls it; the list page imports a CSV with bad rows shown per row.
 */
import { DateTime } from 'luxon';
import { BFF_URL, BFF_WRITE_HEADERS, discardWizardDraft, expect, expectNoA11yViolations, pickOption, test, type SimClient } from './fixtures';

const ZONE = 'Europe/Paris';
const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * A seeded call with a number, oldest first from the 40th: the newest calls are those other
 * journeys placed, whose numbers they may have listed already (then the review offers no "Add").
 * The contact and palette journeys take theirs from the 60th on.
 */
async function aSeededCallWithANumber(sim: SimClient): Promise<{ id: string; phone: string }> {
  const page = await sim.upstream<{ content: { id: string; phone: string }[] }>('/v1/calls?size=100&sort=startTime,ASC');
  const call = page.content.slice(40).find((c) => E164.test(c.phone));
  expect(call, 'a seeded outbound call with a phone number').toBeTruthy();
  return call!;
}

test.setTimeout(120_000);

test('a number added from a call review is skipped by the next campaign, with the reason shown', async ({ pageAs, sim }) => {
  const page = await pageAs('operator');
  const call = await aSeededCallWithANumber(sim);
  // Not listed before (a retried run leaves it listed).
  await page.request.delete(`${BFF_URL}/bff/do-not-call/${encodeURIComponent(call.phone)}`, { headers: BFF_WRITE_HEADERS });
  // A draft left by another journey would be resumed instead of a fresh wizard.
  await discardWizardDraft(page);

  await page.goto(`/calls/${call.id}`);
  await page.getByRole('button', { name: 'Add to do-not-call' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Asked not to be called' })).toContainText('Do not call');

  const agent = await sim.callableAgent();
  const now = await sim.now();
  const name = `After review ${Date.now()}`;
  await page.goto('/campaigns/new?step=basics');
  await page.getByLabel('Campaign name').fill(name);
  await pickOption(page, 'Agent (outbound, active)', agent.name);
  await pickOption(page, 'Time zone of the campaign', ZONE);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/step=schedule/);
  await page.getByLabel('Start date').fill(DateTime.fromISO(now).setZone(ZONE).plus({ days: 1 }).toISODate()!);
  await page.getByRole('button', { name: 'Every day' }).click();
  await page.getByLabel('Slot 1 from').fill('09:00');
  await page.getByLabel('Slot 1 to').fill('12:00');
  await page.getByLabel('Calls per day').fill('10');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/step=retry/);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/step=recipients/);
  await page.getByLabel(/Or paste rows/).fill(`phone\n${call.phone}\n+33698760001\n+33698760002`);
  await page.getByRole('button', { name: 'Use pasted rows' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/step=review/);

  const notice = page.getByTestId('dnc-notice');
  await expect(notice).toContainText('1 of 3 numbers is on the do-not-call list and will be skipped.');
  await expect(notice).toContainText('On the do-not-call list (call review): Asked not to be called (noted in a call review)');
  await expect(notice).toContainText(call.phone);
  await expectNoA11yViolations(page, 'wizard review with a skipped number');

  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByText('1 of 3 numbers was on the do-not-call list and left out.')).toBeVisible();

  // Upstream, the campaign calls the two others and never the listed number.
  await sim.advanceClock(3 * 24 * 60);
  const placed = await sim.upstream<{ content: { phone: string }[] }>(`/v1/calls?campaignName=${encodeURIComponent(name)}&size=100`);
  expect(new Set(placed.content.map((c) => c.phone))).toEqual(new Set(['+33698760001', '+33698760002']));
});

test('the list page imports a CSV with bad rows shown per row, finds and removes a number', async ({ pageAs }) => {
  const page = await pageAs('operator');
  await page.goto('/do-not-call');
  await expect(page.getByRole('heading', { name: 'Do-not-call list', level: 1 })).toBeVisible();
  // The same table import as recipients: paste, the columns' roles, bad rows fixable in place.
  const importer = page.getByRole('region', { name: 'Import numbers' });
  await importer.getByLabel(/Or paste rows/).fill('phone,reason\n+33698761001,Complaint\n12,Too short\n+33698761002,');
  await importer.getByRole('button', { name: 'Use pasted rows' }).click();
  await expect(importer.getByLabel('Use of column phone')).toHaveValue('phone');
  await expect(importer.getByLabel('Use of column reason')).toHaveValue('reason');
  await expect(page.getByTestId('dnc-import-summary')).toContainText('2 rows ready · 1 row with a problem, of 3');
  const bad = importer.getByTestId('row-problems');
  await expect(bad).toContainText('too short');
  await bad.getByLabel('Line 3', { exact: true }).fill('+33698761003');
  await bad.getByLabel('Line 3', { exact: true }).press('Enter');
  await expect(page.getByTestId('dnc-import-summary')).toContainText('3 rows ready · 0 rows with a problem, of 3');
  await page.getByRole('button', { name: 'Import 3 rows' }).click();
  await expect(page.getByText('Imported: 3 added, 0 already on the list, 0 rows refused.')).toBeVisible();
  await expectNoA11yViolations(page, 'do-not-call list');

  await page.getByLabel('Find a number or a reason').fill('98761002');
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page).toHaveURL(/q=.*98761002/);
  const table = page.getByRole('table', { name: 'Do-not-call numbers' });
  await expect(table).toContainText('+33698761002');
  await expect(table).toContainText('Imported');
  await page.getByRole('button', { name: 'Remove +33698761002' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('The list is empty').or(page.getByText('No number matches'))).toBeVisible();

  // A rule that adds numbers by itself: a missing name is refused on its field, the rest stays typed.
  const ruleForm = page.getByRole('form', { name: 'Add a rule' });
  await ruleForm.getByLabel('Classifier').fill('intent');
  await ruleForm.getByLabel('Value').fill('CANCEL');
  await ruleForm.getByRole('button', { name: 'Add the rule' }).click();
  await expect(ruleForm.getByText('Name the rule.')).toBeVisible();
  await expect(ruleForm.getByLabel('Classifier')).toHaveValue('intent');
  await ruleForm.getByLabel('Rule name').fill('Asked to cancel');
  await ruleForm.getByRole('button', { name: 'Add the rule' }).click();
  await expect(page.getByRole('table', { name: 'Do-not-call rules' })).toContainText('intent = CANCEL');
  await expectNoA11yViolations(page, 'do-not-call rules');

  // A viewer reads the list but cannot change it.
  const viewer = await pageAs('viewer');
  await viewer.goto('/do-not-call');
  await expect(viewer.getByRole('table', { name: 'Do-not-call numbers' })).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Add to the list' })).toHaveCount(0);
  await expect(viewer.getByRole('table', { name: 'Do-not-call rules' })).toContainText('Asked to cancel');
  await expect(viewer.getByRole('button', { name: 'Add the rule' })).toHaveCount(0);
});

test('a redial pre-fills the wizard with those not reached, without do-not-call numbers', async ({ pageAs, sim }) => {
  const page = await pageAs('operator');
  await discardWizardDraft(page);
  const agent = await sim.callableAgent();
  const now = await sim.now();
  const name = `To redial ${Date.now()}`;
  const phones = Array.from({ length: 20 }, (_, i) => `+3369877${String(i).padStart(4, '0')}`);
  const created = await page.request.post(`${BFF_URL}/bff/campaigns`, {
    headers: { ...BFF_WRITE_HEADERS, 'Idempotency-Key': `e2e-redial-${Date.now()}` },
    data: {
      name,
      agentId: agent.id,
      startDate: DateTime.fromISO(now).setZone('UTC').toISODate(),
      timezone: 'UTC',
      batchSize: 100,
      days: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'],
      timeSlots: [
        { startTime: '09:00', endTime: '13:00' },
        { startTime: '14:00', endTime: '20:00' },
      ],
      retry: { max: 0 },
      recipients: phones.map((phone, i) => ({ phone, context: { first_name: `P${i}` } })),
    },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;
  await sim.advanceClock(2 * 24 * 60);

  const calls = await sim.upstream<{ content: { phone: string; status: string }[] }>(
    `/v1/calls?campaignName=${encodeURIComponent(name)}&size=100&sort=startTime,DESC`,
  );
  const last = new Map<string, string>();
  for (const c of calls.content) if (!last.has(c.phone)) last.set(c.phone, c.status);
  const unreached = [...last].filter(([, s]) => ['NO_ANSWER', 'VOICE_BOX', 'UNREACHABLE'].includes(s)).map(([p]) => p);
  expect(unreached.length).toBeGreaterThan(1);
  await page.request.post(`${BFF_URL}/bff/do-not-call`, { headers: BFF_WRITE_HEADERS, data: { phone: unreached[0], reason: 'Asked' } });

  await page.goto(`/campaigns/${id}`);
  await page.getByRole('button', { name: 'Redial those not reached' }).click();
  // A wizard draft left by an earlier spec is replaced only once the person confirms.
  const replace = page.getByRole('alertdialog', { name: 'Replace the campaign draft in progress?' });
  await expect(page.getByRole('heading', { name: 'New campaign' }).or(replace)).toBeVisible();
  if (await replace.isVisible()) await replace.getByRole('button', { name: 'Replace it' }).click();
  await expect(page).toHaveURL(/\/campaigns\/new\?step=basics/);
  await expect(page.getByLabel('Campaign name')).toHaveValue(`${name} (redial)`);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/step=schedule/);
  await expect(page.getByLabel('Calls per day')).toHaveValue('100');
  await page.goto('/campaigns/new?step=recipients');
  await expect(page.getByRole('status').filter({ hasText: 'recipients ready' })).toContainText(`${unreached.length - 1} recipients ready`);
  await page.goto('/campaigns/new?step=review');
  await expect(page.getByTestId('dnc-notice')).toContainText('None of these numbers is on the do-not-call list.');
  await expectNoA11yViolations(page, 'wizard after a redial');
});
