/**
 * One read and one cache per shared resource (src/lib/shared-queries): a change made on one
 * screen shows at once on another screen of another feature, in the same tab, without a reload.
 * Every navigation here is a click inside the app, so the query cache lives through the journey.
 */
import { DateTime } from 'luxon';
import { discardWizardDraft, expect, pickOption, test } from './fixtures';

test('an agent renamed on its page is named anew in the calls list at once', async ({ pageAs, sim }) => {
  const [call] = (await sim.upstream<{ content: { agentId: string }[] }>('/v1/calls?size=1&sort=startTime,DESC')).content;
  const agent = await sim.upstream<{ id: string; name: string }>(`/v1/agents/${call!.agentId}`);
  const renamed = `${agent.name} (renamed ${Date.now() % 100_000})`;
  const page = await pageAs('admin');
  try {
    await page.goto(`/calls?agentId=${agent.id}`);
    const rows = page.locator('tbody tr');
    await expect(rows.first().getByRole('cell', { name: agent.name, exact: true })).toBeVisible();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agents' }).click();
    await page.getByRole('link', { name: agent.name, exact: true }).click();
    await page.getByRole('link', { name: 'Edit agent' }).click();
    await page.getByLabel('Name').fill(renamed);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('heading', { name: renamed, level: 1 })).toBeVisible();

    await page.getByRole('link', { name: 'Calls of this agent' }).click();
    await expect(page).toHaveURL(/\/calls\?agentId=/);
    await expect(rows.first().getByRole('cell', { name: renamed, exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: agent.name, exact: true })).toHaveCount(0);
  } finally {
    await sim.upstreamPatch(`/v1/agents/${agent.id}`, { name: agent.name });
  }
});

test('a campaign created in the wizard is offered at once in "Place call"', async ({ pageAs, sim }) => {
  const agent = await sim.callableAgent();
  const now = await sim.now();
  const name = `Shared cache ${Date.now()}`;
  const page = await pageAs('operator');
  await discardWizardDraft(page);

  // "Place call" reads the registry once…
  const registryRead = page.waitForResponse((r) => r.url().includes('/bff/campaigns?') && r.ok());
  await page.goto('/calls/new');
  await registryRead;
  const campaign = page.getByRole('combobox', { name: 'Campaign (optional)' });
  await expect(campaign.getByRole('option', { name: 'No campaign' })).toHaveCount(1);
  await expect(campaign.getByRole('option', { name })).toHaveCount(0);

  // …then a campaign is created in the wizard…
  await page.getByRole('link', { name: 'New campaign' }).click();
  await page.getByLabel('Campaign name').fill(name);
  await pickOption(page, 'Agent (outbound, active)', agent.name);
  await pickOption(page, 'Time zone of the campaign', 'Europe/Paris');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Start date').fill(DateTime.fromISO(now).setZone('Europe/Paris').plus({ days: 1 }).toISODate()!);
  await page.getByLabel('Slot 1 from').fill('09:00');
  await page.getByLabel('Slot 1 to').fill('11:00');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/step=retry/);
  await page.getByRole('button', { name: 'Next' }).click();
  // Numbers no other spec calls: an earlier campaign's callers may be on the do-not-call list by now.
  await page.getByLabel(/Or paste rows/).fill('+33612346601\n+33612346602\n');
  await page.getByRole('button', { name: 'Use pasted rows' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/, { timeout: 30_000 });

  // …and "Place call" offers it without a reload.
  await page.getByRole('link', { name: 'New call' }).click();
  await expect(page.getByRole('combobox', { name: 'Campaign (optional)' }).getByRole('option', { name })).toHaveCount(1);
});
