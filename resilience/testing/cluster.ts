/**
 * Several BFF instances for real: the real simulator (its own process), a throwaway database on
 * the local PostgreSQL server, N BFF processes (the product's server/server.ts, bundled as
 * `npm start` runs it) sharing that database, and HAProxy from Debian's package in front of them,
 * with a configuration generated here (the one docs/deployment.md shows, on loopback ports).
 *
 * Every port is a free one picked at random; every child is stopped by its own pid.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, fetch, type Response } from 'undici';
import { createTestDatabase } from '../../common/test-db';
import { buildNode } from '../../scripts/lib/build-node';
import { freePort } from '../../server/testing/process';
import { DEFAULT_SIM_API_KEY, DEFAULT_SIM_API_KEY_SECONDARY } from '../../simulator/app';
import { builtNode, startChild, type Child } from '../../bench/lib/processes';

export const HAPROXY = process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy';
export const PASSWORD = 'switchboard-demo';

/**
 * A deliberately broken setup, to see each test of the suite fail (INSTANCES_BREAK, never set in
 * CI): `own-store` gives each instance its own embedded store instead of the shared PostgreSQL,
 * `no-trust` runs the BFFs without TRUST_PROXY, `status-check` routes on /readyz's status
 * (upstream included) instead of the instance's database.
 */
export type Break = 'own-store' | 'no-trust' | 'status-check';
const BREAK = process.env.INSTANCES_BREAK as Break | undefined;

/** Health checks every 500 ms; two failures take a server out, two successes put it back. */
export const CHECK = { interMs: 500, fall: 2, rise: 2 };

/**
 * The HAProxy configuration: round robin (no stickiness), health checks on /readyz, the client's
 * address in X-Forwarded-For (replacing whatever the client sent), which instance answered in
 * X-Served-By (for the suite), and the stats socket the suite reads the servers' states from.
 */
export function haproxyConfig(opts: { port: number; socket: string; servers: { name: string; port: number }[]; statusCheck?: boolean }): string {
  return `global
  stats socket ${opts.socket} mode 600 level admin
  maxconn 2000

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-keep-alive 30s
  # A connection refused by a dead instance is sent to another (nothing was sent yet: safe for a POST).
  retries 2
  option redispatch 1

frontend switchboard
  bind 127.0.0.1:${opts.port}
  # One hop the BFF trusts (TRUST_PROXY=1): the address HAProxy saw, never what the client claims.
  http-request set-header X-Forwarded-For %[src]
  default_backend bff

backend bff
  balance roundrobin
  option httpchk
  http-check send meth GET uri /readyz ver HTTP/1.1 hdr Host localhost
  # In rotation while the instance's own database answers; the upstream is shared by every
  # instance, so its outage is reported by /readyz but does not empty the pool (ADR 0018).
  ${opts.statusCheck ? 'http-check expect status 200' : 'http-check expect rstring "\\"database\\":true"'}
  # /readyz waits up to 3 s for the upstream's answer: the check may take that long.
  timeout check 4s
  default-server inter ${CHECK.interMs}ms fall ${CHECK.fall} rise ${CHECK.rise}
  http-response set-header X-Served-By %s
${opts.servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check`).join('\n')}
`;
}

export interface ServerStat {
  name: string;
  /** UP, DOWN, "UP 1/2", "DOWN 1/2", MAINT, ... */
  status: string;
  /** Sessions (requests) sent to it so far. */
  total: number;
}

/** `show stat` on HAProxy's stats socket: one row per server of the backend. */
export async function readStats(socket: string, backend = 'bff'): Promise<ServerStat[]> {
  const csv = await new Promise<string>((resolve, reject) => {
    let out = '';
    const conn = createConnection(socket, () => conn.write('show stat\n'));
    conn.on('data', (d) => (out += d.toString()));
    conn.on('end', () => resolve(out));
    conn.on('error', reject);
  });
  const [header, ...rows] = csv.trim().split('\n');
  const cols = header!.replace(/^# /, '').split(',');
  const at = (name: string) => cols.indexOf(name);
  return rows
    .map((r) => r.split(','))
    .filter((r) => r[at('pxname')] === backend && !['FRONTEND', 'BACKEND'].includes(r[at('svname')]!))
    .map((r) => ({ name: r[at('svname')]!, status: r[at('status')]!, total: Number(r[at('stot')]) }));
}

interface Running {
  proc: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

function run(command: string, args: string[], env: Record<string, string> = {}): Running {
  const proc = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(proc);
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-8000)));
  proc.stderr!.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-8000)));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  exited.then(() => children.delete(proc));
  return { proc, output: () => out, exited };
}

async function stopGently(child: Running | undefined): Promise<void> {
  if (!child || child.proc.exitCode !== null || child.proc.signalCode !== null) return;
  const timer = setTimeout(() => child.proc.kill('SIGKILL'), 5000);
  child.proc.kill('SIGTERM');
  await child.exited;
  clearTimeout(timer);
}

export interface Instance {
  name: string;
  port: number;
  url: string;
  child?: Running;
}

export interface ClusterOptions {
  instances?: number;
  /** Settings every instance gets on top of the defaults here. */
  env?: Record<string, string>;
}

export interface Cluster {
  /** HAProxy's address: what staff would open. */
  url: string;
  simUrl: string;
  simControlToken: string;
  databaseUrl: string;
  /** The simulator's own store (what the upstream holds). */
  simDatabaseUrl: string;
  instances: Instance[];
  /** The worker process (background work; ADR 0032). */
  readonly worker: Running;
  statsSocket: string;
  haproxyConfig: string;
  stats(): Promise<ServerStat[]>;
  /** Starts (or restarts, on its port) one instance and waits until its /readyz says the database answers. */
  start(instance: Instance): Promise<number>;
  /** `kill -9` of one instance, by its pid. */
  kill(instance: Instance): Promise<void>;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Fails with what to do when HAProxy is not installed: the suite must not pass without it. */
export function requireHaproxy(): void {
  if (!existsSync(HAPROXY)) {
    throw new Error(
      `HAProxy is not installed (${HAPROXY} is missing). The several-instances suite runs the BFF behind a real HAProxy: install Debian's package (apt-get install haproxy; .ci/run does it) or set HAPROXY_BIN.`,
    );
  }
}

