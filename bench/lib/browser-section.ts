/**
 * Bundle and browser figures, Playwright on Debian Chromium against the production build served by
 * the BFF, a fresh context per load. Times are read inside the page (performance.now() after the
 * frame that shows the content), so the harness's own overhead stays out.
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './bff-section';
import { reason } from './section';

export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export interface ListApp {
  /** Name in the report. */
  name: string;
  url: string;
  /** Signs a fresh context in (or nothing for apps without sign-in). */
  prepare(context: BrowserContext): Promise<void>;
  listPath: string;
  /** CSS selector of one painted row of the calls list. */
  rowSelector: string;
  /** Attribute or text that identifies a row (to see the next page arrive). */
  rowKey: string;
  nextSelector: string;
  /** Text the next-page control must have among the nextSelector matches (case-insensitive). */
  nextText?: string;
  /** Selector present once the call detail shows. */
  detailSelector: string;
}

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
}

/** Long tasks observed from the very start of the document. */
const OBSERVE_LONG_TASKS = `
  globalThis.__name = (f) => f; // tsx keeps function names with a helper the page lacks
  window.__longTasks = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]); })
    .observe({ type: 'longtask', buffered: true });
`;

export async function signInContext(context: BrowserContext, bff: string, username = 'viewer'): Promise<void> {
  const res = await context.request.post(`${bff}/auth/login`, { data: { username, password: DEMO_PASSWORD }, headers: { 'X-Switchboard': '1', Origin: bff } });
  if (res.status() !== 204) throw new Error(`sign-in: ${res.status()}`);
}

export interface LoadFigures {
  /** navigation start → the rows painted (ms). */
  contentMs: number;
  longTasksMs: number;
  heapMiB: number;
  jsGzipKiB: number;
  cssGzipKiB: number;
  nextPageMs?: number;
  /** The click → the last row of the next page painted too (a page may draw its rows over frames). */
  nextPageAllMs?: number;
  detailMs?: number;
  /** Where the cold load's time went (navigation start → …, ms): the last script downloaded, the list's read asked and answered. */
  phases?: ColdLoadPhases;
  /** Steps after the cold load that failed (the load's own figures still count). */
  problems?: string[];
}

export interface ColdLoadPhases {
  scriptsDoneMs: number;
  readStartMs?: number;
  readEndMs?: number;
}

/** From the page's resource timing, up to `until`: the last script's end and the list read (`/v1/calls?`, either app's path to it). */
async function coldLoadPhases(page: Page, until: number): Promise<ColdLoadPhases> {
  return page.evaluate((t) => {
    const seen = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => e.startTime <= t);
    const scripts = seen.filter((e) => new URL(e.name).pathname.endsWith('.js'));
    const read = seen.find((e) => /\/v1\/calls$/.test(new URL(e.name).pathname) && new URL(e.name).search !== '');
    return { scriptsDoneMs: Math.max(0, ...scripts.map((e) => e.responseEnd)), readStartMs: read?.startTime, readEndMs: read?.responseEnd };
  }, until);
}

/** Waits in the page until `count` elements match, then one frame: the time they were painted. */
async function paintedAt(page: Page, selector: string, count: number, timeoutMs = 30_000): Promise<number> {
  return page.evaluate(
    ([sel, n, timeout]) =>
      new Promise<number>((resolve, reject) => {
        const started = performance.now();
        const check = () => {
          if (document.querySelectorAll(sel as string).length >= (n as number)) {
            requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0));
            return;
          }
          if (performance.now() - started > (timeout as number)) return reject(new Error(`${sel as string} ×${n} not shown`));
          requestAnimationFrame(check);
        };
        check();
      }),
    [selector, count, timeoutMs] as const,
  );
}

/**
 * JS and CSS of a load, gzipped: the bodies of the responses whose request started before the
 * content was painted (the page's resource timing says which), so what loads after it (idle
 * prefetches, the next screen's code) is not counted, however fast it comes.
 */
async function firstLoadBytes(
  page: Page,
  bodies: Promise<{ url: string; type: string; gz: number }>[],
  until: number,
): Promise<{ jsGzipKiB: number; cssGzipKiB: number }> {
  const started = new Set(
    await page.evaluate(
      (t) =>
        performance
          .getEntriesByType('resource')
          .filter((e) => e.startTime <= t)
          .map((e) => e.name),
      until,
    ),
  );
  const sizes = (await Promise.all(bodies)).filter((s) => started.has(s.url));
  const sum = (type: string) => sizes.filter((s) => s.type === type).reduce((n, s) => n + s.gz, 0) / 1024;
  return { jsGzipKiB: sum('script'), cssGzipKiB: sum('stylesheet') };
}

