/**
 * Outcomes and a campaign's recipients in Chromium against the real stack: an admin defines an
 * outcome in the form (a bad one keeps what was typed and says why), the campaign page's funnel
 * shows its count and rate as the upstream's own calls give it, Insights counts its calls and the
 * count opens the calls list with as many calls, and the recipients still waiting
 * for a retry are filtered (in the URL), selected and redialled through the wizard.
 */
import { DateTime } from 'luxon';
import { BFF_URL, BFF_WRITE_HEADERS, discardWizardDraft, expect, expectNoA11yViolations, indexReady, listedCallIds, test } from './fixtures';
import { filterBar } from './filter-bar';

test.setTimeout(180_000);

const RETRY_ON = ['NO_ANSWER', 'VOICE_BOX', 'UNREACHABLE'];

test('define an outcome, see its rate on the campaign, and redial the recipients still waiting', async ({ pageAs, sim }) => {
  const page = await pageAs('admin');
  await discardWizardDraft(page);
  await indexReady(page);
  const agent = await sim.callableAgent();
  const now = DateTime.fromISO(await sim.now()).setZone('UTC');
  // Tomorrow's window, with a day between retries: at 11:00 the first calls are made and every
  // number not reached waits for its retry the next day.
  const day = now.plus({ days: 1 }).startOf('day');
  const name = `Outcome journey ${Date.now()}`;
  const phones = Array.from({ length: 20 }, (_, i) => `+3369866${String(i).padStart(4, '0')}`);
  const created = await page.request.post(`${BFF_URL}/bff/campaigns`, {
    headers: { ...BFF_WRITE_HEADERS, 'Idempotency-Key': `e2e-outcomes-${Date.now()}` },
    data: {
      name,
      agentId: agent.id,
      startDate: day.toISODate(),
      timezone: 'UTC',
      batchSize: 100,
      days: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'],
      timeSlots: [{ startTime: '10:00', endTime: '13:00' }],
      retry: { max: 2, delay: 1440, retryOn: RETRY_ON },
      recipients: phones.map((phone) => ({ phone })),
    },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;

  // The outcome, in the form: a mistake first, kept as typed, then put right.
  await page.goto('/outcomes');
  await expect(page.getByRole('heading', { name: 'Outcomes', level: 1 })).toBeVisible();
  const outcomeName = `Completed ${Date.now()}`;
  await page.getByLabel('Outcome name').fill(outcomeName);
  await expect(page.getByRole('checkbox', { name: 'Completed', exact: true })).toBeChecked();
  await page.getByLabel('a campaign').check();
  await page.getByRole('button', { name: 'Define the outcome' }).click();
  await expect(page.getByText('Attach the outcome to an agent or to a campaign.')).toBeVisible();
  await expect(page.getByLabel('Outcome name')).toHaveValue(outcomeName);
  await page.getByLabel('Campaign name').fill(name);
  await expectNoA11yViolations(page, 'outcome form with an error');
  await page.getByRole('button', { name: 'Define the outcome' }).click();
  const row = page.getByRole('row', { name: new RegExp(outcomeName) });
  // Statuses in words, as the calls list shows them (the form's boxes too), not the upstream's names.
  await expect(row).toContainText('status is Completed');
  await expect(page.getByLabel('Outcome name')).toHaveValue('');

  // The campaign's first morning.
  const minutes = Math.round(day.set({ hour: 11 }).diff(DateTime.fromISO(await sim.now()).setZone('UTC'), 'minutes').minutes);
  await sim.advanceClock(minutes);
  const calls = await sim.upstreamAll<{ phone: string; status: string }>('/v1/calls', { campaignName: name });
  const completed = new Set(calls.filter((c) => c.status === 'COMPLETED').map((c) => c.phone));
  const waiting = new Set(calls.filter((c) => RETRY_ON.includes(c.status)).map((c) => c.phone));
  expect(calls.length, 'the first calls were made').toBeGreaterThan(0);
  expect(waiting.size, 'some numbers wait for a retry').toBeGreaterThan(0);

  await page.goto(`/campaigns/${id}`);
  const funnel = page.getByRole('list', { name: 'Funnel' });
  const outcomeStep = funnel.getByRole('listitem').filter({ hasText: `Outcome: ${outcomeName}` });
  // The index follows the upstream within its interval: read again until it has.
  await expect(async () => {
    await page.reload();
    await expect(funnel.getByRole('listitem').filter({ hasText: 'Attempted' })).toContainText(String(new Set(calls.map((c) => c.phone)).size), {
      timeout: 2_000,
    });
    await expect(outcomeStep).toContainText(`${completed.size}`, { timeout: 2_000 });
  }).toPass({ timeout: 90_000 });
  await expect(outcomeStep).toContainText(`${Math.round((completed.size / 20) * 100)} % of recipients`);
  await expect(funnel.getByRole('listitem').filter({ hasText: /^Recipients/ })).toContainText('20');

  await expect(page.getByRole('link', { name: 'its reached calls' })).toHaveAttribute(
    'href',
    new RegExp(`campaignName=${encodeURIComponent(name).replace(/%20/g, '(%20|\\+)')}.*status=`),
  );

  // The funnel opens the calls that met the outcome too (the outcome and the campaign).
  await expect(page.getByRole('link', { name: `its calls that met “${outcomeName}”` })).toHaveAttribute(
    'href',
    /outcome=.*campaignName=|campaignName=.*outcome=/,
  );

  // Insights over the campaign's day: the outcome's count and rate, and the count opens the calls
  // list with the same number of calls.
  await page.goto(`/?range=custom&from=${day.toISODate()}&to=${day.toISODate()}&tz=UTC&campaignName=${encodeURIComponent(name)}`);
  const outcomes = page.getByRole('table', { name: /^Calls per outcome in the range/ });
  const insightsRow = outcomes.getByRole('row').filter({ has: page.getByRole('rowheader', { name: outcomeName, exact: true }) });
  await expect(insightsRow).toContainText(`Campaign ${name}`);
  const countLink = insightsRow.getByRole('link').first();
  await expect(countLink).toHaveText(completed.size.toLocaleString('en'));
  await expect(insightsRow.getByRole('link').nth(1)).toHaveText(calls.length.toLocaleString('en'));
  await expect(insightsRow).toContainText(`${Math.round((completed.size / calls.length) * 100)} %`);
  await expectNoA11yViolations(page, 'insights with outcomes');
  await countLink.click();
  await expect(page).toHaveURL(/\/calls\?/);
  await expect.poll(() => new URL(page.url()).searchParams.get('outcome')).toMatch(/^\["\d+"\]$/);
  expect(await listedCallIds(page, completed.size)).toHaveLength(completed.size);
  await expect(filterBar(page).chip('Met outcome')).toHaveText(`Met outcome: ${outcomeName}`);
  await expectNoA11yViolations(page, 'calls list filtered by an outcome');

  // The campaigns list: the outcome's count and rate, opening the recipients who met it.
  await page.goto('/campaigns');
  const listRow = page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
  const rate = listRow.getByRole('link', { name: `${outcomeName}: ${completed.size} (${Math.round((completed.size / 20) * 100)} %)` });
  await expect(rate).toBeVisible();
  // Beside it, the calls behind it: the calls list with the outcome and the campaign.
  const listCalls = listRow.getByRole('link', { name: `calls that met ${outcomeName} in ${name}` });
  await expect(listCalls).toHaveAttribute('href', /outcome=/);
  await rate.click();
  await expect(page).toHaveURL(new RegExp(`/campaigns/${id}\\?state=outcome`));
  await expect(page.locator('tbody tr[data-state="outcome"]')).toHaveCount(completed.size);

  // The recipients still waiting: the filter is in the URL, the next retry an estimate.
  await page.getByRole('combobox', { name: 'Recipients in state' }).selectOption('waitingRetry');
  await expect(page).toHaveURL(/state=waitingRetry/);
  const table = page.getByRole('table', { name: 'Recipients of this campaign and where each stands.' });
  await expect(table.locator('tbody tr[data-state="waitingRetry"]')).toHaveCount(waiting.size);
  await expect(table).toContainText('around');
  await expectNoA11yViolations(page, 'campaign recipients');
  await page.getByLabel('Select all shown').check();
  await page.getByRole('button', { name: `Redial selected (${waiting.size})` }).click();
  const replace = page.getByRole('alertdialog', { name: 'Replace the campaign draft in progress?' });
  await expect(page.getByRole('heading', { name: 'New campaign' }).or(replace)).toBeVisible();
  if (await replace.isVisible()) await replace.getByRole('button', { name: 'Replace it' }).click();
  await expect(page).toHaveURL(/\/campaigns\/new\?step=basics/);
  await expect(page.getByLabel('Campaign name')).toHaveValue(`${name} (redial)`);
  await page.goto('/campaigns/new?step=recipients');
  await expect(page.getByRole('status').filter({ hasText: 'recipients ready' })).toContainText(`${waiting.size} recipient`);
});

test('recipients chosen in the table go to the do-not-call list, and the table says so', async ({ pageAs, sim }) => {
  const page = await pageAs('operator');
  const agent = await sim.callableAgent();
  const now = DateTime.fromISO(await sim.now()).setZone('UTC');
  const name = `Outcome dnc ${Date.now()}`;
  const phones = Array.from({ length: 5 }, (_, i) => `+3369855${String(Date.now() % 1000).padStart(3, '0')}${i}`);
  const created = await page.request.post(`${BFF_URL}/bff/campaigns`, {
    headers: { ...BFF_WRITE_HEADERS, 'Idempotency-Key': `e2e-outcomes-dnc-${Date.now()}` },
    data: {
      name,
      agentId: agent.id,
      // Next week: nobody is called while the test runs.
      startDate: now.plus({ days: 7 }).toISODate(),
      timezone: 'UTC',
      batchSize: 10,
      days: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'],
      timeSlots: [{ startTime: '10:00', endTime: '13:00' }],
      recipients: phones.map((phone) => ({ phone })),
    },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;

  await page.goto(`/campaigns/${id}?state=notCalled`);
  const table = page.getByRole('table', { name: 'Recipients of this campaign and where each stands.' });
  await expect(table.locator('tbody tr[data-state="notCalled"]')).toHaveCount(5);
  await page.getByRole('checkbox', { name: `Select ${phones[0]}` }).check();
  await page.getByRole('checkbox', { name: `Select ${phones[1]}` }).check();
  await page.getByRole('button', { name: 'Add selected to do-not-call (2)' }).click();
  await page.getByRole('alertdialog', { name: 'Add 2 numbers to the do-not-call list?' }).getByRole('button', { name: 'Add them' }).click();
  await expect(table.locator(`tbody tr[data-phone="${phones[0]}"]`)).toContainText('now on the do-not-call list');
  await expect(table.locator(`tbody tr[data-phone="${phones[1]}"]`)).toContainText('now on the do-not-call list');
  await expect(table.locator(`tbody tr[data-phone="${phones[2]}"]`)).not.toContainText('do-not-call');
  const listed = await page.request.post(`${BFF_URL}/bff/do-not-call/check`, { headers: BFF_WRITE_HEADERS, data: { phones } });
  expect(((await listed.json()) as { skipped: { phone: string }[] }).skipped.map((s) => s.phone).sort()).toEqual([phones[0], phones[1]].sort());
  await expectNoA11yViolations(page, 'campaign recipients after adding to do-not-call');
});

test('a cancelled campaign says its recipients will not be called, in its table, its funnel and their contact page', async ({ pageAs, sim }) => {
  const page = await pageAs('operator');
  const agent = await sim.callableAgent();
  const now = DateTime.fromISO(await sim.now()).setZone('UTC');
  const name = `Outcome cancelled ${Date.now()}`;
  const phones = Array.from({ length: 4 }, (_, i) => `+3369844${String(Date.now() % 1000).padStart(3, '0')}${i}`);
  const created = await page.request.post(`${BFF_URL}/bff/campaigns`, {
    headers: { ...BFF_WRITE_HEADERS, 'Idempotency-Key': `e2e-outcomes-cancelled-${Date.now()}` },
    data: {
      name,
      agentId: agent.id,
      startDate: now.plus({ days: 7 }).toISODate(),
      timezone: 'UTC',
      batchSize: 10,
      days: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'],
      timeSlots: [{ startTime: '10:00', endTime: '13:00' }],
      recipients: phones.map((phone) => ({ phone })),
    },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;
  const cancelled = await page.request.post(`${BFF_URL}/bff/campaigns/${id}/status`, { headers: BFF_WRITE_HEADERS, data: { status: 'CANCELLED' } });
  expect(cancelled.status()).toBe(200);

  await page.goto(`/campaigns/${id}`);
  const table = page.getByRole('table', { name: 'Recipients of this campaign and where each stands.' });
  await expect(table.locator('tbody tr[data-state="ended"]')).toHaveCount(4);
  await expect(table.locator(`tbody tr[data-phone="${phones[0]}"]`)).toContainText('Not called: campaign cancelled');
  await expect(table).not.toContainText('Waiting for a retry');
  await expect(table).not.toContainText('Not called yet');
  await expect(page.getByTestId('funnel-ended')).toHaveText(/No more calls: campaign cancelled\. 4 recipients were not reached and will not be called/);
  await expectNoA11yViolations(page, 'a cancelled campaign’s recipients');

  await page.goto(`/contacts/${encodeURIComponent(phones[0]!)}`);
  const sent = page.getByRole('table', { name: /^Campaigns created through Switchboard that were sent this number/ });
  await expect(sent.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) })).toContainText('Not called: campaign cancelled');
  await expectNoA11yViolations(page, 'a contact page with a cancelled campaign');
});
