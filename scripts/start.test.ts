/**
 * `npm start`'s launcher as it runs (the built dist bundles, plain node, the embedded PostgreSQL
 * server, real simulator and BFF): it prints the address the README names (localhost), the demo
 * password only when it created the accounts, brings a BFF or a postmaster killed with SIGKILL back
 * while the rest stays up (nothing lost), refuses a second start on the same data and a directory
 * PGlite wrote, stops everything on SIGTERM, and is small itself.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canMountTmpfs, mountTmpfs } from '../common/test-tmpfs';
import { freePort, spawnNode, type BffProcess } from '../server/testing/process';
import { buildNode, NODE_ENTRIES } from './lib/build-node';

const dir = mkdtempSync(join(tmpdir(), 'npm-start-'));
// Inside the repository, where the bundles find node_modules.
const out = `dist/node-test-start-${process.pid}`;
const running = new Set<ChildProcess>();
let launcher = '';

afterAll(() => {
  for (const p of running) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
});

beforeAll(async () => {
  launcher = (await buildNode(NODE_ENTRIES, out)).start;
}, 60_000);

interface Launch extends BffProcess {
  /** Resolves with the first match of `re` in the output so far or to come. */
  waitFor(re: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
}

function launch(env: Record<string, string>): Launch {
  const child = spawnNode([launcher], { NODE_OPTIONS: '', INDEX_SYNC: 'false', SIM_SEED_CALLS: '20', ...env });
  const { proc, output } = child;
  running.add(proc);
  return {
    ...child,
    async waitFor(re, timeoutMs = 120_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const m = output().match(re);
        if (m) return m;
        if (proc.exitCode !== null) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no ${re} in the launcher's output:\n${output()}`);
    },
  };
}

/** The launcher's children: pid → command line. */
function children(pid: number): Map<number, string> {
  const pids = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  return new Map(pids.map((p) => [p, readFileSync(`/proc/${p}/cmdline`, 'utf8').replaceAll('\0', ' ')]));
}

function rssMiB(pid: number): number {
  const kb = Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/)![1]);
  return kb / 1024;
}

async function signIn(url: string, password: string): Promise<number> {
  const res = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Switchboard': '1', Origin: url },
    body: JSON.stringify({ username: 'operator', password }),
  });
  await res.arrayBuffer();
  return res.status;
}