async function heapMiB(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  await cdp.detach();
  return usedSize / 2 ** 20;
}

/** One cold load of the list, then next page and row → detail, in a fresh context. */
export async function measureList(browser: Browser, app: ListApp, rows = 100): Promise<LoadFigures> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  try {
    await app.prepare(context);
    const page = await context.newPage();
    await page.addInitScript(OBSERVE_LONG_TASKS);
    const problems: string[] = [];
    const bodies: Promise<{ url: string; type: string; gz: number }>[] = [];
    page.on('response', (res) => {
      const type = res.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      const url = res.url();
      bodies.push(
        res.body().then(
          (b) => ({ url, type, gz: gzipSync(b).length }),
          () => ({ url, type, gz: 0 }),
        ),
      );
    });
    await page.goto(`${app.url}${app.listPath}`, { waitUntil: 'commit' });
    const contentMs = await paintedAt(page, app.rowSelector, rows);
    const longTasksMs = await page.evaluate(
      (until) => (window as any).__longTasks.filter((e: number[]) => e[0]! < until).reduce((n: number, e: number[]) => n + e[1]!, 0),
      contentMs,
    );
    const { jsGzipKiB, cssGzipKiB } = await firstLoadBytes(page, bodies, contentMs);
    const phases = await coldLoadPhases(page, contentMs);
    await page.waitForLoadState('load');
    const heap = await heapMiB(page);

    // Next page: click, then the first row's key changes and a frame is painted; and (a second
    // figure) until the last row's has too, for a page that draws its rows over several frames.
    const nextPage = await page
      .evaluate(
        ([rowSel, key, nextSel, nextText]) =>
          new Promise<{ firstMs: number; allMs: number }>((resolve, reject) => {
            const text = nextText;
            const first = () => document.querySelector(rowSel as string);
            const last = () => [...document.querySelectorAll(rowSel as string)].at(-1) ?? null;
            const id = (el: Element | null) => (el ? (key === 'text' ? el.textContent : el.getAttribute(key as string)) : null);
            const before = id(first());
            const lastBefore = id(last());
            let firstMs: number | undefined;
            const wanted = (text as string | undefined)?.toLowerCase();
            const button = ([...document.querySelectorAll(nextSel as string)] as HTMLElement[]).find(
              (b) => !wanted || b.textContent?.trim().toLowerCase() === wanted,
            );
            if (!button) return reject(new Error(`no ${nextSel as string}`));
            const t0 = performance.now();
            button.click();
            const painted = (then: (ms: number) => void) => requestAnimationFrame(() => setTimeout(() => then(performance.now() - t0), 0));
            const check = () => {
              const now = first();
              const lastNow = last();
              if (firstMs === undefined && now && id(now) !== before) painted((ms) => (firstMs ??= ms));
              if (lastNow && id(lastNow) !== lastBefore && now && id(now) !== before)
                return painted((ms) => resolve({ firstMs: Math.min(firstMs ?? ms, ms), allMs: ms }));
              if (performance.now() - t0 > 15_000) return reject(new Error('next page not shown'));
              requestAnimationFrame(check);
            };
            check();
          }),
        [app.rowSelector, app.rowKey, app.nextSelector, app.nextText] as const,
      )
      .catch((error: unknown) => {
        problems.push(`next page: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
        return undefined;
      });
    await paintedAt(page, app.rowSelector, Math.min(rows, 10)).catch(() => undefined);

    // Row → detail: click the first row, then the detail shows.
    const detailMs = await page
      .evaluate(
        ([rowSel, detailSel]) =>
          new Promise<number>((resolve, reject) => {
            const row = document.querySelector(rowSel as string) as HTMLElement | null;
            if (!row) return reject(new Error('no row'));
            const target = (row.querySelector('a') as HTMLElement | null) ?? row;
            const t0 = performance.now();
            target.click();
            const check = () => {
              if (document.querySelector(detailSel as string)) return requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0));
              if (performance.now() - t0 > 15_000) return reject(new Error('detail not shown'));
              requestAnimationFrame(check);
            };
            check();
          }),
        [app.rowSelector, app.detailSelector] as const,
      )
      .catch((error: unknown) => {
        problems.push(`row → detail: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
        return undefined;
      });
    return {
      contentMs,
      longTasksMs,
      heapMiB: heap,
      jsGzipKiB,
      cssGzipKiB,
      nextPageMs: nextPage?.firstMs,
      nextPageAllMs: nextPage?.allMs,
      detailMs,
      phases,
      problems,
    };
  } finally {
    await context.close();
  }
}

