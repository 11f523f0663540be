/**
 * Issue 9, the browser half of "Faults": the simulator's control API injects each fault in turn on
 * the upstream routes the screens read (GET /v1/*) and the routes they write (POST /v1/calls,
 * POST /v1/campaigns), and Chromium walks every screen against the real BFF: each shows a state a
 * person can act on (content after the wait for latency; an error with Try again for a hang, a
 * reset, a 5xx or a malformed body; the banner when the upstream is down), recovers once the fault
 * clears (by itself where the SPA retries: 429, the upstream back; by Try again otherwise), no write
 * reaches the upstream twice, nothing typed is lost, and the BFF process keeps serving.
 *
 * Speed: one test per fault kind, the seven screens open side by side in one signed-in context (a
 * hang costs the BFF's 7 s e2e timeout once: the SPA does not ask again after a 504), faults
 * limited by `count` where the SPA recovers alone. "Upstream down" is the e2e stack's forwarder
 * closing its port (scripts/e2e-stack.ts): the BFF gets ECONNREFUSED. The figures go to
 * resilience/results/e2e-faults.json after the last test.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { writeResult } from '../resilience/report';
import { e2eStackFile } from '../scripts/lib/e2e-stack-files';
import {
  BFF_URL,
  BFF_WRITE_HEADERS,
  discardWizardDraft,
  expect,
  newSignedInContext,
  pickOption,
  registeredCampaigns,
  SimClient,
  STACK,
  test,
} from './fixtures';
import type { Browser, Locator, Page } from '@playwright/test';

const sim = new SimClient();
const READS = { method: 'GET', path: '/v1/*' };
const ZONE = 'Europe/Paris';

const figures = {
  faultsInjected: 0,
  screensWalked: 0,
  screensRecovered: 0,
  writesAttempted: 0,
  writesCreatedUpstream: 0,
  duplicates: 0,
  lostDrafts: 0,
  bffCrashes: 0,
};
const injectedBy: Record<string, number> = {};
let completed = 0;
const TESTS = 9;

interface Ids {
  agentId: string;
  agentName: string;
  outboundName: string;
  outboundId: string;
  callId: string;
  campaignId: string;
  campaignName: string;
}
let ids: Ids;
let bffPid = 0;

const pidFile = () => e2eStackFile(STACK.port, 'pid');
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function simInjected(): Promise<number> {
  return (await sim.control<{ faultsInjected: number }>('GET', 'stats')).faultsInjected;
}

/** Runs `body` with faults injected, adds what the simulator counted to the tallies, clears them. */
async function withFaults<T>(kind: string, specs: Record<string, unknown>[], body: () => Promise<T>): Promise<T> {
  const before = await simInjected();
  for (const spec of specs) await sim.fault(spec);
  try {
    return await body();
  } finally {
    await sim.clearFaults();
    const n = (await simInjected()) - before;
    figures.faultsInjected += n;
    injectedBy[kind] = (injectedBy[kind] ?? 0) + n;
  }
}

/** The BFF is the same process as before and answers /healthz. */
async function expectBffServing(page: Page): Promise<void> {
  const healthy = (await page.request.get(`${BFF_URL}/healthz`)).status() === 200;
  const same = Number(readFileSync(pidFile(), 'utf8')) === bffPid && alive(bffPid);
  if (!healthy || !same) figures.bffCrashes += 1;
  expect(healthy && same, 'the BFF keeps serving, same process').toBe(true);
}

interface Screen {
  name: string;
  path: () => string;
  /** What the screen shows when its data is there. */
  content: (page: Page) => Locator;
}

