/**
 * The do-not-call list against campaigns already created, in Chromium against the real stack
 * (issue 35): a number added while a campaign holds it is named with that campaign at once, with
 * a confirmed Pause the upstream applies; the import lists every row it counts as a problem.
 */
import { DateTime } from 'luxon';
import { BFF_URL, BFF_WRITE_HEADERS, expect, expectNoA11yViolations, test } from './fixtures';

test.setTimeout(120_000);

test('the import lists every row it counts as a problem, a repeated number too', async ({ pageAs }) => {
  const page = await pageAs('operator');
  await page.goto('/do-not-call');
  const importer = page.getByRole('region', { name: 'Import numbers' });
  await importer.getByLabel(/Or paste rows/).fill('phone,reason\n+33698762001,Complaint\n12,Too short\n+33698762001,Again\nabc,Not a number\n,Empty');
  await importer.getByRole('button', { name: 'Use pasted rows' }).click();
  await expect(page.getByTestId('dnc-import-summary')).toContainText('1 row ready · 4 rows with a problem, of 5');
  const bad = importer.getByTestId('row-problems');
  await expect(bad.getByRole('heading')).toHaveText('4 rows need attention');
  await expect(bad.getByRole('listitem')).toHaveCount(4);
  await expect(bad.getByRole('listitem').filter({ hasText: 'Line 4' })).toContainText('+33698762001 is already on line 2.');
});

test('a number added while a campaign holds it names that campaign at once, and a confirmed Pause pauses it upstream', async ({ pageAs, sim }) => {
  const page = await pageAs('operator');
  const agent = await sim.callableAgent();
  const now = await sim.now();
  const name = `Holds a number ${Date.now()}`;
  const phone = `+336987${String(Date.now() % 100000).padStart(5, '0')}`;
  const created = await page.request.post(`${BFF_URL}/bff/campaigns`, {
    headers: { ...BFF_WRITE_HEADERS, 'Idempotency-Key': `e2e-held-${Date.now()}` },
    data: {
      name,
      agentId: agent.id,
      startDate: DateTime.fromISO(now).setZone('UTC').toISODate(),
      timezone: 'UTC',
      batchSize: 10,
      days: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'],
      timeSlots: [{ startTime: '10:00', endTime: '13:00' }],
      recipients: [{ phone }, { phone: '+33698769999' }],
    },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;

  await page.goto('/do-not-call');
  const form = page.getByRole('form', { name: 'Add a number' });
  await form.getByLabel('Phone').fill(phone);
  await form.getByLabel('Reason').fill('Asked on the phone');
  await form.getByRole('button', { name: 'Add to the list' }).click();
  const told = form.getByTestId('dnc-holding');
  await expect(told).toContainText(`${phone} is in 1 active campaign: ${name}.`);
  await expect(told.getByRole('link', { name })).toHaveAttribute('href', `/campaigns/${id}`);
  await expectNoA11yViolations(page, 'do-not-call, a number held by a campaign');

  await told.getByRole('button', { name: `Pause ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Pause "${name}"?` });
  await confirm.getByRole('button', { name: 'Pause' }).click();
  await expect(told).toContainText(`in 1 paused campaign, which would call it if resumed: ${name}.`);
  await expect.poll(async () => (await sim.upstream<{ status: string }>(`/v1/campaigns/${id}`)).status).toBe('PAUSED');

  // The list page keeps naming it (paused) for whoever opens it later.
  await page.reload();
  const section = page.getByRole('region', { name: 'Listed numbers in campaigns' });
  await expect(section.getByRole('listitem').filter({ hasText: name })).toContainText('paused');
});
