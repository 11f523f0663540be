/**
 * The embedded default: when VOICE_API_BASE_URL is unset, npm start / npm run dev run the simulator
 * with the SIM_* settings and point the BFF at it with the same key pair (SIM_API_KEY and
 * SIM_API_KEY_SECONDARY: one setting changes both), with demo accounts. With a real upstream,
 * demo accounts are never created.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_SIM_API_KEY, DEFAULT_SIM_API_KEY_SECONDARY } from '../../simulator/app';

export const DEFAULT_DEMO_PASSWORD = 'switchboard-demo';

export function isEmbedded(env: NodeJS.ProcessEnv): boolean {
  return !env.VOICE_API_BASE_URL;
}

export function simulatorEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...env, SIM_PORT: env.SIM_PORT ?? '4010', SIM_DATA_DIR: env.SIM_DATA_DIR ?? '.data/simulator' };
}

export function simulatorUrl(env: NodeJS.ProcessEnv): string {
  return `http://${env.SIM_HOST ?? '127.0.0.1'}:${env.SIM_PORT ?? '4010'}`;
}

/** The BFF's environment: on the embedded default, the simulator's URL, key pair and demo accounts. */
export function bffEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (!isEmbedded(env)) return { ...env, DEMO_ACCOUNTS: 'false' };
  return {
    ...env,
    VOICE_API_BASE_URL: simulatorUrl(env),
    VOICE_API_KEY: env.SIM_API_KEY ?? DEFAULT_SIM_API_KEY,
    VOICE_API_KEY_SECONDARY: env.SIM_API_KEY_SECONDARY ?? DEFAULT_SIM_API_KEY_SECONDARY,
    DEMO_ACCOUNTS: 'true',
    DEMO_PASSWORD: env.DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD,
  };
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
