/**
 * Zod in the browser never tries `new Function` (the fast path it compiles for object schemas): the
 * page's Content-Security-Policy has no 'unsafe-eval', so each try was refused and reported as a
 * violation (Lighthouse's "Issues" audit). Parsing takes the plain path; the BFF keeps the fast one.
 *
 * Zod keeps its settings on `globalThis.__zod_globalConfig` (so copies of it share them) and adopts
 * an object found there. Set here, before any of zod loads: importing zod's `config()` would put
 * ~4 KB of zod into the first chunk, which no first screen parses with. e2e/first-load.spec.ts
 * fails if a page reports a CSP violation again.
 */
const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
shared.__zod_globalConfig = { ...shared.__zod_globalConfig, jitless: true };