const SCREENS: Screen[] = [
  { name: 'agents list', path: () => '/agents', content: (p) => p.getByRole('table', { name: 'Agents' }) },
  { name: 'agent detail', path: () => `/agents/${ids.agentId}`, content: (p) => p.getByRole('heading', { level: 1, name: ids.agentName }) },
  { name: 'calls list', path: () => '/calls', content: (p) => p.getByRole('table').first() },
  { name: 'call review', path: () => `/calls/${ids.callId}`, content: (p) => p.getByRole('list', { name: 'Transcript entries' }) },
  {
    name: 'campaigns list',
    path: () => '/campaigns',
    content: (p) =>
      p
        .getByRole('row')
        .filter({ hasText: ids.campaignName })
        .getByText(/^(ACTIVE|PAUSED|CANCELLED|COMPLETED|Active|Paused|Cancelled|Completed)$/i),
  },
  { name: 'campaign detail', path: () => `/campaigns/${ids.campaignId}`, content: (p) => p.getByRole('heading', { level: 1, name: ids.campaignName }) },
  { name: 'wizard', path: () => '/campaigns/new?step=basics', content: (p) => p.getByRole('combobox', { name: 'Agent (outbound, active)' }) },
];

/** An error a person can act on: an alert that explains, with Try again. */
const errorWithRetry = (page: Page) => page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Try again' }) });
const banner = (page: Page) => page.getByRole('alert').filter({ hasText: 'The Voice API cannot be reached right now.' });
const slowBanner = (page: Page) => page.getByRole('alert').filter({ hasText: 'The Voice API is answering slowly.' });

/**
 * Each screen in its own signed-in context: Chromium keeps at most 6 connections per host in a
 * profile, so seven pages of one context would queue behind each other's hanging requests.
 */
async function openScreens(browser: Browser): Promise<{ pages: Page[]; close: () => Promise<void> }> {
  const contexts = await Promise.all(SCREENS.map((_, i) => newSignedInContext(browser, i % 2 ? 'admin' : 'operator')));
  const pages = await Promise.all(contexts.map((c) => c.newPage()));
  await Promise.all(pages.map((p, i) => p.goto(SCREENS[i]!.path())));
  figures.screensWalked += pages.length;
  return { pages, close: async () => void (await Promise.all(contexts.map((c) => c.close()))) };
}

/**
 * Every screen under a fault that reads cannot get past: an error with Try again (each failed load
 * of the page is in an alert with its own Try again; a screen may show more than one), then, the
 * fault cleared, Try again on each brings its data back.
 */
async function walkFailing(browser: Browser, kind: string, spec: Record<string, unknown>, timeout: number, slow = false) {
  const screens = await withFaults(kind, [{ ...READS, ...spec }], async () => {
    const opened = await openScreens(browser);
    await checkFailing(opened.pages, kind, timeout);
    // A hang is not a refusal: the shell says the Voice API is slow, not that it cannot be reached.
    if (slow) {
      await expect(slowBanner(opened.pages[0]!), `the slow banner under ${kind}`).toBeVisible({ timeout: 20_000 });
      await expect(banner(opened.pages[0]!)).toHaveCount(0);
    }
    return opened;
  });
  if (slow) {
    // Requests sent while the upstream hung end only at the BFF's timeout (7 s in the e2e stack);
    // until then the campaigns list's many status reads can still be queued behind them. A person
    // retrying after the Voice API is back is served once those have ended: wait that long first.
    await new Promise((resolve) => setTimeout(resolve, 8_000));
  }
  await recoverWithTryAgain(screens.pages, kind);
  await screens.close();
}

async function checkFailing(opened: Page[], kind: string, timeout: number) {
  await Promise.all(
    opened.map(async (page, i) => {
      await expect(errorWithRetry(page).first(), `${SCREENS[i]!.name} under ${kind}`).toBeVisible({ timeout });
      await expect(errorWithRetry(page).first()).toContainText(/Voice API|try again|took too long|could not/i);
    }),
  );
  await expectBffServing(opened[0]!);
}

async function recoverWithTryAgain(pages: Page[], kind: string) {
  await Promise.all(
    pages.map(async (page, i) => {
      for (let n = 0; n < 3 && (await errorWithRetry(page).count()) > 0; n += 1) {
        // The error may go between the count and the click (a part of the screen that refetched by
        // itself): then there is nothing to click, and the loop looks again.
        await errorWithRetry(page)
          .first()
          .getByRole('button', { name: 'Try again' })
          .click({ timeout: 5_000 })
          .catch(() => undefined);
        await expect(errorWithRetry(page))
          .toHaveCount(0, { timeout: 10_000 })
          .catch(() => undefined);
      }
      await expect(SCREENS[i]!.content(page), `${SCREENS[i]!.name} after ${kind} cleared`).toBeVisible({ timeout: 15_000 });
      await expect(errorWithRetry(page)).toHaveCount(0);
      figures.screensRecovered += 1;
    }),
  );
}

