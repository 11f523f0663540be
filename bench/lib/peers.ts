/**
 * The peers in bench/peers/<name> (react-admin 5, plain TanStack): each has its own package.json and
 * lockfile, installed here with npm ci (skipped when node_modules was installed from the same
 * lockfile), built (skipped when dist/ is newer than its sources), and served by its own serve.mjs
 * against the same simulator, with the simulator's API key in BENCH_SIM_KEY. A peer that cannot be
 * installed, built or started is reported, not fatal.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ListApp } from './browser-section';
import { startChild, type Child } from './processes';
import type { BenchContext } from './section';
import { reason } from './section';
import { SIM_KEY } from './sim-section';

export interface Peer {
  name: string;
  app?: ListApp;
  child?: Child<{ url: string }>;
}

const PEERS_DIR = new URL('../peers/', import.meta.url).pathname;
/** Written into node_modules after a successful install: the lockfile's hash and Node's version. */
const STAMP = 'node_modules/.bench-installed';
/** What a peer's build reads; dist/ older than any of them is rebuilt. */
const BUILD_INPUTS = ['src', 'index.html', 'vite.config.ts', 'package-lock.json', 'tsconfig.json'];

/** npm, quiet: output only when it fails (then the tail of stderr is the reason). */
function npm(dir: string, args: string[], timeout: number): void {
  try {
    execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'], timeout });
  } catch (error) {
    const stderr = String((error as { stderr?: Buffer }).stderr ?? '')
      .split('\n')
      .filter((l) => l.trim() && !/Unknown (user|project) config/.test(l))
      .slice(-3)
      .join(' | ');
    throw new Error(`npm ${args.join(' ')} in bench/peers/${dir.split('/').filter(Boolean).pop()}: ${stderr || reason(error)}`);
  }
}

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), stat.mtimeMs);
}

/** npm ci unless node_modules holds exactly this lockfile's install (npm install when no lockfile yet). */
function install(ctx: BenchContext, name: string, dir: string): void {
  const lock = join(dir, 'package-lock.json');
  if (!existsSync(lock)) {
    ctx.log(`peer ${name}: npm install (no lockfile yet)`);
    npm(dir, ['install'], 240_000);
    return;
  }
  const stamp = `${createHash('sha256').update(readFileSync(lock)).digest('hex')} ${process.version}`;
  const stampPath = join(dir, STAMP);
  if (existsSync(stampPath) && readFileSync(stampPath, 'utf8') === stamp) return;
  ctx.log(`peer ${name}: npm ci`);
  npm(dir, ['ci', '--prefer-offline'], 240_000);
  writeFileSync(stampPath, stamp);
}

function build(ctx: BenchContext, name: string, dir: string): void {
  const index = join(dir, 'dist/index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  if (built > Math.max(...BUILD_INPUTS.map((p) => newest(join(dir, p))))) return;
  ctx.log(`peer ${name}: vite build`);
  npm(dir, ['run', 'build', '--silent'], 180_000);
}

export async function startPeers(ctx: BenchContext, simUrl: string): Promise<Peer[]> {
  if (!existsSync(PEERS_DIR)) {
    ctx.report.skip('Peers', 'react-admin 5 and plain TanStack peers', '', 'bench/peers/ is missing');
    return [];
  }
  const peers: Peer[] = [];
  for (const name of readdirSync(PEERS_DIR).filter((n) => existsSync(join(PEERS_DIR, n, 'package.json')))) {
    const dir = join(PEERS_DIR, name);
    try {
      install(ctx, name, dir);
      build(ctx, name, dir);
      const child = await startChild<{ url: string }>(process.execPath, [join(dir, 'serve.mjs')], { BENCH_SIM_URL: simUrl, BENCH_SIM_KEY: SIM_KEY }, 30_000);
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
      ctx.log(`peer ${name}: ${reason(error)}`);
      ctx.report.skip('Peers', `peer ${name}`, '', reason(error));
    }
  }
  return peers;
}
