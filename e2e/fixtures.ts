/**
 * Playwright fixtures and helpers shared by every journey: a signed-in page per role (each in its
 * own browser context), a client for the simulator's control API and for upstream reads with the
 * API key (checking results at the source), an axe check that fails on serious or critical
 * violations, a recorder of the journey's network traffic, and the few steps many journeys take
 * (pick an option, tab to a control, read the calls list, discard the wizard's draft). A spec
 * declares only what is its own: add a helper here rather than copy one.
 */
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page, type Request } from '@playwright/test';
import { isCallableAgent, type CallableFacts } from '../contract/agent-rules.plain';
import './secrets-recorder';

export type Role = 'viewer' | 'operator' | 'admin';

/** Where a project's stack listens (playwright.config.ts gives each project its own, in its metadata). */
export interface StackPorts {
  port: number;
  simPort: number;
}

/**
 * This worker's stack. A worker runs one project's tests, so the worker fixture `stack` (below)
 * sets these once, before its first test; specs read them when they run, not when they load.
 */
export let STACK: StackPorts = { port: Number(process.env.E2E_PORT ?? 18080), simPort: Number(process.env.E2E_SIM_PORT ?? 14010) };
export let BFF_URL = `http://localhost:${STACK.port}`;
export let SIM_URL = `http://127.0.0.1:${STACK.simPort}`;
export const CONTROL_TOKEN = 'e2e-control-token';
export const UPSTREAM_KEY = 'sim-key-primary-0000000000000001';
export const DEMO_PASSWORD = 'switchboard-demo';
/** The headers the BFF asks of every write from the console (CSRF marker and origin). */
export let BFF_WRITE_HEADERS = { 'X-Switchboard': '1', Origin: BFF_URL } as const;

function useStack(ports: StackPorts): void {
  STACK = ports;
  BFF_URL = `http://localhost:${ports.port}`;
  SIM_URL = `http://127.0.0.1:${ports.simPort}`;
  BFF_WRITE_HEADERS = { 'X-Switchboard': '1', Origin: BFF_URL } as const;
}

/** Signs a context in through the BFF's API (the sign-in form has its own test). */
export async function signInContext(context: BrowserContext, role: Role): Promise<void> {
  const res = await context.request.post(`${BFF_URL}/auth/login`, {
    data: { username: role, password: DEMO_PASSWORD },
    headers: BFF_WRITE_HEADERS,
  });
  expect(res.status(), `sign in as ${role}`).toBe(204);
}

/** Signs in the context of a page Playwright gave the test (the `page` fixture). */
export async function signIn(page: Page, role: Role): Promise<void> {
  await signInContext(page.context(), role);
}

/** A new browser context on the BFF, signed in as the role (the caller closes it). */
export async function newSignedInContext(browser: Browser, role: Role, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: BFF_URL, ...options });
  await signInContext(context, role);
  return context;
}

export async function newSignedInPage(browser: Browser, role: Role, options: BrowserContextOptions = {}): Promise<Page> {
  return (await newSignedInContext(browser, role, options)).newPage();
}

/** Removes the campaign wizard's draft, so the wizard opens fresh (a journey may have left one). */
export async function discardWizardDraft(page: Page): Promise<void> {
  await page.request.delete(`${BFF_URL}/bff/drafts/campaign-new`, { headers: BFF_WRITE_HEADERS });
}

/** The campaigns of this name in the BFF's registry (it records every campaign created through it). */
export async function registeredCampaigns(page: Page, name: string): Promise<{ id: string; name: string }[]> {
  const body = (await (await page.request.get(`${BFF_URL}/bff/campaigns?page=1&size=100`)).json()) as { content: { id: string; name: string }[] };
  return body.content.filter((c) => c.name === name);
}

/**
 * Reads and writes at the source are always answered in the strict form, whatever variant the
 * stack's simulator answers the BFF in (the variant project's): they are the truth to check against.
 */
const STRICT = { 'X-Sim-Variant': 'strict' } as const;

