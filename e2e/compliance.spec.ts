/**
 * Compliance in Chromium against the real stack: an admin sets the contact caps on /compliance; a
 * number called up to the cap is then named, with its reason and as a CSV, before launch (the
 * one-call form, the wizard's review) and left out of the campaign by the BFF. The caps are
 * shared by every journey, so they are set to one day and put back as they were.
 */
import { readFileSync } from 'node:fs';
import { DateTime } from 'luxon';
import { BFF_URL, BFF_WRITE_HEADERS, discardWizardDraft, expect, expectNoA11yViolations, pickOption, test } from './fixtures';

const ZONE = 'Europe/Paris';

test.setTimeout(120_000);

test('a number over the contact caps is skipped with its reason', async ({ pageAs, sim }) => {
  const admin = await pageAs('admin');
  const before = await (await admin.request.get(`${BFF_URL}/bff/compliance/caps`)).json();
  try {
    // Reached from the do-not-call page (the main navigation stays short).
    await admin.goto('/do-not-call');
    await admin.getByRole('link', { name: 'contact caps and blackout dates' }).click();
    await expect(admin).toHaveURL(/\/compliance$/);
    await expect(admin.getByRole('heading', { name: 'Compliance', level: 1 })).toBeVisible();
    const form = admin.getByRole('form', { name: 'Contact-frequency caps' });
    await form.getByLabel('Cap the attempts per number').check();
    await form.getByLabel('Attempts at most').fill('0');
    await form.getByRole('button', { name: 'Save the caps' }).click();
    await expect(form.getByText('At least 1.')).toBeVisible();
    await form.getByLabel('Attempts at most').fill('2');
    await form.getByLabel('In a rolling window of (days)').fill('1');
    await form.getByLabel('Quiet days after a reached call').fill('0');
    await form.getByRole('button', { name: 'Save the caps' }).click();
    await expect(admin.getByTestId('caps-updated')).toContainText('Last set by admin');
    await expectNoA11yViolations(admin, 'compliance page');

    const page = await pageAs('operator');
    const agent = await sim.callableAgent();
    const capped = `+3369877${String(Date.now() % 10_000).padStart(4, '0')}`;
    for (let i = 0; i < 2; i += 1) {
      const placed = await page.request.post(`${BFF_URL}/bff/calls`, {
        headers: { ...BFF_WRITE_HEADERS, 'Idempotency-Key': `e2e-caps-${Date.now()}-${i}` },
        data: { agentId: agent.id, recipient: { phone: capped } },
      });
      expect(placed.status(), await placed.text()).toBe(201);
    }
    const reason = 'Called 2 times in the last 1 day (cap: 2 in 1 day)';

    // The one-call form says so before anything is sent, and the BFF refuses it with the reason.
    await page.goto('/calls/new');
    await page.getByLabel('Phone').fill(capped);
    await expect(page.getByTestId('caps-notice')).toContainText('1 of 1 number is over the contact caps and will be skipped.');
    await expect(page.getByTestId('caps-notice')).toContainText(`1 number will be skipped: called 2 times in the last 1 day`);

    // The wizard's review: the reason, the numbers as CSV; the campaign is created without it.
    await discardWizardDraft(page);
    const now = await sim.now();
    const name = `Capped ${Date.now()}`;
    await page.goto('/campaigns/new?step=basics');
    await page.getByLabel('Campaign name').fill(name);
    await pickOption(page, 'Agent (outbound, active)', agent.name);
    await pickOption(page, 'Time zone of the campaign', ZONE);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/step=schedule/);
    await page.getByLabel('Start date').fill(DateTime.fromISO(now).setZone(ZONE).plus({ days: 1 }).toISODate()!);
    await page.getByRole('button', { name: 'Every day' }).click();
    await page.getByLabel('Slot 1 from').fill('10:00');
    await page.getByLabel('Slot 1 to').fill('12:00');
    await page.getByLabel('Calls per day').fill('10');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/step=retry/);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/step=recipients/);
    const other = `+3369878${String(Date.now() % 10_000).padStart(4, '0')}`;
    await page.getByLabel(/Or paste rows/).fill(`phone\n${capped}\n${other}`);
    await page.getByRole('button', { name: 'Use pasted rows' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/step=review/);

    const notice = page.getByTestId('caps-notice');
    await expect(notice).toContainText('1 of 2 numbers is over the contact caps and will be skipped.');
    await expect(notice).toContainText(`1 number will be skipped: called 2 times in the last 1 day (cap: 2 in 1 day)`);
    await expect(notice).toContainText(capped);
    await expect(page.getByTestId('dnc-notice')).toContainText('None of these numbers is on the do-not-call list.');
    const download = page.waitForEvent('download');
    await notice.getByRole('button', { name: 'Download these numbers (CSV)' }).click();
    expect(
      readFileSync(await (await download).path(), 'utf8')
        .trim()
        .split(/\r?\n/),
    ).toEqual(['phone,kind,reason', `'${capped},attempts,${reason}`]);
    await expectNoA11yViolations(page, 'wizard review with a capped number');

    await page.getByRole('button', { name: 'Create campaign' }).click();
    await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await expect(page.getByText('1 of 2 numbers was over the contact caps and left out.')).toBeVisible();
    const id = page.url().split('/').pop()!;
    await page.request.post(`${BFF_URL}/bff/campaigns/${id}/status`, { headers: BFF_WRITE_HEADERS, data: { status: 'CANCELLED' } });
  } finally {
    await admin.request.put(`${BFF_URL}/bff/compliance/caps`, {
      headers: BFF_WRITE_HEADERS,
      data: { attempts: before.attempts, windowDays: before.windowDays, quietDays: before.quietDays },
    });
  }
});