describe('npm start', () => {
  it('prints localhost and the new demo password, restarts a killed BFF with the simulator still up, and says the accounts exist on the next start', async () => {
    const [port, simPort] = [await freePort(), await freePort()];
    const env = {
      PORT: String(port),
      SIM_PORT: String(simPort),
      DB_DATA_DIR: join(dir, 'postgres'),
      BFF_DATA_DIR: join(dir, 'bff'),
      SIM_DATA_DIR: join(dir, 'sim'),
    };
    let started = Date.now();
    const first = launch({ ...env, DEMO_PASSWORD: 'first-password-1' });
    const url = (await first.waitFor(/Switchboard is running on (\S+)/))[1]!;
    console.log(`first start (new database) to /healthz: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(url).toBe(`http://localhost:${port}`);
    await first.waitFor(/Press Ctrl-C to stop/);
    expect(first.output()).toContain('Demo accounts: viewer, operator, admin — password first-password-1');
    expect(await signIn(url, 'first-password-1')).toBe(204);

    const before = children(first.proc.pid!);
    const bffPid = [...before].find(([, cmd]) => cmd.includes('server.mjs'))![0];
    const simPid = [...before].find(([, cmd]) => cmd.includes('simulator.mjs'))![0];
    const pgPid = [...before].find(([, cmd]) => cmd.includes('bin/postgres -D'))![0];
    // The data directory is the server's only, and its lock is held.
    expect(readdirSync(dir)).toEqual(expect.arrayContaining(['postgres', 'postgres.lock', 'postgres.password']));

    // A second start on the same data is refused, saying who holds it; the first one is untouched.
    const twice = launch({ ...env, PORT: String(await freePort()), SIM_PORT: String(await freePort()) });
    expect(await twice.exited).toBe(1);
    expect(twice.output()).toMatch(/in use by another process \(pid \d+/);
    expect(await signIn(url, 'first-password-1')).toBe(204);

    // The postmaster killed: started again, it recovers from its WAL; the accounts are all there.
    process.kill(pgPid, 'SIGKILL');
    await first.waitFor(/The PostgreSQL server exited \(signal SIGKILL\); starting it again/);
    const back = Date.now() + 60_000;
    let status = 0;
    while (Date.now() < back && (status = await signIn(url, 'first-password-1').catch(() => 0)) !== 204) await new Promise((r) => setTimeout(r, 250));
    expect(status).toBe(204);
    const rss = rssMiB(first.proc.pid!);
    console.log(`launcher RSS ${rss.toFixed(1)} MiB`);
    expect(rss).toBeLessThanOrEqual(60);

    process.kill(bffPid, 'SIGKILL');
    await first.waitFor(/The BFF exited \(signal SIGKILL\); starting it again in 1 s\./);
    await first.waitFor(/The BFF is back: Switchboard is running on http:\/\/localhost/);
    const after = children(first.proc.pid!);
    expect(after.has(simPid)).toBe(true);
    expect([...after].some(([pid, cmd]) => cmd.includes('server.mjs') && pid !== bffPid)).toBe(true);
    expect(await signIn(url, 'first-password-1')).toBe(204);

    first.proc.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    // Stopped cleanly, the database last: no postmaster left, no lock.
    expect(existsSync(join(dir, 'postgres', 'postmaster.pid'))).toBe(false);
    expect(existsSync(join(dir, 'postgres.lock'))).toBe(false);

    // Same data, another DEMO_PASSWORD: the accounts exist; their password is not the one set now.
    started = Date.now();
    const second = launch({ ...env, DEMO_PASSWORD: 'second-password-2' });
    await second.waitFor(/Switchboard is running on/);
    console.log(`later start to /healthz: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await second.waitFor(/Press Ctrl-C to stop/);
    expect(second.output()).toContain('Switchboard is running on http://localhost:');
    expect(second.output()).toContain('Demo accounts viewer, operator, admin already exist');
    expect(second.output()).toContain('npm run user -- reset NAME');
    expect(second.output()).not.toContain('second-password-2');
    expect(await signIn(url, 'first-password-1')).toBe(204);
    second.proc.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 300_000);

  it('stops, changing nothing, on a directory the previous embedded engine (PGlite) wrote, and says what to do', async () => {
    const old = join(dir, 'old-bff');
    mkdirSync(join(old, 'base'), { recursive: true });
    writeFileSync(join(old, 'PG_VERSION'), '17\n');
    const refused = launch({ PORT: String(await freePort()), SIM_PORT: String(await freePort()), DB_DATA_DIR: join(dir, 'pg-unused'), BFF_DATA_DIR: old });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain(`Found data written by the previous embedded database engine (PGlite) in ${old}`);
    expect(refused.output()).toContain(`mv ${old} ${old}.pglite`);
    expect(readdirSync(old).sort()).toEqual(['PG_VERSION', 'base']);
    expect(existsSync(join(dir, 'pg-unused'))).toBe(false);
  }, 60_000);

  // A real full disk (a small tmpfs; root writes through any chmod), as a first start meets it.
  it.skipIf(!canMountTmpfs)(
    'stops with a message saying the disk is full when the database cannot be made on it',
    async () => {
      const disk = mountTmpfs(4 * 1024);
      try {
        const dataDir = join(disk.dir, 'postgres');
        const refused = launch({ PORT: String(await freePort()), SIM_PORT: String(await freePort()), DB_DATA_DIR: dataDir });
        expect(await refused.exited).toBe(1);
        expect(refused.output()).toContain(`A new database could not be created in ${dataDir}: the disk is full. Free some space`);
        expect(refused.output()).not.toMatch(/ERROR OUTPUT|stderrOutput|\n\s+at /);
      } finally {
        disk.unmount();
      }
    },
    60_000,
  );
});
