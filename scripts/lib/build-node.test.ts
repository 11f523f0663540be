/**
 * The built simulator and BFF as npm start runs them: plain node on the bundles, no tsx. The
 * simulator alone (no SIM_DATABASE_URL) starts the embedded PostgreSQL server for itself and seeds
 * it, the BFF serves its health checks in front of it, and neither process runs a TypeScript loader.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it, onTestFinished } from 'vitest';
import { createTestDatabase } from '../../common/test-db';
import { buildNode } from './build-node';
import { ChildGroup, waitForUrl } from './children';
import { bffEnv, simulatorEnv, simulatorUrl } from './embedded';

const dir = mkdtempSync(join(tmpdir(), 'build-node-'));
// As root the database server runs as the postgres user, which must pass through.
chmodSync(dir, 0o711);
// Inside the repository, where the bundles find node_modules.
const out = `dist/node-test-${process.pid}`;
const group = new ChildGroup();
afterAll(async () => {
  await group.stop();
  rmSync(dir, { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
});

it('the bundles start on node alone: the simulator on an embedded server of its own, the BFF is ready against it', async () => {
  const built = await buildNode(undefined, out);
  const bffDb = await createTestDatabase('build_node');
  onTestFinished(() => bffDb.drop());
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SIM_PORT: '14719',
    DB_DATA_DIR: join(dir, 'postgres'),
    SIM_SEED_CALLS: '200',
    PORT: '18719',
    NODE_OPTIONS: '',
    DATABASE_URL: bffDb.url,
  };
  const sim = group.start('simulator', process.execPath, [built.simulator], simulatorEnv(env));
  await waitForUrl(`${simulatorUrl(env)}/v1/agents`, sim, { anyStatus: true, timeoutMs: 60_000 });

  const serverEnv = bffEnv(env);
  const calls = await fetch(`${simulatorUrl(env)}/v1/calls?size=1`, { headers: { 'X-Api-Key': serverEnv.VOICE_API_KEY! } }).then((r) => r.json());
  expect(calls.totalElements).toBe(200);

  const bff = group.start('bff', process.execPath, [built.server], serverEnv);
  await waitForUrl('http://127.0.0.1:18719/readyz', bff, { timeoutMs: 60_000 });

  // Neither process carries tsx's loader (the point of building them).
  for (const child of [sim, bff]) {
    const maps = readFileSync(`/proc/${child.proc.pid}/maps`, 'utf8');
    const cmdline = readFileSync(`/proc/${child.proc.pid}/cmdline`, 'utf8');
    expect(cmdline).not.toContain('tsx');
    expect(maps).not.toContain('tsx');
  }
}, 120_000);