/** The simulator's control API and upstream reads with the API key. */
export class SimClient {
  async control<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${SIM_URL}/_sim/${path.replace(/^\//, '')}`, {
      method,
      headers: { authorization: `Bearer ${CONTROL_TOKEN}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`sim control ${method} ${path}: ${res.status} ${await res.text()}`);
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** Injects a fault (see simulator/control/faults.ts); returns its id. */
  async fault(spec: Record<string, unknown>): Promise<string> {
    return (await this.control<{ id: string }>('POST', 'faults', spec)).id;
  }

  /** The variants the simulator answers the BFF in (`strict`, `mixed` or names; simulator/http/variants.ts); returns the ones it had. */
  async variants(variants: string): Promise<string> {
    return (await this.control<{ before: string }>('POST', 'variants', { variants })).before;
  }

  async clearFaults(): Promise<void> {
    await this.control('DELETE', 'faults');
  }

  /** Sets the simulator's limits (maxConcurrency, dailyQuota, rateLimit). */
  async limits(body: Record<string, number>): Promise<void> {
    await this.control('POST', 'limits', body);
  }

  /** The simulator's clock (an earlier journey may have moved it ahead of this machine's). */
  async now(): Promise<string> {
    return (await this.control<{ now: string }>('GET', 'clock')).now;
  }

  async advanceClock(minutes: number): Promise<void> {
    await this.control('POST', 'clock', { advanceMinutes: minutes });
  }

  /** A read straight from the upstream (the simulator), as the truth to check the UI against. */
  async upstream<T = any>(path: string): Promise<T> {
    const res = await fetch(`${SIM_URL}${path}`, { headers: { ...STRICT, 'X-Api-Key': UPSTREAM_KEY, accept: 'application/json' } });
    if (!res.ok) throw new Error(`upstream GET ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  /** Every item of a paged upstream list, all pages (`query` without page and size). */
  async upstreamAll<T = any>(path: string, query: Record<string, string> = {}): Promise<T[]> {
    const out: T[] = [];
    for (let page = 1; ; page += 1) {
      const res = await this.upstream<{ content: T[]; totalPages: number }>(`${path}?${new URLSearchParams({ ...query, page: String(page), size: '100' })}`);
      out.push(...res.content);
      if (page >= res.totalPages) return out;
    }
  }

  /** The first agent that may place calls (OUTBOUND, active, not archived: the contract's rule). */
  async callableAgent(): Promise<{ id: string; name: string }> {
    const { content } = await this.upstream<{ content: (CallableFacts & { id: string; name: string })[] }>('/v1/agents?type=OUTBOUND&size=100');
    const agent = content.find(isCallableAgent);
    if (!agent) throw new Error('The seed has no callable agent.');
    return agent;
  }

  /** A POST straight to the upstream with the API key; the response as it came. */
  async upstreamPost(path: string, body: unknown): Promise<Response> {
    return fetch(`${SIM_URL}${path}`, {
      method: 'POST',
      headers: { ...STRICT, 'X-Api-Key': UPSTREAM_KEY, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
  }

  async upstreamPatch<T = any>(path: string, body: unknown): Promise<T> {
    const token = await this.token(['agents:write']);
    const res = await fetch(`${SIM_URL}${path}`, {
      method: 'PATCH',
      headers: { ...STRICT, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`upstream PATCH ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  private async token(scope: string[]): Promise<string> {
    const res = await fetch(`${SIM_URL}/v1/auth/token`, {
      method: 'POST',
      headers: { ...STRICT, 'X-Api-Key': UPSTREAM_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ scope }),
    });
    return ((await res.json()) as { token: string }).token;
  }
}

export interface A11yViolation {
  id: string;
  impact: string | null | undefined;
  help: string;
  nodes: string[];
}

/**
 * Motion stopped while axe reads the page: what fades in (a toast's opacity transition, which may not
 * even have started when the page is asked for its animations) is read at its resting colours, not at
 * a contrast it only has for a few frames. Two CI runs failed color-contrast on a toast's title that way.
 */
const STILL = '*,*::before,*::after{transition:none!important;animation:none!important}';

/** The serious and critical axe violations of the page as it is now (once no region is still reading, ≤ 2 s). */
export async function seriousViolations(page: Page): Promise<A11yViolation[]> {
  // A region whose next version is being read is dimmed on purpose (PendingRegion); read it settled.
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null, undefined, { timeout: 2_000 }).catch(() => undefined);
  const still = await page.addStyleTag({ content: STILL });
  try {
    const { violations } = await new AxeBuilder({ page }).analyze();
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  } finally {
    await still.evaluate((el) => (el as Element).remove()).catch(() => undefined);
  }
}

/** Fails the test on any serious or critical axe violation of the page as it is now. */
export async function expectNoA11yViolations(page: Page, label = page.url()): Promise<void> {
  expect(await seriousViolations(page), `axe on ${label}`).toEqual([]);
}

/** Whether the focused element shows its focus (an outline, a ring, or its label's outline). */
export async function focusIsVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return false;
    const s = getComputedStyle(el);
    const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0;
    const ring = s.boxShadow !== 'none';
    // A visually hidden radio shows its focus on its label.
    const label = el.closest('label');
    const labelOutline = label ? getComputedStyle(label).outlineStyle !== 'none' : false;
    return outline || ring || labelOutline;
  });
}

/**
 * Presses Tab (at most `max` times) until `target` has the focus: keyboard only, no clicks. With
 * `visibleFocus`, the focus must show once there.
 */
export async function tabTo(page: Page, target: Locator, { max = 40, visibleFocus = false } = {}): Promise<void> {
  // Bounded: a target that is not there is a Tab that did not reach it (the loop fails after `max`),
  // not a wait as long as the test's timeout (a CI run once spent its 8 minutes on one).
  const focused = () => target.evaluate((el) => el === document.activeElement, undefined, { timeout: 2_000 }).catch(() => false);
  for (let i = 0; i <= max; i += 1) {
    if (await focused()) {
      if (visibleFocus) expect(await focusIsVisible(page), `visible focus on ${target.toString()}`).toBe(true);
      return;
    }
    if (i < max) await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/**
 * The call ids the calls list shows, once it has settled (a count, or no match). `total`: once it
 * shows that count. Pass it after a change of filters: the rows on screen stay until the new page
 * is read, so any count would otherwise do.
 */
export async function listedCallIds(page: Page, total?: number): Promise<string[]> {
  const count = total === undefined ? /calls?(\s·|$)/ : new RegExp(`^${total.toLocaleString('en-US')} calls?\\b`);
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: count })
      .or(page.getByText(/No call matches/)),
  ).toBeVisible();
  return page.locator('tbody tr[data-call-id]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-call-id')!));
}

/** Waits until the call index has completed its backfill (the BFF's own status read). */
export async function indexReady(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`${BFF_URL}/bff/index/status`);
        return res.ok() ? ((await res.json()) as { backfill: { complete: boolean } }).backfill.complete : false;
      },
      { timeout: 90_000, intervals: [500, 1000] },
    )
    .toBe(true);
}

/**
 * Holds every response of the path (a glob) for `ms` before the page gets it: a read of the BFF's
 * own (which the simulator's latency fault does not reach), or one slowed for this page only.
 */
export async function holdResponses(page: Page, glob: string, ms: number): Promise<void> {
  await page.route(glob, async (route) => {
    const response = await route.fetch().catch(() => undefined);
    if (!response) return;
    await new Promise((r) => setTimeout(r, ms));
    // The page may have closed meanwhile (the test is over).
    await route.fulfill({ response }).catch(() => undefined);
  });
}

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  postData: string | null;
}

export interface TokenGrant {
  scopes: string[];
  token: string;
}

/** Records every request of a page and the tokens /auth/token and /auth/bootstrap hand out. */
export function recordTraffic(page: Page): { requests: RecordedRequest[]; grants: TokenGrant[] } {
  const requests: RecordedRequest[] = [];
  const grants: TokenGrant[] = [];
  page.on('request', (r: Request) => {
    requests.push({ url: r.url(), method: r.method(), headers: r.headers(), postData: r.postData() });
  });
  page.on('response', async (res) => {
    if (res.status() !== 200) return;
    if (new URL(res.url()).pathname === '/auth/bootstrap') {
      // The session's read tokens, one scope each.
      const json = (await res.json().catch(() => null)) as { tokens?: { scope: string; token: string }[] } | null;
      for (const t of json?.tokens ?? []) grants.push({ scopes: [t.scope], token: t.token });
      return;
    }
    if (!res.url().endsWith('/auth/token')) return;
    const body = JSON.parse(res.request().postData() ?? '{}') as { scope?: string[] };
    const json = (await res.json().catch(() => null)) as { token?: string } | null;
    if (json?.token) grants.push({ scopes: body.scope ?? [], token: json.token });
  });
  return { requests, grants };
}

/** The scopes a JWT carries (space-separated `scope` claim). */
export function jwtScopes(token: string): string[] {
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { scope?: string };
  return (payload.scope ?? '').split(' ').filter(Boolean).sort();
}

/** Everything the page keeps in browser storage, as one string to search. */
export async function browserStorageDump(page: Page): Promise<string> {
  const fromPage = await page.evaluate(async () => {
    const local = JSON.stringify({ ...localStorage });
    const session = JSON.stringify({ ...sessionStorage });
    const dbs = 'databases' in indexedDB ? await indexedDB.databases() : [];
    const caches = 'caches' in self ? await self.caches.keys() : [];
    return `${local}\n${session}\n${JSON.stringify(dbs)}\n${JSON.stringify(caches)}\n${document.cookie}`;
  });
  const cookies = await page.context().cookies();
  return `${fromPage}\n${JSON.stringify(cookies)}`;
}

interface Fixtures {
  sim: SimClient;
  /** A page signed in as the role, in a fresh context (closed after the test). */
  pageAs: (role: Role, options?: BrowserContextOptions) => Promise<Page>;
}

export const test = base.extend<Fixtures, { stack: StackPorts }>({
  stack: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      useStack(workerInfo.project.metadata as StackPorts);
      await use(STACK);
    },
    { scope: 'worker', auto: true },
  ],
  // eslint-disable-next-line no-empty-pattern
  sim: async ({}, use) => {
    const sim = new SimClient();
    await use(sim);
    await sim.clearFaults().catch(() => {});
  },
  pageAs: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (role, options) => {
      const page = await newSignedInPage(browser, role, options);
      contexts.push(page.context());
      return page;
    });
    await Promise.all(contexts.map((c) => c.close()));
  },
});

export { expect };

/**
 * Picks `text` in the combobox labelled `label` (types it, then clicks the first option whose name
 * holds it; a slash may stand for any one character, as zone names are shown).
 */
export async function pickOption(page: Page, label: string, text: string): Promise<void> {
  const box = page.getByRole('combobox', { name: label });
  await box.click();
  await box.fill(text);
  const pattern = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\//g, '.');
  await page
    .getByRole('option', { name: new RegExp(pattern) })
    .first()
    .click();
}
