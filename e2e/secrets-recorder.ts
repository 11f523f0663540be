/**
 * Secrets out of the browser, for the whole e2e run: every browser context any spec opens (through
 * the `page` fixture, `browser.newContext`, or the fixtures' helpers) records a HAR with bodies of
 * everything but the built SPA's own files (test-results/e2e-har/, ignored by git), and just
 * before it closes, everything it keeps in browser storage (cookies, localStorage, sessionStorage,
 * IndexedDB records, Cache Storage keys) is read out. Both are scanned for the API key values of
 * the e2e stack (canaries, scripts/e2e-stack.ts); the storage tallies go to one JSON line per
 * context; e2e/secrets-reporter.ts scans the HARs and sums everything once the run ends.
 *
 * It hooks Playwright's client instrumentation (the same hook Playwright's own fixtures use to apply
 * `use` options to every context), because several specs create contexts with `browser.newContext`
 * from '@playwright/test' directly; playwright.config.ts imports this file so every worker has it.
 */
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';

/** The e2e stack's key pair (canaries) and the simulator's default key (test-side reads only). */
export const SECRET_VALUES = ['canary-primary-5b1f0c7e9a2d4e68b3c1', 'canary-secondary-8d4a2f6b0e1c3a57d9e2', 'sim-key-primary-0000000000000001'];
/** Under Playwright's output dir by default; E2E_HAR_DIR moves it (a shared tree's other runs wipe test-results/). */
export const HAR_DIR = process.env.E2E_HAR_DIR ?? join('test-results', 'e2e-har');
export const TALLY_FILE = join(HAR_DIR, 'tally.jsonl');

export interface ContextTally {
  har: string;
  harBytes: number;
  requests: number;
  storageBytes: number;
  storageHits: number;
  harHits: number;
  /** Which secret values were found where (empty when clean). */
  found: string[];
}

/** The secret values found in a text (as is, URL-encoded or base64). */
export const findSecrets = (text: string) =>
  SECRET_VALUES.filter((s) => text.includes(s) || text.includes(encodeURIComponent(s)) || text.includes(Buffer.from(s).toString('base64')));

/** Everything a context keeps in the browser, page by page, as one string. */
async function storageOf(context: BrowserContext): Promise<string> {
  const parts = [JSON.stringify(await context.cookies())];
  for (const page of context.pages()) {
    if (page.isClosed() || !/^https?:/.test(page.url())) continue;
    const dump = await page
      .evaluate(async () => {
        const out: unknown[] = [{ ...localStorage }, { ...sessionStorage }];
        const dbs = 'databases' in indexedDB ? await indexedDB.databases() : [];
        for (const info of dbs) {
          if (!info.name) continue;
          const db = await new Promise<IDBDatabase>((resolve, reject) => {
            const req = indexedDB.open(info.name!);
            req.onsuccess = () => resolve(req.result);
            req.onerror = () => reject(req.error);
          });
          for (const store of Array.from(db.objectStoreNames)) {
            const all = await new Promise<unknown[]>((resolve) => {
              const req = db.transaction(store, 'readonly').objectStore(store).getAll();
              req.onsuccess = () => resolve(req.result as unknown[]);
              req.onerror = () => resolve([]);
            });
            out.push({ db: info.name, store, all });
          }
          db.close();
        }
        out.push('caches' in self ? await self.caches.keys() : []);
        return JSON.stringify(out);
      })
      .catch(() => '');
    parts.push(dump);
  }
  return parts.join('\n');
}

let counter = 0;

/**
 * Every request but the built SPA's files under /assets/: e2e/secrets-reporter.ts scans those in
 * the directory the stack serves them from, so their bodies in each context's HAR (each context
 * loads them afresh) were the same bytes scanned again, and most of the run's HAR: on calls.spec.ts,
 * 36 MB of HAR became 11 MB, and the Playwright worker's CPU 22.9 s became 20.2 s (2026-11-30).
 */
const NOT_BUILT_ASSETS = /^(?!https?:\/\/[^/]+\/assets\/)/;

/** The HAR this context records into (Playwright keeps it on the context's tracing). */
function harPathOf(context: BrowserContext): string {
  const recorders = (context.tracing as unknown as { _harRecorders?: Map<string, { path: string }> })._harRecorders;
  return [...(recorders?.values() ?? [])].map((r) => r.path).join(',');
}

function install(): void {
  const flag = Symbol.for('switchboard.secrets-recorder');
  const holder = globalThis as unknown as Record<symbol, boolean>;
  if (holder[flag]) return;
  holder[flag] = true;
  const instrumentation = (chromium as unknown as { _playwright: { _instrumentation: { addListener(l: object): void } } })._playwright._instrumentation;
  instrumentation.addListener({
    runBeforeCreateBrowserContext: async (options: { recordHar?: unknown }) => {
      if (options.recordHar) return;
      counter += 1;
      mkdirSync(HAR_DIR, { recursive: true });
      options.recordHar = { path: join(HAR_DIR, `${process.pid}-${counter}.har`), content: 'embed', mode: 'full', urlFilter: NOT_BUILT_ASSETS };
    },
    runBeforeCloseBrowserContext: async (context: BrowserContext) => {
      const har = harPathOf(context);
      const storage = await storageOf(context).catch(() => '');
      // The HAR is written after this hook; e2e/secrets-reporter.ts scans it at the end of the run.
      const tally: ContextTally = {
        har,
        harBytes: 0,
        requests: 0,
        storageBytes: Buffer.byteLength(storage),
        storageHits: findSecrets(storage).length,
        harHits: 0,
        found: findSecrets(storage).map((s) => `storage:${s.slice(0, 14)}…`),
      };
      mkdirSync(HAR_DIR, { recursive: true });
      appendFileSync(TALLY_FILE, `${JSON.stringify(tally)}\n`);
    },
  });
}

install();

/** Scans one written HAR: its bytes, its entries, and any secret value in it. */
export function scanHar(path: string): { bytes: number; requests: number; hits: string[] } {
  const text = readFileSync(path, 'utf8');
  const har = JSON.parse(text) as { log: { entries: unknown[] } };
  return { bytes: Buffer.byteLength(text), requests: har.log.entries.length, hits: findSecrets(text) };
}
