/**
 * `npm run screenshots`: the README's tour pictures, taken from the real stack (simulator + BFF +
 * the built SPA; run `npm run build` first) in Debian's Chromium at 1280×720, light theme.
 * Writes docs/screenshots/*.png.
 */
import { mkdirSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { startStack } from './stack';

const OUT = 'docs/screenshots';
const PASSWORD = 'switchboard-demo';

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(400);
}

async function shot(page: Page, path: string, name: string): Promise<void> {
  await page.goto(path);
  await settle(page);
  await page.screenshot({ path: `${OUT}/${name}.png` });
  console.log(`  ${name}.png  ${path}`);
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const stack = await startStack({
    port: 0,
    simPort: 0,
    seedCalls: 3000,
    simRateLimit: 0,
    demoAccounts: true,
    demoPassword: PASSWORD,
    env: {
      LOG_LEVEL: 'warn',
      STATIC_DIR: process.env.STATIC_DIR ?? 'dist/client',
      // Insights and index search need the call index filled from the seeded calls.
      INDEX_SYNC: 'true',
      INDEX_RATE_PER_SECOND: '200',
      INDEX_CONCURRENCY: '4',
      INDEX_TRANSCRIPTS_PER_PASS: '10000',
    },
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const context = await browser.newContext({ baseURL: stack.url, viewport: { width: 1280, height: 720 }, colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto('/login');
    await settle(page);
    await page.screenshot({ path: `${OUT}/sign-in.png` });
    await page.getByLabel(/username/i).fill('admin');
    await page.getByLabel(/password/i).fill(PASSWORD);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // Pick real ids from the upstream, as the console would show them.
    const headers = { 'X-Api-Key': 'sim-key-primary-0000000000000001' };
    const agents = (await (await fetch(`${stack.simUrl}/v1/agents?size=100`, { headers })).json()) as {
      content: { id: string; configuration: { extractors: unknown[] } }[];
    };
    const agent = agents.content.find((a) => a.configuration.extractors.length > 0) ?? agents.content[0]!;
    const calls = (await (await fetch(`${stack.simUrl}/v1/calls?size=100`, { headers })).json()) as {
      content: { id: string; status: string; recorded: boolean; phone: string }[];
    };
    const call = calls.content.find((c) => c.recorded && c.status === 'COMPLETED') ?? calls.content[0]!;

    // Insights reads the call index: wait until it has caught up with the seeded calls.
    for (let i = 0; i < 120; i++) {
      const status = await page.request.get('/bff/index/status');
      if (status.ok() && ((await status.json()) as { backfill: { complete: boolean } }).backfill.complete) break;
      await page.waitForTimeout(1000);
    }
    await shot(page, '/?range=last30', 'insights');
    await shot(page, '/agents', 'agents');
    await shot(page, `/agents/${agent.id}`, 'agent-detail');
    await shot(page, '/calls?size=50', 'calls');
    await shot(page, `/calls?${new URLSearchParams({ size: '50', call: call.id })}`, 'calls-panel');
    await shot(page, `/calls?${new URLSearchParams({ q: 'thank', size: '20' })}`, 'calls-search');
    await shot(page, `/calls/${call.id}`, 'call-review');
    await shot(page, '/calls/new', 'new-call');
    await shot(page, '/campaigns', 'campaigns');
    await shot(page, '/campaigns/new', 'campaign-wizard');

    // Review and act: a sampling rule and a check fill the QA queue; a watched view; a few
    // do-not-call numbers. Made through the BFF, as the forms would.
    const write = async (method: 'post' | 'put', path: string, data: unknown) => {
      const res = await page.request[method](path, { headers: { 'X-Switchboard': '1', Origin: stack.url }, data });
      if (!res.ok()) throw new Error(`${method.toUpperCase()} ${path}: ${res.status()} ${await res.text()}`);
    };
    await write('post', '/bff/review/sampling-rules', { name: 'A tenth of every agent’s calls', mode: 'percent', amount: 10 });
    await write('post', '/bff/review/checks', { name: 'Hung up within 10 s', condition: { kind: 'hangUpAfterAnswer', seconds: 10 } });
    await write('put', `/bff/views/${encodeURIComponent('Not answered')}`, { search: { status: ['NO_ANSWER'] } });
    await write('post', '/bff/alert-rules', {
      name: 'No answer over 40 %',
      viewName: 'Not answered',
      condition: { kind: 'share', group: 'noAnswer', windowMinutes: 60, abovePercent: 40, minCalls: 20 },
    });
    for (const [phone, reason] of [
      ['+14155550101', 'Asked not to be called again'],
      ['+447700900123', 'Wrong number'],
      ['+33612345678', 'Complaint'],
    ])
      await write('post', '/bff/do-not-call', { phone, reason });
    await shot(page, '/review', 'review-queue');
    await shot(page, '/alerts', 'alerts');
    await shot(page, '/do-not-call', 'do-not-call');
    await write('post', '/bff/outcomes', {
      name: 'Reached, over a minute',
      agentId: agent.id,
      clauses: [
        { kind: 'status', statuses: ['COMPLETED'] },
        { kind: 'duration', op: 'atLeast', seconds: 60 },
      ],
    });
    await shot(page, '/outcomes', 'outcomes');
    await shot(page, '/compliance', 'compliance');
    await shot(page, `/contacts/${encodeURIComponent(call.phone)}`, 'contact');
    await shot(page, '/live', 'live');

    // A call review on a phone (412 px wide): the header wraps and its navigation scrolls sideways.
    const phone = await browser.newContext({ baseURL: stack.url, viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, colorScheme: 'light' });
    await phone.addCookies(await context.cookies());
    const phonePage = await phone.newPage();
    await shot(phonePage, `/calls/${call.id}`, 'phone-call-review');
    await phone.close();

    // The Voice API page (admins): the connection check run by the worker, then the call index as the worker keeps it.
    await page.goto('/voice-api');
    await page.getByRole('button', { name: 'Run the check' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /As expected|problem|did not finish/ })
      .waitFor({ timeout: 60_000 });
    await page.getByRole('region', { name: 'The call index', exact: true }).scrollIntoViewIfNeeded();
    await settle(page);
    await page.screenshot({ path: `${OUT}/voice-api.png` });
    console.log('  voice-api.png  /voice-api');
  } finally {
    await browser.close();
    await stack.close();
  }
}

await main();