/** Cold load of one page to its content (agents list, call review). */
export async function measurePage(
  browser: Browser,
  prepare: (c: BrowserContext) => Promise<void>,
  url: string,
  selector: string,
  count = 1,
): Promise<LoadFigures & { page?: Page }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  try {
    await prepare(context);
    const page = await context.newPage();
    await page.addInitScript(OBSERVE_LONG_TASKS);
    const bodies: Promise<{ url: string; type: string; gz: number }>[] = [];
    page.on('response', (res) => {
      const type = res.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      const url = res.url();
      bodies.push(
        res.body().then(
          (b) => ({ url, type, gz: gzipSync(b).length }),
          () => ({ url, type, gz: 0 }),
        ),
      );
    });
    await page.goto(url, { waitUntil: 'commit' });
    const contentMs = await paintedAt(page, selector, count);
    const longTasksMs = await page.evaluate(
      (until) => (window as any).__longTasks.filter((e: number[]) => e[0]! < until).reduce((n: number, e: number[]) => n + e[1]!, 0),
      contentMs,
    );
    const bytes = await firstLoadBytes(page, bodies, contentMs);
    await page.waitForLoadState('load');
    const heap = await heapMiB(page);
    return { contentMs, longTasksMs, heapMiB: heap, ...bytes };
  } finally {
    await context.close();
  }
}

export interface ReviewFigures {
  /** navigation start → the heading and a playable <audio> (metadata loaded), one frame later (ms). */
  interactiveMs: number;
  /** play() → the first timeupdate with currentTime > 0 (ms). */
  audioMs: number;
  /** Long tasks from the start of the document until interactive (sum, ms). */
  longTasksMs: number;
  /** JS heap after load and a forced GC, before play (MiB). */
  heapMiB: number;
}

/** Call review: content → the player usable; play → the first audio frame (currentTime moves). */
export async function measureCallReview(browser: Browser, bff: string, callId: string): Promise<ReviewFigures> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  try {
    await signInContext(context, bff);
    const page = await context.newPage();
    await page.addInitScript(OBSERVE_LONG_TASKS);
    await page.goto(`${bff}/calls/${callId}`, { waitUntil: 'commit' });
    // Interactive: the heading and a playable <audio> (metadata loaded) are there.
    const interactiveMs = await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const check = () => {
            const audio = document.querySelector('audio') as HTMLAudioElement | null;
            if (document.querySelector('h1') && audio && audio.readyState >= 1)
              return requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0));
            if (performance.now() > 30_000) return reject(new Error('call review not interactive'));
            requestAnimationFrame(check);
          };
          check();
        }),
    );
    const longTasksMs = await page.evaluate(
      (until) => (window as any).__longTasks.filter((e: number[]) => e[0]! < until).reduce((n: number, e: number[]) => n + e[1]!, 0),
      interactiveMs,
    );
    await page.waitForLoadState('load');
    const heap = await heapMiB(page);
    const audioMs = await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const audio = document.querySelector('audio') as HTMLAudioElement;
          audio.muted = true;
          const t0 = performance.now();
          const timer = setTimeout(() => reject(new Error('no audio in 15 s')), 15_000);
          const moved = () => {
            if (audio.currentTime <= 0) return;
            audio.removeEventListener('timeupdate', moved);
            clearTimeout(timer);
            resolve(performance.now() - t0);
          };
          audio.addEventListener('timeupdate', moved);
          audio.play().catch(reject);
        }),
    );
    return { interactiveMs, audioMs, longTasksMs, heapMiB: heap };
  } finally {
    await context.close();
  }
}