test('a public holiday shows in the wizard’s forecast, which skips it', async ({ pageAs, sim }) => {
  const admin = await pageAs('admin');
  try {
    await admin.goto('/compliance');
    const calendars = admin.getByRole('form', { name: 'Add a calendar' });
    await calendars.getByLabel('Country or region code').fill('XX');
    await calendars.getByRole('button', { name: 'Add the calendar' }).click();
    await expect(calendars.getByText('No public-holiday calendar is known as XX.')).toBeVisible();
    await calendars.getByLabel('Country or region code').fill('fr');
    await calendars.getByRole('button', { name: 'Add the calendar' }).click();
    await expect(admin.getByRole('list', { name: 'Calendars in use' })).toContainText('France');
    await expectNoA11yViolations(admin, 'compliance page with a calendar');

    // The first French public holiday after tomorrow (the simulator's today), as the BFF lists it.
    const from = DateTime.fromISO(await sim.now())
      .setZone(ZONE)
      .plus({ days: 2 });
    const listed = await (
      await admin.request.get(`${BFF_URL}/bff/compliance/blackout?from=${from.toISODate()}&to=${from.plus({ days: 380 }).toISODate()}`)
    ).json();
    const holiday = (listed.days as { date: string; label: string; source: string }[]).find((d) => d.source === 'holiday')!;
    expect(holiday, 'a French public holiday within a year').toBeTruthy();

    const page = await pageAs('operator');
    await discardWizardDraft(page);
    const agent = await sim.callableAgent();
    await page.goto('/campaigns/new?step=basics');
    await page.getByLabel('Campaign name').fill(`Holiday ${Date.now()}`);
    await pickOption(page, 'Agent (outbound, active)', agent.name);
    await pickOption(page, 'Time zone of the campaign', ZONE);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/step=schedule/);
    // Starting the day before the holiday, one call a day, every day: three calling days around it.
    await page.getByLabel('Start date').fill(DateTime.fromISO(holiday.date).minus({ days: 1 }).toISODate()!);
    await page.getByRole('button', { name: 'Every day' }).click();
    await page.getByLabel('Slot 1 from').fill('10:00');
    await page.getByLabel('Slot 1 to').fill('12:00');
    await page.getByLabel('Calls per day').fill('1');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/step=recipients/);
    const base = String(Date.now() % 10_000).padStart(4, '0');
    await page.getByLabel(/Or paste rows/).fill(`phone\n+3369879${base}\n+3369880${base}\n+3369881${base}`);
    await page.getByRole('button', { name: 'Use pasted rows' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/step=review/);
    const note = page.getByTestId('blackout-note');
    await expect(note).toContainText(`${DateTime.fromISO(holiday.date).toFormat('ccc d LLL yyyy')}: ${holiday.label}`);
    await expect(note).toContainText('Skips 1 blackout date');
    // Three calling days: the day before, then the two after the holiday (unless another holiday follows).
    await expect(page.getByText(/Expected last calls by/)).toBeVisible();
    await expectNoA11yViolations(page, 'wizard review with a holiday');
    await discardWizardDraft(page);
  } finally {
    await admin.request.put(`${BFF_URL}/bff/compliance/blackout/calendars`, { headers: BFF_WRITE_HEADERS, data: { calendars: [] } });
  }
});
