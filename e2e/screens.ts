/**
 * Every screen of the console, reached the way a user reaches it, for the suites that check each
 * one (axe in light and dark; no console errors). `visit` is called on each screen once it shows.
 * Needs a signed-in page; the operator and the admin also walk the campaign wizard, create a
 * campaign through it and open it.
 */
import { DateTime } from 'luxon';
import { expect, type Page } from '@playwright/test';
import { discardWizardDraft, pickOption, SimClient, type Role } from './fixtures';

export type Visit = (screen: string) => Promise<void>;

interface CallRow {
  id: string;
  phone: string;
  recorded: boolean;
  status: string;
}

async function firstCall(sim: SimClient, pred: (c: CallRow) => boolean): Promise<CallRow> {
  for (let p = 1; p <= 5; p += 1) {
    const { content } = await sim.upstream<{ content: CallRow[] }>(`/v1/calls?size=100&page=${p}`);
    const found = content.find(pred);
    if (found) return found;
  }
  throw new Error('No such call in the seed.');
}

/** An agent with extractors and classifiers, so its page shows both counted sections. */
async function richAgent(sim: SimClient): Promise<{ id: string; name: string }> {
  const { content } = await sim.upstream<{ content: { id: string; name: string; configuration: { extractors: unknown[]; classifiers: unknown[] } }[] }>(
    '/v1/agents?size=100',
  );
  return content.find((a) => a.configuration.extractors.length > 0 && a.configuration.classifiers.length > 0) ?? content[0]!;
}

export async function walkEveryScreen(page: Page, role: Role, visit: Visit): Promise<void> {
  const sim = new SimClient();
  const writes = role !== 'viewer';

  await page.goto('/agents');
  await expect(page.getByRole('heading', { name: 'Agents', level: 1 })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await visit('agents');

  const agent = await richAgent(sim);
  await page.goto(`/agents/${agent.id}`);
  await expect(page.getByRole('region', { name: /^Extractors \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Classifiers \(\d+\)$/ })).toBeVisible();
  await visit('agent');

  await page.goto(`/agents/${agent.id}/edit`);
  await expect(page.getByRole('heading', { name: `Edit ${agent.name}` })).toBeVisible();
  await visit('agent edit');

  await page.goto('/calls');
  await expect(page.getByRole('table')).toBeVisible();
  await visit('calls');

  const recorded = await firstCall(sim, (c) => c.recorded && c.status === 'COMPLETED');
  await page.goto(`/calls/${recorded.id}`);
  await expect(page.getByRole('list', { name: 'Transcript entries' })).toBeVisible();
  await visit('call review (recorded)');

  const unrecorded = await firstCall(sim, (c) => !c.recorded && c.status === 'COMPLETED');
  await page.goto(`/calls/${unrecorded.id}`);
  await expect(page.getByText('This call was not recorded.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Transcript entries' })).toBeVisible();
  await visit('call review (not recorded)');

  await page.goto('/calls/new');
  await expect(page.getByRole('heading', { name: 'Place calls' })).toBeVisible();
  await visit('new call');
  if (writes) {
    await page.getByRole('tab', { name: 'Many calls' }).click();
    await visit('new calls (many)');
  }

  await page.goto('/campaigns');
  await expect(page.getByRole('heading', { name: 'Campaigns', level: 1 })).toBeVisible();
  await visit('campaigns');

  await page.goto('/live');
  await expect(page.getByRole('status').filter({ hasText: /Live since/ })).toBeVisible();
  await visit('live board');

  await page.goto('/outcomes');
  await expect(page.getByRole('heading', { name: 'Outcomes', level: 1 })).toBeVisible();
  await visit('outcomes');

  await page.goto('/compliance');
  await expect(page.getByRole('heading', { name: 'Compliance', level: 1 })).toBeVisible();
  await visit('compliance');

  // Admins' own page: the other roles are told who may use it.
  await page.goto('/voice-api');
  await expect(page.getByRole('heading', { name: 'Voice API', level: 1 })).toBeVisible();
  await visit('voice api');

  const dialled = await firstCall(sim, (c) => /^\+[1-9]\d{6,14}$/.test(c.phone));
  await page.goto(`/contacts/${encodeURIComponent(dialled.phone)}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Calls to and from this number' }).getByRole('row').nth(1)).toBeVisible();
  await visit('contact page');

  await page.getByRole('button', { name: /^Times in / }).click();
  await expect(page.getByRole('dialog', { name: 'Display time zone' })).toBeVisible();
  await visit('time zone dialog');
  await page.keyboard.press('Escape');

  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await visit('not found');

  if (!writes) return;
  await createCampaignThroughWizard(page, `Walk ${role} ${Date.now()}`, visit);
  await visit('campaign');
  await page.goto('/campaigns');
  await expect(page.getByRole('table')).toBeVisible();
  await visit('campaigns (with one)');
}

/** Creates a campaign the way a user does (six recipients, one bad row); ends on its page. */
export async function createCampaignThroughWizard(page: Page, name: string, visit: Visit = async () => {}): Promise<string> {
  const sim = new SimClient();
  const outbound = await sim.callableAgent();
  // Fresh, not the draft an earlier journey of the same role left (a redial's slots, say).
  await discardWizardDraft(page);
  await page.goto('/campaigns/new');
  await expect(page).toHaveURL(/step=basics/);
  await visit('wizard: basics');
  await page.getByLabel('Campaign name').fill(name);
  await pickOption(page, 'Agent (outbound, active)', outbound.name);
  await pickOption(page, 'Time zone of the campaign', 'Europe/Paris');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/step=schedule/);
  // Tomorrow by the simulator's clock, which an earlier spec may have moved days ahead of this one.
  await page.getByLabel('Start date').fill(
    DateTime.fromISO(await sim.now())
      .setZone('Europe/Paris')
      .plus({ days: 1 })
      .toISODate()!,
  );
  await page.getByRole('button', { name: 'Every day' }).click();
  await page.getByLabel('Slot 1 from').fill('09:00');
  await page.getByLabel('Slot 1 to').fill('17:00');
  await page.getByLabel('Calls per day').fill('100');
  await visit('wizard: schedule');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/step=retry/);
  await visit('wizard: retry');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/step=recipients/);
  await visit('wizard: recipients (empty)');
  const rows = ['phone,first_name', ...Array.from({ length: 6 }, (_, i) => `+3361234${String(9000 + i)},Person ${i}`), 'not a number,Bad'];
  await page.getByLabel('choose a CSV file').setInputFiles({ name: 'r.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n')) });
  await expect(page.getByText(/6 recipients|6 rows/).first()).toBeVisible();
  await visit('wizard: recipients (loaded)');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/step=review/);
  await visit('wizard: review');
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return page.url().split('/').pop()!;
}