export interface WizardFigures {
  /** The file set on the input (change dispatched in the page) → "1,000 recipients ready" painted (ms). */
  importMs: number;
  /** Long tasks during that import (sum, ms). */
  importLongTasksMs: number;
  /** Keystrokes typed into the campaign name with the rows loaded: the largest input delay (the event's timeStamp → its first listener, ms). */
  inputDelayMaxMs: number;
  /** The same keystrokes: the largest time from the event to the frame after it (rAF, then a task). */
  keyToPaintMaxMs: number;
  keystrokes: number;
}

/** A CSV of `rows` recipients with valid French mobile numbers and two variables. */
export function recipientsCsv(rows: number): string {
  const lines = ['phone,first_name,plan'];
  for (let i = 0; i < rows; i += 1) lines.push(`+3361234${String(i).padStart(4, '0')},Person ${i},${i % 3 ? 'basic' : 'premium'}`);
  return `${lines.join('\n')}\n`;
}

/**
 * The new-campaign wizard's recipients step with a CSV of `rows` rows (as an operator, the draft
 * discarded first), then typing in the campaign name with those rows loaded.
 */
export async function measureWizard(browser: Browser, bff: string, rows = 1000, text = 'Spring renewals, north region'): Promise<WizardFigures> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  try {
    await signInContext(context, bff, 'operator');
    const discard = await context.request.delete(`${bff}/bff/drafts/campaign-new`, { headers: { 'X-Switchboard': '1', Origin: bff } });
    if (discard.status() >= 400 && discard.status() !== 404) throw new Error(`discard draft: ${discard.status()}`);
    const page = await context.newPage();
    await page.addInitScript(OBSERVE_LONG_TASKS);
    await page.goto(`${bff}/campaigns/new?step=recipients`);
    const input = page.getByLabel('choose a CSV file');
    await input.waitFor({ state: 'attached', timeout: 30_000 });
    const ready = `${rows.toLocaleString('en')} recipients ready`;
    // In the page: the file is set and `change` dispatched at t0, as a picked file would.
    const [importMs, importLongTasksMs] = await input.evaluate(
      (el, [csv, wanted]) =>
        new Promise<[number, number]>((resolve, reject) => {
          const transfer = new DataTransfer();
          transfer.items.add(new File([csv], 'recipients.csv', { type: 'text/csv' }));
          (el as HTMLInputElement).files = transfer.files;
          const t0 = performance.now();
          el.dispatchEvent(new Event('change', { bubbles: true }));
          const check = () => {
            if ([...document.querySelectorAll('[role="status"]')].some((s) => s.textContent?.includes(wanted))) {
              return requestAnimationFrame(() =>
                setTimeout(() => {
                  const t1 = performance.now();
                  const long = (window as any).__longTasks
                    .filter((e: number[]) => e[0]! + e[1]! > t0 && e[0]! < t1)
                    .reduce((n: number, e: number[]) => n + e[1]!, 0);
                  resolve([t1 - t0, long]);
                }, 0),
              );
            }
            if (performance.now() - t0 > 30_000) return reject(new Error(`"${wanted}" not shown`));
            requestAnimationFrame(check);
          };
          check();
        }),
      [recipientsCsv(rows), ready] as const,
    );
    // Typing with the rows loaded: back to the first step (the rows stay in the wizard), then the name.
    await page.getByRole('button', { name: /^1\. Basics/ }).click();
    const name = page.getByLabel('Campaign name');
    await name.click();
    // Measured by a capturing listener, not Event Timing: Event Timing reports no event under 16 ms,
    // so a run whose keystrokes were all fast had no figure at all.
    await page.evaluate(() => {
      (window as any).__events = [];
      window.addEventListener(
        'keydown',
        (e) => {
          const delay = performance.now() - e.timeStamp;
          requestAnimationFrame(() => setTimeout(() => (window as any).__events.push([delay, performance.now() - e.timeStamp]), 0));
        },
        { capture: true },
      );
    });
    await name.pressSequentially(text, { delay: 60 });
    await page.waitForTimeout(300);
    const events = (await page.evaluate(() => (window as any).__events)) as [number, number][];
    if (events.length !== text.length) throw new Error(`${events.length} of ${text.length} keystrokes seen by the page`);
    return {
      importMs,
      importLongTasksMs,
      inputDelayMaxMs: Math.max(...events.map((e) => e[0])),
      keyToPaintMaxMs: Math.max(...events.map((e) => e[1])),
      keystrokes: text.length,
    };
  } finally {
    await context.close();
  }
}

export { reason };
