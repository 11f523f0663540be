/**
 * The embedded default: when VOICE_API_BASE_URL is unset, npm start / npm run dev run the simulator
 * with the SIM_* settings and point the BFF at it with the same key pair (SIM_API_KEY and
 * SIM_API_KEY_SECONDARY: one setting changes both), with demo accounts. With a real upstream,
 * demo accounts are never created.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_SIM_API_KEY, DEFAULT_SIM_API_KEY_SECONDARY } from '../../simulator/keys';

export const DEFAULT_DEMO_PASSWORD = 'switchboard-demo';

/**
 * Node's flags for the BFF process (npm start, the bench's memory figures, the load run). Heap sizes
 * are fixed when a process starts, so these cannot be set from inside (server/memory.ts sets what
 * can be):
 * - `--max-semi-space-size=1`: a 1 MiB young-generation semi-space instead of 16 MiB, about 25 MiB
 *   less resident for more frequent minor collections (ADR 0019);
 * - `--max-old-space-size=256`: at this ceiling V8 grows the old generation by about 1.3× its live
 *   size after each full collection instead of up to 4×. Under the load run the heap reached
 *   149 MiB for about 50 MiB live (RSS 368 MiB); with the ceiling it stayed near 60 MiB (ADR 0023).
 *   A BFF whose live JavaScript passed 256 MiB would stop with an out-of-memory error: far past its
 *   250 MiB budget either way.
 */
export const BFF_NODE_ARGS = ['--max-semi-space-size=1', '--max-old-space-size=256'];

/**
 * The BFF's process environment for memory (npm start, the bench, the load run), read by glibc when
 * the process starts, so it is set by whoever starts it; a value already in the environment wins:
 * - `MALLOC_ARENA_MAX=2`: glibc's malloc keeps up to 8 arenas per core, one per thread that
 *   allocates (libuv's pool compressing, hashing, reading files), each holding its freed memory.
 *   Two arenas: about 28 MiB less resident under the load run (ADR 0023).
 * - `MALLOC_MMAP_THRESHOLD_` and `MALLOC_TRIM_THRESHOLD_` at 128 KiB, fixed: by default glibc raises
 *   its mmap threshold to the largest block freed, so after the first password check each 8 MiB
 *   scrypt table (and each large body's buffer) came from an arena and stayed resident once freed.
 *   Fixed, blocks over 128 KiB are mapped and given back when freed, and an arena's free top is
 *   trimmed past 128 KiB; blocks of 64 KiB and less (a socket read's buffer) are still reused (at
 *   64 KiB each read's buffer was mapped and unmapped: the same peak, slower large uploads). Over
 *   the bench's "no one waits" loads the web process's peak fell from 164-169 to 157 MiB, and after
 *   them it went back to ~122 MiB instead of staying near 150.
 */
export const BFF_PROCESS_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072' } as const;

export function isEmbedded(env: NodeJS.ProcessEnv): boolean {
  return !env.VOICE_API_BASE_URL;
}

export function simulatorEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...env, SIM_PORT: env.SIM_PORT ?? '4010' };
}

export function simulatorUrl(env: NodeJS.ProcessEnv): string {
  return `http://${env.SIM_HOST ?? '127.0.0.1'}:${env.SIM_PORT ?? '4010'}`;
}

/** The BFF's environment: on the embedded default, the simulator's URL, key pair and demo accounts. */
export function bffEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (!isEmbedded(env)) return { ...BFF_PROCESS_ENV, ...env, DEMO_ACCOUNTS: 'false' };
  return {
    ...BFF_PROCESS_ENV,
    ...env,
    VOICE_API_BASE_URL: simulatorUrl(env),
    VOICE_API_KEY: env.SIM_API_KEY ?? DEFAULT_SIM_API_KEY,
    VOICE_API_KEY_SECONDARY: env.SIM_API_KEY_SECONDARY ?? DEFAULT_SIM_API_KEY_SECONDARY,
    DEMO_ACCOUNTS: 'true',
    DEMO_PASSWORD: env.DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD,
  };
}

/**
 * The address to print and the health check to poll: localhost (as the README says) when the BFF
 * listens on a local or every interface, PUBLIC_URL when set.
 */
export function consoleUrl(env: NodeJS.ProcessEnv): { url: string; health: string } {
  const host = env.HOST ?? '127.0.0.1';
  const port = env.PORT ?? '8080';
  const local = host === '0.0.0.0' || host === '::' || host === '127.0.0.1' || host === 'localhost';
  const hostPart = host.includes(':') ? `[${host}]` : host;
  return {
    url: env.PUBLIC_URL ?? `http://${local ? 'localhost' : hostPart}:${port}`,
    health: `http://${local ? '127.0.0.1' : hostPart}:${port}/healthz`,
  };
}

/**
 * The demo accounts line: the password only for accounts this start created (an account that was
 * there keeps the password it had, whatever DEMO_PASSWORD says now), else how to set a new one.
 */
export function demoAccountsMessage(accounts: { created: string[]; existing: string[] } | null, password: string): string {
  const reset = 'To set a new password, stop Switchboard (Ctrl-C), then: npm run user -- reset NAME';
  if (!accounts)
    return `Demo accounts: viewer, operator, admin — password ${password} if this start created them; accounts that were there keep theirs. ${reset}`;
  const lines: string[] = [];
  if (accounts.created.length > 0) lines.push(`Demo accounts: ${accounts.created.join(', ')} — password ${password}`);
  if (accounts.existing.length > 0)
    lines.push(
      `Demo accounts ${accounts.existing.join(', ')} already exist and keep the password they were given (DEMO_PASSWORD only sets it when they are created). ${reset}`,
    );
  return lines.join('\n');
}

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

/** The built SPA is stale when any of its inputs changed after dist/client/index.html was written. */
export function spaIsStale(root = '.'): boolean {
  const built = join(root, 'dist/client/index.html');
  if (!existsSync(built)) return true;
  const inputs = ['src', 'contract', 'public', 'index.html', 'vite.config.ts', 'tailwind.config.ts', 'package-lock.json'];
  const latest = Math.max(...inputs.map((p) => newest(join(root, p))));
  return latest > statSync(built).mtimeMs;
}
