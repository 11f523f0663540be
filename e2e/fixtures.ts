/**
 * Playwright fixtures shared by every journey: a signed-in page per role (each in its own browser
 * context), a client for the simulator's control API and for upstream reads with the API key
 * (checking results at the source), an axe check that fails on serious or critical violations,
 * and a recorder of the journey's network traffic.
 */
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Browser, type BrowserContext, type Page, type Request } from '@playwright/test';
import './secrets-recorder';

export type Role = 'viewer' | 'operator' | 'admin';

export const BFF_URL = `http://localhost:${process.env.E2E_PORT ?? 18080}`;
export const SIM_URL = `http://127.0.0.1:${process.env.E2E_SIM_PORT ?? 14010}`;
export const CONTROL_TOKEN = 'e2e-control-token';
export const UPSTREAM_KEY = 'sim-key-primary-0000000000000001';
export const DEMO_PASSWORD = 'switchboard-demo';

/** Signs a context in through the BFF's API (the sign-in form has its own test). */
export async function signInContext(context: BrowserContext, role: Role): Promise<void> {
  const res = await context.request.post(`${BFF_URL}/auth/login`, {
    data: { username: role, password: DEMO_PASSWORD },
    headers: { 'X-Switchboard': '1', Origin: BFF_URL },
  });
  expect(res.status(), `sign in as ${role}`).toBe(204);
}

export async function newSignedInPage(browser: Browser, role: Role): Promise<Page> {
  const context = await browser.newContext({ baseURL: BFF_URL });
  await signInContext(context, role);
  return context.newPage();
}

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

  async clearFaults(): Promise<void> {
    await this.control('DELETE', 'faults');
  }

  /** A read straight from the upstream (the simulator), as the truth to check the UI against. */
  async upstream<T = any>(path: string): Promise<T> {
    const res = await fetch(`${SIM_URL}${path}`, { headers: { 'X-Api-Key': UPSTREAM_KEY, accept: 'application/json' } });
    if (!res.ok) throw new Error(`upstream GET ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  async upstreamPatch<T = any>(path: string, body: unknown): Promise<T> {
    const token = await this.token(['agents:write']);
    const res = await fetch(`${SIM_URL}${path}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`upstream PATCH ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  private async token(scope: string[]): Promise<string> {
    const res = await fetch(`${SIM_URL}/v1/auth/token`, {
      method: 'POST',
      headers: { 'X-Api-Key': UPSTREAM_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ scope }),
    });
    return ((await res.json()) as { token: string }).token;
  }
}

/** Fails the test on any serious or critical axe violation of the page as it is now. */
export async function expectNoA11yViolations(page: Page, label = page.url()): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) })),
    `axe on ${label}`,
  ).toEqual([]);
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

/** Records every request of a page and the tokens /auth/token hands out. */
export function recordTraffic(page: Page): { requests: RecordedRequest[]; grants: TokenGrant[] } {
  const requests: RecordedRequest[] = [];
  const grants: TokenGrant[] = [];
  page.on('request', (r: Request) => {
    requests.push({ url: r.url(), method: r.method(), headers: r.headers(), postData: r.postData() });
  });
  page.on('response', async (res) => {
    if (!res.url().endsWith('/auth/token') || res.status() !== 200) return;
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
  pageAs: (role: Role) => Promise<Page>;
}

export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern
  sim: async ({}, use) => {
    const sim = new SimClient();
    await use(sim);
    await sim.clearFaults().catch(() => {});
  },
  pageAs: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (role) => {
      const page = await newSignedInPage(browser, role);
      contexts.push(page.context());
      return page;
    });
    await Promise.all(contexts.map((c) => c.close()));
  },
});

export { expect };

/** Picks `text` in the combobox labelled `label` (types it, then clicks the first matching option). */
export async function pickOption(page: Page, label: string, text: string): Promise<void> {
  const box = page.getByRole('combobox', { name: label });
  await box.click();
  await box.fill(text);
  await page
    .getByRole('option', { name: new RegExp(text.replace(/[/]/g, '.')) })
    .first()
    .click();
}