// ---- setup: the things the screens show, and a campaign in the BFF's registry ----

test.describe.configure({ mode: 'serial' });
// A walk may wait FAILING_SHOWN_MS for the errors, then up to a minute for Try again on each screen.
test.setTimeout(180_000);

/**
 * How long a screen may take to show its error when every read fails at once: the SPA's read and
 * its one retry (src/lib/query-client.ts) plus the seven pages' start, all on the CI machine's two
 * cores beside two other stacks (a run there once saw a screen's first read 12 s after its
 * navigation ended, and its error at the edge of 20 s; another, the eight pages' scripts taking up
 * to 8 s to arrive, drew the campaigns list 24 s after its navigation and its error at 30 s; on
 * 2026-11-30, with the load average at ~24, the agents list and the wizard showed theirs just
 * after 45 s, the page's snapshot at the failure already showing them).
 */
const FAILING_SHOWN_MS = 60_000;
/** How long a screen may take to show its content when every read takes 5 s (the same start, and the reads' own time). */
const SLOW_SHOWN_MS = 60_000;

test.beforeAll(async ({ browser }) => {
  await sim.clearFaults();
  bffPid = Number(readFileSync(pidFile(), 'utf8'));
  expect(alive(bffPid)).toBe(true);
  const agents = (await sim.upstream<{ content: { id: string; name: string; type: string; active: boolean; archived: boolean }[] }>('/v1/agents?size=100'))
    .content;
  const outbound = await sim.callableAgent();
  const calls = (await sim.upstream<{ content: { id: string; status: string }[] }>('/v1/calls?size=50')).content;
  const call = calls.find((c) => c.status === 'COMPLETED') ?? calls[0]!;
  const tomorrow = new Date(Date.parse(await sim.now()) + 36 * 3600_000).toISOString().slice(0, 10);

  // A campaign created through the BFF (the campaigns list is the BFF's registry of them).
  const context = await newSignedInContext(browser, 'operator');
  // A full page of other campaigns first: the list reads each one's live status from the Voice API,
  // so under a hang a page of reads queues behind the browser's six connections (CI's failure of
  // b36dcee: the SPA's retry of each 504 put the error past 40 s).
  const create = async (name: string, phone: string) => {
    const res = await context.request.post(`${BFF_URL}/bff/campaigns`, {
      headers: { ...BFF_WRITE_HEADERS, 'Idempotency-Key': randomUUID() },
      data: {
        name,
        agentId: outbound.id,
        startDate: tomorrow,
        timeSlots: [{ startTime: '10:00', endTime: '12:00' }],
        batchSize: 10,
        days: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'],
        recipients: [{ phone }],
        timezone: ZONE,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: string };
  };
  for (let k = 0; k < 25; k += 1) await create(`Faults page ${k} ${Date.now()}`, `+336123460${String(10 + k)}`);
  const campaignName = `Faults walk ${Date.now()}`;
  const campaign = await create(campaignName, '+33612345001');
  await context.close();
  ids = {
    agentId: agents[0]!.id,
    agentName: agents[0]!.name,
    outboundId: outbound.id,
    outboundName: outbound.name,
    callId: call.id,
    campaignId: campaign.id,
    campaignName,
  };
});

test.afterAll(async () => {
  await sim.clearFaults();
  // Figures only from a whole run of this file (a filtered run would undercount).
  if (completed !== TESTS) return;
  const byKind = Object.fromEntries(Object.entries(injectedBy).map(([k, v]) => [`injected.${k}`, v]));
  writeResult({
    suite: 'e2e-faults',
    promises: [
      'With each upstream fault (5 s latency, a hang past the BFF timeout, connection reset, 5xx, 429 with Retry-After, malformed JSON, the upstream down) on the routes the screens read, every screen (agents list and detail, calls list, call review, campaigns list and detail, the wizard) shows a state a person can act on: its content after the wait, an error with Try again, or the banner while the upstream is down.',
      'Reads recover once the fault clears: by themselves after a 429 (Retry-After is waited out) and when the upstream comes back; with Try again otherwise.',
      'Placing a call and creating a campaign while their write route fails (5xx, reset, hang past the timeout, 429), then retrying as the screen suggests, leaves exactly one call or campaign upstream, and every field typed is still there after the failure.',
      'The BFF keeps serving throughout: /healthz answers, same process.',
    ],
    figures: { ...figures, ...byKind },
  });
});

// ---- reads: one test per fault kind, every screen at once ----

test('5 s of latency on every read: each screen waits, then shows its content', async ({ browser }) => {
  await withFaults('latency 5 s', [{ ...READS, latencyMs: 5000 }], async () => {
    const started = Date.now();
    const { pages, close } = await openScreens(browser);
    await Promise.all(pages.map((page, i) => expect(SCREENS[i]!.content(page), SCREENS[i]!.name).toBeVisible({ timeout: SLOW_SHOWN_MS })));
    expect(Date.now() - started, 'the latency was real').toBeGreaterThan(5000);
    for (const page of pages) await expect(errorWithRetry(page)).toHaveCount(0);
    figures.screensRecovered += pages.length;
    await expectBffServing(pages[0]!);
    await close();
  });
  completed += 1;
});

test('a hang past the BFF timeout on every read: each screen says so with Try again, the shell says the Voice API is slow, and all recover', async ({
  browser,
}) => {
  await walkFailing(browser, 'hang past the timeout', { hang: true }, 40_000, true);
  completed += 1;
});

test('connection reset on every read: each screen shows an error with Try again, and recovers', async ({ browser }) => {
  await walkFailing(browser, 'connection reset', { resetRatio: 1 }, FAILING_SHOWN_MS);
  completed += 1;
});

test('5xx on every read: each screen shows an error with Try again, and recovers', async ({ browser }) => {
  await walkFailing(browser, '5xx', { status5xxRatio: 1 }, FAILING_SHOWN_MS);
  completed += 1;
});

test('malformed JSON on every read: each screen shows an error with Try again, and recovers', async ({ browser }) => {
  await walkFailing(browser, 'malformed JSON', { malformedRatio: 1 }, FAILING_SHOWN_MS);
  completed += 1;
});

test('429 with Retry-After on reads: each screen waits it out and shows its content by itself', async ({ browser }) => {
  const context = await newSignedInContext(browser, 'operator');
  const page = await context.newPage();
  for (const screen of SCREENS) {
    // Two refusals: within the SPA's three retries of a read, so the screen must get there alone.
    const injected = await withFaults('429 with Retry-After', [{ ...READS, status429Ratio: 1, retryAfterSeconds: 1, count: 2 }], async () => {
      const before = await simInjected();
      await page.goto(screen.path());
      await expect(screen.content(page), screen.name).toBeVisible({ timeout: 15_000 });
      await expect(errorWithRetry(page)).toHaveCount(0);
      return (await simInjected()) - before;
    });
    expect(injected, `${screen.name}: the 429s were served`).toBeGreaterThan(0);
    figures.screensWalked += 1;
    figures.screensRecovered += 1;
  }
  await expectBffServing(page);
  await context.close();
  completed += 1;
});

test('the upstream down: the banner on every screen, each screen says it cannot load, and all come back by themselves', async ({ browser }) => {
  const context = await newSignedInContext(browser, 'operator');
  // Tokens first, while the upstream is up (the BFF mints them upstream).
  const warm = await context.newPage();
  await warm.goto('/agents');
  await expect(SCREENS[0]!.content(warm)).toBeVisible();
  await warm.close();
  await context.close();
  const { pages, close } = await withFaults('upstream down', [{ path: '/v1/*', down: true }], async () => {
    const screens = await openScreens(browser);
    const opened = screens.pages;
    await Promise.all(
      opened.map(async (page, i) => {
        // The seven pages' start on the busy cores, as for the other faults (FAILING_SHOWN_MS).
        await expect(banner(page), `${SCREENS[i]!.name}: the banner`).toBeVisible({ timeout: FAILING_SHOWN_MS });
        await expect(errorWithRetry(page).or(page.getByText('Status unavailable')).first(), `${SCREENS[i]!.name}: its own error`).toBeVisible({
          timeout: 20_000,
        });
      }),
    );
    await expectBffServing(opened[0]!);
    expect((await opened[0]!.request.get(`${BFF_URL}/readyz`)).status()).toBe(503);
    return screens;
  });
  // Back up: no click; the banner goes and every screen reloads what failed.
  await Promise.all(
    pages.map(async (page, i) => {
      await expect(banner(page)).toHaveCount(0, { timeout: 20_000 });
      await expect(SCREENS[i]!.content(page), `${SCREENS[i]!.name} after the upstream came back`).toBeVisible({ timeout: 20_000 });
      figures.screensRecovered += 1;
    }),
  );
  await close();
  completed += 1;
});

// ---- writes under faults: exactly once, nothing typed lost ----

const WRITE_FAULTS = [
  { kind: 'write 5xx', spec: { status5xxRatio: 1 } },
  { kind: 'write reset', spec: { resetRatio: 1 } },
  { kind: 'write hang past the timeout', spec: { hang: true } },
  { kind: 'write 429', spec: { status429Ratio: 1, retryAfterSeconds: 1 } },
] as const;

test('placing a call while POST /v1/calls fails: one call upstream after the retry, the form as typed', async ({ browser }) => {
  const context = await newSignedInContext(browser, 'operator');
  const page = await context.newPage();
  for (const [n, fault] of WRITE_FAULTS.entries()) {
    const phone = `+3361299${String(Date.now() % 1000).padStart(3, '0')}${n}`;
    await page.goto('/calls/new');
    await pickOption(page, 'Outbound agent', ids.outboundName);
    await page.getByLabel('Phone').fill(phone);
    await page.getByLabel('Variable 1 name').fill('first_name');
    await page.getByLabel('Variable 1 value').fill(`Ada ${n}`);
    await withFaults(fault.kind, [{ method: 'POST', path: '/v1/calls', ...fault.spec }], async () => {
      figures.writesAttempted += 1;
      await page.getByRole('button', { name: 'Place the call' }).click();
      await expect(page.getByRole('alert').first(), fault.kind).toBeVisible({ timeout: 20_000 });
      const kept =
        (await page.getByLabel('Phone').inputValue()) === phone &&
        (await page.getByLabel('Variable 1 name').inputValue()) === 'first_name' &&
        (await page.getByLabel('Variable 1 value').inputValue()) === `Ada ${n}` &&
        (await page.getByRole('combobox', { name: 'Outbound agent' }).inputValue()) === ids.outboundName;
      if (!kept) figures.lostDrafts += 1;
      expect(kept, `${fault.kind}: the form as typed`).toBe(true);
    });
    // The fault cleared: the person checks the calls list (nothing there), then places it again.
    expect((await sim.upstream<{ content: unknown[] }>(`/v1/calls?phone=${encodeURIComponent(phone)}`)).content).toHaveLength(0);
    const again = page.getByRole('button', { name: /place it again/i });
    figures.writesAttempted += 1;
    if (await again.isVisible()) await again.click();
    else await page.getByRole('button', { name: 'Place the call' }).click();
    await expect(page, `${fault.kind}: placed after the retry`).toHaveURL(/\/calls\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    const upstream = (await sim.upstream<{ content: unknown[] }>(`/v1/calls?phone=${encodeURIComponent(phone)}`)).content.length;
    figures.writesCreatedUpstream += upstream;
    figures.duplicates += Math.max(0, upstream - 1);
    expect(upstream, `${fault.kind}: exactly one call upstream`).toBe(1);
  }
  await expectBffServing(page);
  await context.close();
  completed += 1;
});

test('creating a campaign while POST /v1/campaigns fails: one campaign after the retry, the draft as typed', async ({ browser }) => {
  const context = await newSignedInContext(browser, 'operator');
  const page = await context.newPage();
  const start = new Date(Date.parse(await sim.now()) + 36 * 3600_000).toISOString().slice(0, 10);
  for (const [n, fault] of WRITE_FAULTS.entries()) {
    await discardWizardDraft(page);
    const name = `Write fault ${n} ${Date.now()}`;
    await page.goto('/campaigns/new?step=basics');
    await page.getByLabel('Campaign name').fill(name);
    await pickOption(page, 'Agent (outbound, active)', ids.outboundName);
    await pickOption(page, 'Time zone of the campaign', ZONE);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/step=schedule/);
    await page.getByLabel('Start date').fill(start);
    await page.getByLabel('Slot 1 from').fill('10:00');
    await page.getByLabel('Slot 1 to').fill('12:00');
    await page.getByLabel('Calls per day').fill('25');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/step=retry/);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel(/Or paste rows/).fill(`phone,first_name\n+3361288${n}001,Ada\n+3361288${n}002,Grace\n`);
    await page.getByRole('button', { name: 'Use pasted rows' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/step=review/);
    const before = await registryCount(page, name);
    expect(before).toBe(0);
    await withFaults(fault.kind, [{ method: 'POST', path: '/v1/campaigns', ...fault.spec }], async () => {
      figures.writesAttempted += 1;
      await page.getByRole('button', { name: 'Create campaign' }).click();
      await expect(page.getByRole('alert').first(), fault.kind).toBeVisible({ timeout: 20_000 });
      await expect(page).toHaveURL(/step=review/);
      // An upstream 503 applied nothing (the BFF says so): the wizard says trying again is safe,
      // not that the campaign may exist; a reset or a hang leaves it unknown, and it says that.
      const expected = { 'write 5xx': 'Nothing is lost', 'write reset': 'may or may not', 'write hang past the timeout': 'may or may not' }[
        fault.kind as string
      ];
      if (expected) await expect(page.getByRole('alert').filter({ hasText: expected }).first(), `${fault.kind}: the wizard says "${expected}"`).toBeVisible();
      // Nothing typed is lost: the review still shows it, and the draft on the BFF holds it.
      const draft = await (await page.request.get(`${BFF_URL}/bff/drafts/campaign-new`)).text();
      const kept = (await page.getByText(name).count()) > 0 && draft.includes(name) && draft.includes(`+3361288${n}002`) && draft.includes('25');
      if (!kept) figures.lostDrafts += 1;
      expect(kept, `${fault.kind}: the draft as typed`).toBe(true);
    });
    expect(await registryCount(page, name), `${fault.kind}: nothing created while failing`).toBe(0);
    figures.writesAttempted += 1;
    if (fault.kind === 'write reset' || fault.kind === 'write hang past the timeout') {
      // An unknown outcome: the wizard checks first; finding nothing, it offers a new key only once
      // the person confirms it was not created (a duplicate would call people twice).
      const fresh = page.getByRole('button', { name: 'Create it again as a new campaign' });
      await expect(fresh, `${fault.kind}: offered after the checks`).toBeVisible({ timeout: 20_000 });
      await page.getByRole('checkbox', { name: 'I checked: it was not created' }).check();
      await fresh.click();
    } else await page.getByRole('button', { name: 'Create campaign' }).click();
    await expect(page, `${fault.kind}: created after the retry`).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    const id = page.url().split('/').pop()!;
    expect((await sim.upstream<{ name: string }>(`/v1/campaigns/${id}`)).name).toBe(name);
    const created = await registryCount(page, name);
    figures.writesCreatedUpstream += created;
    figures.duplicates += Math.max(0, created - 1);
    expect(created, `${fault.kind}: exactly one campaign`).toBe(1);
  }
  await expectBffServing(page);
  await context.close();
  completed += 1;
});

/** Campaigns of this name the BFF created upstream (its registry records every 201). */
async function registryCount(page: Page, name: string): Promise<number> {
  return (await registeredCampaigns(page, name)).length;
}
