/**
 * The build scan gives the same answer whatever ran before it: the server bundles `npm start`
 * writes (the real esbuild output, which embeds the simulator's default keys) are not a leak, a
 * key in the browser build is, and a canary key is a leak anywhere.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildNode, NODE_ENTRIES } from '../scripts/lib/build-node';
import { DEFAULT_SIM_API_KEY } from '../simulator/app';
import { scanBuild } from './built-secrets';

const dist = mkdtempSync(join(tmpdir(), 'sb-dist-'));
const CANARY = 'canary-key-0000000000000000000042';
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('the build scan', () => {
  it('finds nothing in the server bundles npm start writes, though they hold the default keys', async () => {
    const built = await buildNode(NODE_ENTRIES, join(dist, 'node'));
    mkdirSync(join(dist, 'client', 'assets'), { recursive: true });
    writeFileSync(join(dist, 'client', 'assets', 'index.js'), 'console.log("console")');
    const scan = scanBuild(dist, [CANARY]);
    expect(scan.files).toBeGreaterThan(3);
    expect(scan.hits).toEqual([]);
    // The premise: the simulator's bundle does embed its default key.
    expect(readFileSync(built.simulator, 'utf8')).toContain(DEFAULT_SIM_API_KEY);
  }, 60_000);

  it('reports any key in the browser build, and a canary key in a server bundle', () => {
    writeFileSync(join(dist, 'client', 'assets', 'leak.js.map'), `{"x":"${DEFAULT_SIM_API_KEY}"}`);
    writeFileSync(join(dist, 'node', 'baked.mjs'), `const k = "${CANARY}";`);
    const hits = scanBuild(dist, [CANARY]).hits.map((h) => ({ file: h.file.slice(dist.length + 1), key: h.key }));
    expect(hits).toContainEqual({ file: join('client', 'assets', 'leak.js.map'), key: DEFAULT_SIM_API_KEY });
    expect(hits).toContainEqual({ file: join('node', 'baked.mjs'), key: CANARY });
  });
});
