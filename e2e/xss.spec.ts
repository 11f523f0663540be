/**
 * Issue 9, "Abuse" in the browser: upstream strings carrying HTML and script are rendered as text.
 * Every upstream string the console shows that a test can set — an agent's name (PATCH upstream),
 * a campaign's name and its recipients' variables (through the BFF), a call's context variables
 * (placed through the BFF), rows pasted into the wizard — holds the payloads; each screen that shows
 * them must show them literally, run none of them (window.__xss stays undefined, no dialog opens)
 * and create no element from them.
 */
import type { Page } from '@playwright/test';
import { BFF_URL, BFF_WRITE_HEADERS, discardWizardDraft, expect, test } from './fixtures';

const IMG = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '<script>window.__xss=1</script>';
const SVG = '<svg onload=alert(1)>';
const stamp = Date.now();
const AGENT_NAME = `${IMG} agent ${stamp}`;
const CAMPAIGN_NAME = `${SCRIPT} campaign ${stamp} ${IMG}`;
const VARIABLE = `${SVG}${IMG}${SCRIPT}`;

interface Agent {
  id: string;
  name: string;
  type: string;
  active: boolean;
  archived: boolean;
}

/** Nothing ran and nothing was built from the payloads. */
async function expectInert(page: Page, dialogs: string[], where: string): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss), `${where}: no script ran`).toBeUndefined();
  expect(dialogs, `${where}: no dialog`).toEqual([]);
  const built = await page.evaluate(
    () => document.querySelectorAll('img[src="x"], svg[onload]').length + [...document.scripts].filter((s) => (s.textContent ?? '').includes('__xss')).length,
  );
  expect(built, `${where}: no element from the payloads`).toBe(0);
}

test.setTimeout(90_000);

test('HTML and script in upstream strings are shown as text on every screen and never run', async ({ pageAs, sim }) => {
  const agents = (await sim.upstream<{ content: Agent[] }>('/v1/agents?size=100')).content;
  // An inbound agent: the outbound ones are picked by name in other journeys.
  const inbound = agents.find((a) => a.type === 'INBOUND' && !a.archived)!;
  const outbound = await sim.callableAgent();
  await sim.upstreamPatch(`/v1/agents/${inbound.id}`, { name: AGENT_NAME });
  try {
    const page = await pageAs('operator');
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });

    // Through the BFF, as the console would: a campaign and a call carrying the payloads.
    const now = await sim.now();
    const campaign = await page.request.post(`${BFF_URL}/bff/campaigns`, {
      headers: { ...BFF_WRITE_HEADERS, 'Idempotency-Key': `xss-campaign-${stamp}` },
      data: {
        name: CAMPAIGN_NAME,
        agentId: outbound.id,
        startDate: new Date(Date.parse(now) + 36 * 3600_000).toISOString().slice(0, 10),
        timeSlots: [{ startTime: '10:00', endTime: '12:00' }],
        batchSize: 10,
        days: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'],
        recipients: [{ phone: '+33612777001', context: { note: VARIABLE } }],
        timezone: 'Europe/Paris',
      },
    });
    expect(campaign.status(), await campaign.text()).toBe(201);
    const campaignId = ((await campaign.json()) as { id: string }).id;
    const call = await page.request.post(`${BFF_URL}/bff/calls`, {
      headers: { ...BFF_WRITE_HEADERS, 'Idempotency-Key': `xss-call-${stamp}` },
      data: { agentId: outbound.id, recipient: { phone: '+33612777002', context: { note: VARIABLE, [`${IMG}key`]: 'value' } }, campaignId },
    });
    expect(call.status(), await call.text()).toBe(201);
    const callId = ((await call.json()) as { id: string }).id;

    const visits: { name: string; path: string; texts: string[] }[] = [
      { name: 'agent detail', path: `/agents/${inbound.id}`, texts: [AGENT_NAME] },
      { name: 'agents list', path: '/agents?type=INBOUND&size=100', texts: [AGENT_NAME] },
      { name: 'calls list of the agent', path: `/calls?agentId=${inbound.id}`, texts: [] },
      { name: 'call review', path: `/calls/${callId}`, texts: [VARIABLE, `${IMG}key`] },
      { name: 'campaigns list', path: '/campaigns', texts: [CAMPAIGN_NAME] },
      { name: 'campaign detail', path: `/campaigns/${campaignId}`, texts: [CAMPAIGN_NAME] },
      { name: 'place a call (campaign choices)', path: '/calls/new', texts: [] },
    ];
    for (const visit of visits) {
      await page.goto(visit.path);
      await expect(page.getByRole('main')).not.toBeEmpty();
      for (const text of visit.texts) await expect(page.getByText(text, { exact: false }).first(), `${visit.name} shows ${text} as text`).toBeVisible();
      await expectInert(page, dialogs, visit.name);
    }

    // The wizard: pasted rows whose variables carry the payloads, previewed as text.
    await discardWizardDraft(page);
    await page.goto('/campaigns/new?step=recipients');
    const quoted = (s: string) => `"${s.replace(/"/g, '""')}"`;
    await page.getByLabel(/Or paste rows/).fill(`phone,first_name,note\n+33612777003,${quoted(IMG)},${quoted(SCRIPT)}\n`);
    await page.getByRole('button', { name: 'Use pasted rows' }).click();
    await expect(page.getByText(IMG).first(), 'the wizard preview shows the variable as text').toBeVisible();
    await expect(page.getByText(SCRIPT).first()).toBeVisible();
    await expectInert(page, dialogs, 'wizard preview');
    await discardWizardDraft(page);
  } finally {
    await sim.upstreamPatch(`/v1/agents/${inbound.id}`, { name: inbound.name });
  }
});
