/**
 * The contact-caps guard of a running campaign in Chromium against the real stack: an admin sets a
 * cap on /compliance that a number of an active campaign is now over; the campaign's page says so
 * and offers the guard; one click sets it (a watched view of its calls and a rule that pauses it),
 * the page then links the rule, and the alerts page lists it. The caps are shared by every
 * journey: they are put back as they were, and the rule and the campaign are removed.
 */
import { DateTime } from 'luxon';
import { BFF_URL, BFF_WRITE_HEADERS, expect, expectNoA11yViolations, test } from './fixtures';

const EVERY_DAY = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];

test.setTimeout(120_000);

test('a running campaign with a number over a cap is guarded in one click', async ({ pageAs, sim }) => {
  const admin = await pageAs('admin');
  const page = await pageAs('operator');
  const before = await (await admin.request.get(`${BFF_URL}/bff/compliance/caps`)).json();
  let campaignId: string | null = null;
  let ruleId: number | null = null;
  try {
    await admin.request.put(`${BFF_URL}/bff/compliance/caps`, { headers: BFF_WRITE_HEADERS, data: { attempts: null, windowDays: 1, quietDays: 0 } });
    const agent = await sim.callableAgent();
    const now = DateTime.fromISO(await sim.now(), { zone: 'UTC' });
    const name = `Guarded ${Date.now()}`;
    const capped = `+3369866${String(Date.now() % 10_000).padStart(4, '0')}`;
    const other = `+3369867${String(Date.now() % 10_000).padStart(4, '0')}`;
    // Starts tomorrow: active, but it places no call during the test.
    const created = await page.request.post(`${BFF_URL}/bff/campaigns`, {
      headers: { ...BFF_WRITE_HEADERS, 'Idempotency-Key': `e2e-cap-guard-${Date.now()}` },
      data: {
        name,
        agentId: agent.id,
        startDate: now.plus({ days: 1 }).toISODate(),
        timezone: 'UTC',
        batchSize: 10,
        days: EVERY_DAY,
        timeSlots: [{ startTime: '10:00', endTime: '12:00' }],
        retry: { max: 0 },
        recipients: [{ phone: capped }, { phone: other }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    campaignId = ((await created.json()) as { id: string }).id;
    // Two more calls to one of its numbers, outside the campaign: 3 attempts in the window.
    for (let i = 0; i < 2; i += 1) {
      const placed = await page.request.post(`${BFF_URL}/bff/calls`, {
        headers: { ...BFF_WRITE_HEADERS, 'Idempotency-Key': `e2e-cap-guard-call-${Date.now()}-${i}` },
        data: { agentId: agent.id, recipient: { phone: capped } },
      });
      expect(placed.status(), await placed.text()).toBe(201);
    }

    // The admin sets a cap of 2 attempts a day.
    await admin.goto('/compliance');
    const form = admin.getByRole('form', { name: 'Contact-frequency caps' });
    await form.getByLabel('Cap the attempts per number').check();
    await form.getByLabel('Attempts at most').fill('2');
    await form.getByLabel('In a rolling window of (days)').fill('1');
    await form.getByLabel('Quiet days after a reached call').fill('0');
    await form.getByRole('button', { name: 'Save the caps' }).click();
    await expect(admin.getByTestId('caps-updated')).toContainText('Last set by admin');

    // The campaign's page says so and offers the guard.
    await page.goto(`/campaigns/${campaignId}`);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    const notice = page.getByTestId('cap-guard');
    await expect(notice).toContainText('1 of its 2 recipients is over a contact cap now (1 over the attempts cap).');
    await expect(notice).toContainText('a watched view can name one number, not a list');
    await expectNoA11yViolations(page, 'campaign page offering the cap guard');
    await notice.getByRole('button', { name: 'Watch this campaign and pause it when a capped number is called' }).click();
    const guardName = `Cap guard: ${name} (${campaignId.slice(0, 8)})`;
    await expect(notice.getByRole('status')).toContainText(`Guard set: ${guardName}`);
    await expect(notice).toContainText(`A guard watches this campaign: the rule ${guardName} pauses it when it places a call.`);
    await expect(notice.getByRole('button', { name: /Watch this campaign/ })).toHaveCount(0);
    await expectNoA11yViolations(page, 'campaign page with its cap guard');

    // The rule is listed among the watched views, pausing this campaign.
    await notice.getByRole('link', { name: guardName }).first().click();
    await expect(page).toHaveURL(/\/alerts\/watch\?rule=\d+/);
    ruleId = Number(new URL(page.url()).searchParams.get('rule'));
    await page.goto('/alerts');
    const row = page.getByRole('row', { name: new RegExp(guardName.replace(/[()]/g, '\\$&')) });
    await expect(row).toContainText(`Pauses ${name} (set by operator)`);
    // A viewer sees the guard, without the button.
    const viewer = await pageAs('viewer');
    await viewer.goto(`/campaigns/${campaignId}`);
    await expect(viewer.getByTestId('cap-guard')).toContainText(`A guard watches this campaign: the rule ${guardName}`);
  } finally {
    // Every rule that pauses this campaign (the guard, even when the test stopped before reading its id).
    const rules = (await (await page.request.get(`${BFF_URL}/bff/alert-rules`)).json()) as { id: number; pauseCampaignId: string | null }[];
    for (const r of rules.filter((r) => r.id === ruleId || (campaignId !== null && r.pauseCampaignId === campaignId)))
      await page.request.delete(`${BFF_URL}/bff/alert-rules/${r.id}`, { headers: BFF_WRITE_HEADERS });
    if (campaignId) await page.request.post(`${BFF_URL}/bff/campaigns/${campaignId}/status`, { headers: BFF_WRITE_HEADERS, data: { status: 'CANCELLED' } });
    await admin.request.put(`${BFF_URL}/bff/compliance/caps`, {
      headers: BFF_WRITE_HEADERS,
      data: { attempts: before.attempts, windowDays: before.windowDays, quietDays: before.quietDays },
    });
  }
});
