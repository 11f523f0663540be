/**
 * The peers in bench/peers/<name>: each has its own package.json and lockfile, installed here with
 * npm ci (npm install when no lockfile yet), built, and served by its own small server against the
 * same simulator. A peer that cannot be installed or built is reported, not fatal.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ListApp } from './browser-section';
import { startChild, type Child } from './processes';
import type { BenchContext } from './section';
import { reason } from './section';

export interface Peer {
  name: string;
  app?: ListApp;
  child?: Child<{ url: string }>;
}

const PEERS_DIR = new URL('../peers/', import.meta.url).pathname;

export async function startPeers(ctx: BenchContext, simUrl: string): Promise<Peer[]> {
  if (!existsSync(PEERS_DIR)) {
    ctx.report.skip('Peers', 'react-admin 5 and plain TanStack peers', '', 'bench/peers/ is not written yet');
    return [];
  }
  const peers: Peer[] = [];
  for (const name of readdirSync(PEERS_DIR).filter((n) => existsSync(join(PEERS_DIR, n, 'package.json')))) {
    const dir = join(PEERS_DIR, name);
    try {
      const npm = existsSync(join(dir, 'package-lock.json')) ? ['ci'] : ['install'];
      ctx.log(`peer ${name}: npm ${npm[0]} and build`);
      execFileSync('npm', [...npm, '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: 'inherit', timeout: 240_000 });
      execFileSync('npm', ['run', 'build', '--silent'], { cwd: dir, stdio: 'inherit', timeout: 180_000 });
      const child = await startChild<{ url: string }>(process.execPath, [join(dir, 'serve.mjs')], { BENCH_SIM_URL: simUrl }, 30_000);
      peers.push({
        name,
        child,
        app: {
          name: `peer: ${name}`,
          url: child.info.url,
          prepare: async () => undefined,
          listPath: '/calls',
          rowSelector: 'tbody tr[data-call-id]',
          rowKey: 'data-call-id',
          nextSelector: '[data-bench="next"]',
          detailSelector: '[data-bench="detail"]',
        },
      });
    } catch (error) {
      ctx.report.skip('Peers', `peer ${name}`, '', reason(error));
    }
  }
  return peers;
}
