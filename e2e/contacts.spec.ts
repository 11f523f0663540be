/**
 * The contact page in Chromium against the real stack: opened from a call review, it shows the
 * number in its display forms with its calls, and an operator adds the number to do-not-call there
 * (and removes it, with a confirm); a viewer sees the state without the actions; an address that
 * is not a phone number says so and asks nothing of the BFF or the upstream.
 */
import { BFF_URL, BFF_WRITE_HEADERS, expect, expectNoA11yViolations, test, type SimClient } from './fixtures';

const E164 = /^\+[1-9]\d{6,14}$/;

/** A seeded call whose number no other journey lists (the do-not-call journeys take the first ones). */
async function aCall(sim: SimClient, from: number): Promise<{ id: string; phone: string }> {
  const page = await sim.upstream<{ content: { id: string; phone: string }[] }>('/v1/calls?size=100&sort=startTime,ASC');
  const call = page.content.slice(from).find((c) => E164.test(c.phone));
  expect(call, 'a seeded call with a phone number').toBeTruthy();
  return call!;
}

test.setTimeout(120_000);

test('a contact page opened from a call review adds the number to do-not-call there', async ({ pageAs, sim }) => {
  const page = await pageAs('operator');
  const call = await aCall(sim, 60);
  // Not listed before (a retried run may have left it).
  await page.request.delete(`${BFF_URL}/bff/do-not-call/${encodeURIComponent(call.phone)}`, { headers: BFF_WRITE_HEADERS });

  await page.goto(`/calls/${call.id}`);
  await page.getByRole('link', { name: `Contact page of ${call.phone}` }).click();
  await expect(page).toHaveURL(/\/contacts\//);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(call.phone, { exact: true }).first()).toBeVisible();
  const calls = page.getByRole('table', { name: 'Calls to and from this number' });
  await expect(calls.getByRole('row').nth(1)).toBeVisible();
  // Its duration reads as everywhere else (m:ss), not in seconds.
  const { duration } = await sim.upstream<{ duration: number }>(`/v1/calls/${call.id}`);
  const mss = `${Math.floor(duration / 60)}:${String(duration % 60).padStart(2, '0')}`;
  await expect(calls.getByRole('cell', { name: mss, exact: true }).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Not listed' })).toBeVisible();
  await expectNoA11yViolations(page, 'contact page');

  await page.getByLabel('Reason').fill('Asked on the phone to stop');
  await page.getByRole('button', { name: 'Add to do-not-call' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Do not call' })).toContainText('Asked on the phone to stop');
  const check = await page.request.post(`${BFF_URL}/bff/do-not-call/check`, { headers: BFF_WRITE_HEADERS, data: { phones: [call.phone] } });
  expect((await check.json()).skipped).toHaveLength(1);
  await expectNoA11yViolations(page, 'contact page, listed');

  await page.getByRole('button', { name: 'Remove from do-not-call' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Not listed' })).toBeVisible();
  const after = await page.request.post(`${BFF_URL}/bff/do-not-call/check`, { headers: BFF_WRITE_HEADERS, data: { phones: [call.phone] } });
  expect((await after.json()).skipped).toHaveLength(0);
});

test('a viewer sees the number and its state, without the do-not-call actions (dark theme)', async ({ pageAs, sim }) => {
  const page = await pageAs('viewer', { colorScheme: 'dark' });
  const call = await aCall(sim, 70);
  await page.goto(`/contacts/${encodeURIComponent(call.phone)}`);
  await expect(page.getByRole('heading', { name: 'Do-not-call' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Calls to and from this number' }).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: /do-not-call/ })).toHaveCount(0);
  await expectNoA11yViolations(page, 'contact page as a viewer, dark');
});

test('an address that is not a phone number says so, and nothing is asked', async ({ pageAs }) => {
  const page = await pageAs('operator');
  const asked: string[] = [];
  page.on('request', (r) => {
    if (/\/bff\/contacts\/|\/api\/v1\/calls\?/.test(r.url())) asked.push(r.url());
  });
  await page.goto('/contacts/not-a-number');
  await expect(page.getByRole('heading', { name: 'Not a phone number' })).toBeVisible();
  expect(asked).toEqual([]);
  await expectNoA11yViolations(page, 'contact page of no number');
});

test('the calls list and the do-not-call list link each number to its contact page', async ({ pageAs }) => {
  const page = await pageAs('operator');
  await page.goto('/calls');
  const link = page.getByRole('link', { name: /^Contact page of \+/ }).first();
  await expect(link).toHaveAttribute('href', /^\/contacts\/(%2B|\+)\d+$/);
  const phone = (await link.textContent())!;
  await link.click();
  await expect(page.getByRole('table', { name: 'Calls to and from this number' })).toBeVisible();
  await expect(page.getByText(phone, { exact: true }).first()).toBeVisible();

  const listedNumber = '+33612347788';
  await page.request.post(`${BFF_URL}/bff/do-not-call`, { headers: BFF_WRITE_HEADERS, data: { phone: listedNumber, reason: 'Listed for the link check' } });
  await page.goto(`/do-not-call?q=${encodeURIComponent(listedNumber.slice(1))}`);
  const listed = page.getByRole('table', { name: 'Do-not-call numbers' }).getByRole('link', { name: `Contact page of ${listedNumber}` });
  await listed.click();
  await expect(page.getByRole('status').filter({ hasText: 'Do not call' })).toContainText('Listed for the link check');
});

test('the latest extracted data folds its groups, as in the call review', async ({ pageAs, sim }) => {
  // A number whose latest call with extracted data holds a group (the newest calls: inside the index's window).
  const calls = (await sim.upstream<{ content: { phone: string; startTime: string; extractedData?: Record<string, unknown> }[] }>('/v1/calls?size=100'))
    .content;
  const latest = new Map<string, Record<string, unknown>>();
  for (const c of calls) if (E164.test(c.phone) && Object.keys(c.extractedData ?? {}).length && !latest.has(c.phone)) latest.set(c.phone, c.extractedData!);
  const [phone, data] = [...latest].find(([, d]) => Object.values(d).some((v) => v !== null && typeof v === 'object')) ?? [];
  expect(phone, 'a number whose latest extraction holds a group').toBeTruthy();
  const [group, value] = Object.entries(data!).find(([, v]) => v !== null && typeof v === 'object')!;

  const page = await pageAs('viewer');
  await page.goto(`/contacts/${encodeURIComponent(phone!)}`);
  const tree = page.getByRole('list', { name: 'Extracted data' });
  const count = Array.isArray(value) ? `${(value as unknown[]).length} items` : `${Object.keys(value as object).length} fields`;
  // Before, the group read as JSON ({"date":"2026-12-02","heure":"15:30"}).
  await tree.getByText(`${group} (${count})`).click();
  const field = Array.isArray(value) ? '1' : Object.keys(value as object)[0]!;
  await expect(tree.getByText(`${field}:`, { exact: true })).toBeVisible();
});
