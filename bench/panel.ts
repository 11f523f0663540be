/**
 * The calls list's detail panel, timed in Chromium (issue 34's budgets: row → panel painted ≤ 50 ms,
 * j/k → the next row's panel ≤ 50 ms). Not part of `npm run bench`: run it against a stack already up,
 *
 *   E2E_PORT=18300 E2E_SIM_PORT=14300 npx tsx scripts/e2e-stack.ts &   # after npm run build
 *   E2E_PORT=18300 npx tsx bench/panel.ts
 *
 * Each sample runs from the input event's own timestamp (a capture listener reads `event.timeStamp`)
 * to the first animation frame after the panel shows that call, plus a task (the frame is painted by
 * then). Prints p50/p95 of each, and how many transcripts were read while `j` was held (rows passed
 * over faster than the panel's wait read nothing). SAMPLES (30) per figure; CPU_THROTTLE (1) slows
 * Chromium's CPU that many times.
 */
import { chromium, type Page } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 18300);
const base = `http://localhost:${port}`;
const SAMPLES = Number(process.env.SAMPLES ?? 30);

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** Arms a wait for the panel showing `id`, resolving to ms since the last input event. */
async function arm(page: Page, id: string) {
  // A string, not a function: tsx would name the inner functions with a helper the page does not have.
  await page.evaluate(`(() => {
    const w = window;
    w.__done = new Promise((resolve) => {
      const shown = () => document.querySelector('[data-panel-call-id="${id}"]') !== null;
      const finish = () => requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - (w.__t0 ?? 0)), 0));
      if (shown()) return finish();
      const observer = new MutationObserver(() => {
        if (!shown()) return;
        observer.disconnect();
        finish();
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-panel-call-id'] });
    });
  })()`);
}

const done = (page: Page) => page.evaluate<number>('window.__done');

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
try {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 } });
  const login = await context.request.post(`${base}/auth/login`, {
    data: { username: 'viewer', password: process.env.DEMO_PASSWORD ?? 'switchboard-demo' },
    headers: { 'X-Switchboard': '1', Origin: base },
  });
  if (login.status() !== 204) throw new Error(`sign-in failed: ${login.status()}`);
  const page = await context.newPage();
  // CPU_THROTTLE=4: Chromium's CPU slowed that many times (DevTools' throttling), for a slower machine's figures.
  const throttle = Number(process.env.CPU_THROTTLE ?? 1);
  if (throttle > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: throttle });
  await page.addInitScript(
    `for (const type of ['pointerdown', 'keydown']) document.addEventListener(type, (e) => (window.__t0 = e.timeStamp), { capture: true });`,
  );
  await page.goto('/calls?size=50');
  await page.locator('tbody tr[data-call-id]').first().waitFor();
  const ids = await page.locator('tbody tr[data-call-id]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-call-id')!));
  await page.waitForTimeout(2000); // the rows settle; the panel's code is preloaded then

  const open: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const id = ids[i % ids.length]!;
    await arm(page, id);
    await page.locator(`tbody tr[data-call-id="${id}"] td`).nth(2).click();
    open.push(await done(page));
    await page.waitForTimeout(250);
    await page.keyboard.press('Escape');
    await page.waitForTimeout(100);
  }

  const next: number[] = [];
  await page.locator(`tbody tr[data-call-id="${ids[0]}"] td`).nth(2).click();
  for (let i = 1; i <= SAMPLES && i < ids.length; i++) {
    await arm(page, ids[i]!);
    await page.keyboard.press('j');
    next.push(await done(page));
    await page.waitForTimeout(250);
  }

  // j held down: 10 rows passed over 20 ms apart; only the last should be read.
  await page.keyboard.press('Escape');
  await page.locator(`tbody tr[data-call-id="${ids[0]}"] td`).nth(2).click();
  await page.waitForTimeout(500);
  const transcripts: string[] = [];
  page.on('request', (r) => {
    if (/\/v1\/calls\/[^/]+\/transcript/.test(r.url())) transcripts.push(r.url());
  });
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press('j');
    await page.waitForTimeout(20);
  }
  await page.waitForTimeout(1000);

  const line = (name: string, v: number[]) =>
    `${name}: n=${v.length} p50=${quantile(v, 0.5).toFixed(1)} ms p95=${quantile(v, 0.95).toFixed(1)} ms (budget 50 ms)`;
  console.log(line('row → panel painted', open));
  console.log(line('j → next row’s panel painted', next));
  console.log(`j held over 10 rows (20 ms apart): ${transcripts.length} transcript read(s)`);
} finally {
  await browser.close();
}
