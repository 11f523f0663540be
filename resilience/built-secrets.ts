/**
 * What the build must not hold. The browser build (dist/client, source maps included) is shipped
 * to every visitor: it may hold no key at all, neither the run's canary keys nor the simulator's
 * default ones. The server bundles `npm start` writes under dist/ (dist/node) run on the server
 * and legitimately embed the simulator's default keys as its defaults; they may hold no canary key
 * (a key given at run time must never be baked into a file). So a suite run after `npm start`
 * sees the same result as one in a fresh clone.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { DEFAULT_SIM_API_KEY, DEFAULT_SIM_API_KEY_SECONDARY } from '../simulator/app';

export const BROWSER_BUILD = 'client';

export interface BuildHit {
  file: string;
  key: string;
}

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? filesUnder(path) : [path];
    });
  } catch {
    return [];
  }
}

/** Every file under `distDir` holding a key it must not: any key in the browser build, canaries elsewhere. */
export function scanBuild(distDir: string, canaryKeys: readonly string[]): { files: number; hits: BuildHit[] } {
  // 'sim-key-': the simulator's key prefix, so a default key of another length is caught too.
  const anyKey = [...canaryKeys, DEFAULT_SIM_API_KEY, DEFAULT_SIM_API_KEY_SECONDARY, 'sim-key-'];
  const files = filesUnder(distDir);
  const hits: BuildHit[] = [];
  for (const file of files) {
    const inBrowserBuild = relative(distDir, file).split(sep)[0] === BROWSER_BUILD;
    const text = readFileSync(file, 'latin1');
    for (const key of inBrowserBuild ? anyKey : canaryKeys) if (text.includes(key)) hits.push({ file, key });
  }
  return { files: files.length, hits };
}