export async function startCluster(opts: ClusterOptions = {}): Promise<Cluster> {
  requireHaproxy();
  const dir = mkdtempSync(join(tmpdir(), 'sb-instances-'));
  const db = await createTestDatabase('resilience_instances');
  // The simulator's store on the same server, so the suite can count what reached the upstream.
  const simDb = await createTestDatabase('resilience_instances_sim');
  let sim: Child<{ url: string; controlToken: string }> | undefined;
  let haproxy: Running | undefined;
  const instances: Instance[] = [];
  const ownStores: (() => Promise<void>)[] = [];
  let worker: Running | undefined;
  const stop = async () => {
    await stopGently(haproxy);
    await stopGently(worker);
    for (const i of instances) await stopGently(i.child);
    await sim?.stop();
    await db.drop().catch(() => undefined);
    await simDb.drop().catch(() => undefined);
    for (const drop of ownStores) await drop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    sim = await startChild(...(await builtNode('sim-server')), { BENCH_SEED_CALLS: '300', SIM_DATABASE_URL: simDb.url });
    const { server, worker: workerBundle } = await buildNode({ server: 'server/server.ts', worker: 'server/worker.ts' }, 'dist/node-resilience');
    const lbPort = await freePort();
    const url = `http://127.0.0.1:${lbPort}`;
    for (let n = 1; n <= (opts.instances ?? 2); n += 1) {
      const port = await freePort();
      instances.push({ name: `bff${n}`, port, url: `http://127.0.0.1:${port}` });
    }
    const env: Record<string, string> = {
      HOST: '127.0.0.1',
      DATABASE_URL: db.url,
      VOICE_API_BASE_URL: sim.info.url,
      VOICE_API_KEY: DEFAULT_SIM_API_KEY,
      VOICE_API_KEY_SECONDARY: DEFAULT_SIM_API_KEY_SECONDARY,
      PUBLIC_URL: url,
      TRUST_PROXY: BREAK === 'no-trust' ? 'false' : '1',
      DEMO_ACCOUNTS: 'true',
      DEMO_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      INDEX_SYNC: 'false',
      ...opts.env,
    };
    const start = async (instance: Instance): Promise<number> => {
      const started = Date.now();
      const settings: Record<string, string> = { ...env, PORT: String(instance.port) };
      if (BREAK === 'own-store') {
        // Each instance on a database of its own: what the suite must catch.
        const own = await createTestDatabase(`resilience_own_${instance.name}`);
        ownStores.push(own.drop);
        settings.DATABASE_URL = own.url;
      }
      const child = run(process.execPath, [server], settings);
      instance.child = child;
      let exit: number | null | undefined;
      void child.exited.then((code) => (exit = code));
      for (;;) {
        if (exit !== undefined) throw new Error(`${instance.name} exited with ${exit} before it was ready: ${child.output()}`);
        if (Date.now() - started > 90_000) throw new Error(`${instance.name} not ready in 90 s: ${child.output()}`);
        try {
          const res = await fetch(`${instance.url}/readyz`, { signal: AbortSignal.timeout(2000) });
          const body = (await res.json()) as { database?: boolean };
          if (body.database) return Date.now() - started;
        } catch {
          // not listening yet
        }
        await sleep(100);
      }
    };
    // One after the other: the first migrates the fresh database (under an advisory lock either way).
    for (const instance of instances) await start(instance);
    // The worker (ADR 0032): the web instances only answer; it runs the background work.
    worker = run(process.execPath, [workerBundle], env);
    const workerUntil = Date.now() + 60_000;
    while ((await fetch(`${instances[0]!.url}/readyz`).then((r) => r.json() as Promise<{ worker?: string }>)).worker !== 'running') {
      if (worker.proc.exitCode !== null) throw new Error(`The worker exited before it was running: ${worker.output()}`);
      if (Date.now() > workerUntil) throw new Error(`The worker was not running in 60 s: ${worker.output()}`);
      await sleep(200);
    }

    const statsSocket = join(dir, 'haproxy.sock');
    const config = haproxyConfig({ port: lbPort, socket: statsSocket, servers: instances, statusCheck: BREAK === 'status-check' });
    const configPath = join(dir, 'haproxy.cfg');
    writeFileSync(configPath, config);
    const check = run(HAPROXY, ['-c', '-f', configPath]);
    if ((await check.exited) !== 0) throw new Error(`HAProxy refused the generated configuration: ${check.output()}`);
    haproxy = run(HAPROXY, ['-db', '-f', configPath]);
    const stats = () => readStats(statsSocket);
    const until = Date.now() + 30_000;
    for (;;) {
      const states = await stats().catch(() => []);
      if (states.length === instances.length && states.every((s) => s.status === 'UP')) break;
      if (haproxy.proc.exitCode !== null) throw new Error(`HAProxy exited: ${haproxy.output()}`);
      if (Date.now() > until) throw new Error(`HAProxy did not put every instance in rotation: ${JSON.stringify(states)} ${haproxy.output()}`);
      await sleep(200);
    }
    return {
      url,
      simUrl: sim.info.url,
      simControlToken: sim.info.controlToken,
      databaseUrl: db.url,
      simDatabaseUrl: simDb.url,
      instances,
      get worker() {
        return worker!;
      },
      statsSocket,
      haproxyConfig: config,
      stats,
      start,
      async kill(instance) {
        const child = instance.child!;
        child.proc.kill('SIGKILL');
        await child.exited;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

export interface Answer {
  status: number;
  body: any;
  /** The instance HAProxy sent the request to (X-Served-By). */
  servedBy: string;
  headers: Response['headers'];
}

/**
 * A browser-like client of the cluster: its own source address on loopback (127.0.0.x, so the
 * BFF's per-address limits can tell clients apart through the proxy), its session cookie, and
 * the headers the console sends on writes.
 */
export class Client {
  cookie?: string;
  private readonly agent: Agent;

  constructor(
    private readonly base: string,
    readonly address = '127.0.0.1',
  ) {
    this.agent = new Agent({ localAddress: address, connections: 64 });
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const h: Record<string, string> = { ...(this.cookie ? { cookie: this.cookie } : {}) };
    if (method !== 'GET') Object.assign(h, { 'x-switchboard': '1', origin: this.base });
    if (body !== undefined) h['content-type'] = 'application/json';
    const res = await fetch(this.base + path, {
      method,
      headers: { ...h, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      dispatcher: this.agent,
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON
    }
    const setCookie = res.headers.get('set-cookie');
    if (setCookie?.includes('sb_session=')) {
      const value = setCookie.split(';')[0]!;
      this.cookie = value.endsWith('=') ? undefined : value;
    }
    return { status: res.status, body: parsed, servedBy: res.headers.get('x-served-by') ?? '', headers: res.headers };
  }

  login(username: string, password = PASSWORD, headers: Record<string, string> = {}): Promise<Answer> {
    return this.request('POST', '/auth/login', { username, password }, headers);
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}
