/**
 * The launcher of `npm start` (built to dist/node/start.mjs by scripts/prepare-start.ts and run on
 * plain node): starts the embedded PostgreSQL server when DATABASE_URL (or, for the embedded
 * simulator, SIM_DATABASE_URL) is unset (data in .data/postgres: common/embedded-postgres.ts), the
 * simulator when VOICE_API_BASE_URL is unset, then the BFF's web process and its worker (ADR 0032);
 * prints the URL and, when this start created them, the demo accounts' password. A process that dies is started again (with back-off;
 * the others stay up) until it keeps dying at start. Ctrl-C stops them all cleanly, the database
 * server last.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DataDirError } from '../common/data-dir';
import { EMBEDDED_DATABASES, pgliteDirectories, pgliteMessage, prepareEmbeddedPostgres, waitForEmbeddedPostgres } from '../common/embedded-postgres';
import type { BffReady } from '../server/server';
import { BFF_NODE_ARGS, bffEnv, consoleUrl, demoAccountsMessage, isEmbedded, simulatorEnv, simulatorUrl } from './lib/embedded';
import { ChildGroup, RESTART_POLICY, waitForUrl, type Child } from './lib/children';

const env = process.env;
// The bundles sit next to this one (dist/node/).
const here = dirname(fileURLToPath(import.meta.url));
const built = { simulator: join(here, 'simulator.mjs'), server: join(here, 'server.mjs'), worker: join(here, 'worker.mjs') };

/** The BFF's "ready" message on its IPC channel (undefined if it never comes). */
function readyMessage(child: Child): Promise<BffReady | undefined> {
  return new Promise((resolve) => {
    child.proc.on('message', (m: BffReady) => m?.type === 'switchboard:ready' && resolve(m));
    void child.exited.then(() => resolve(undefined));
  });
}

const group = new ChildGroup();
/**
 * The embedded PostgreSQL server, when a process needs it: checked (a PGlite directory stops the
 * start), locked, created once, started; returns the databases' connection strings.
 */
async function startDatabase(): Promise<{ bff?: string; simulator?: string }> {
  const needBff = !env.DATABASE_URL;
  const needSim = isEmbedded(env) && !env.SIM_DATABASE_URL;
  if (!needBff && !needSim) return {};
  const legacy = pgliteDirectories(env);
  if (legacy.length > 0) throw new DataDirError(pgliteMessage(legacy));
  const server = await prepareEmbeddedPostgres({
    dataDir: env.DB_DATA_DIR,
    port: env.DB_PORT ? Number(env.DB_PORT) : undefined,
    log: (line) => console.log(line),
  });
  const databases = [...(needBff ? [EMBEDDED_DATABASES.bff] : []), ...(needSim ? [EMBEDDED_DATABASES.simulator] : [])];
  // Its own process group (a Ctrl-C reaches the launcher only, which stops it after its clients);
  // a postmaster killed is started again: PostgreSQL replays its WAL, and removes a postmaster.pid
  // whose process is gone. The directory lock is released with this process.
  const db = group.start(
    'The PostgreSQL server',
    server.command,
    server.args,
    { PATH: env.PATH, LC_MESSAGES: 'C' },
    {
      uid: server.uid,
      gid: server.gid,
      detached: true,
      stopSignal: 'SIGINT',
      restart: RESTART_POLICY,
    },
  );
  let dead = false;
  void db.exited.then(() => (dead = true));
  await waitForEmbeddedPostgres(server, databases, () => dead);
  return {
    bff: needBff ? server.url(EMBEDDED_DATABASES.bff) : undefined,
    simulator: needSim ? server.url(EMBEDDED_DATABASES.simulator) : undefined,
  };
}

await group.run(
  async () => {
    const urls = await startDatabase();
    if (isEmbedded(env)) {
      const simEnv = { ...simulatorEnv(env), ...(urls.simulator ? { SIM_DATABASE_URL: urls.simulator } : {}) };
      const sim = group.start('The simulator', process.execPath, [built.simulator], simEnv, { restart: RESTART_POLICY });
      // Without credentials the simulator answers 401 once it listens: any answer means ready.
      await waitForUrl(`${simulatorUrl(env)}/v1/agents`, sim, { anyStatus: true });
    }
    const serverEnv: NodeJS.ProcessEnv = { ...bffEnv(env), ...(urls.bff ? { DATABASE_URL: urls.bff } : {}) };
    const { url, health } = consoleUrl(serverEnv);
    const bff = group.start('The BFF', process.execPath, [...BFF_NODE_ARGS, built.server], serverEnv, {
      ipc: true,
      restart: RESTART_POLICY,
      onRestart: (again) =>
        void waitForUrl(health, again, { timeoutMs: 120_000 }).then(
          () => console.log(`\nThe BFF is back: Switchboard is running on ${url}\n`),
          () => undefined,
        ),
    });
    const ready = readyMessage(bff);
    await waitForUrl(health, bff);
    // The worker: the background work (index sync, alerts, webhooks, retention; ADR 0032), after
    // the web process has migrated the database. Restarted like the others when it dies.
    group.start('The worker', process.execPath, [...BFF_NODE_ARGS, built.worker], { ...serverEnv, DEMO_ACCOUNTS: 'false' }, { restart: RESTART_POLICY });
    console.log(`\nSwitchboard is running on ${url}`);
    if (isEmbedded(env)) {
      console.log(`Upstream: the embedded Voice API simulator on ${simulatorUrl(env)}`);
      const message = await Promise.race([ready, new Promise<undefined>((r) => setTimeout(r, 5000))]);
      console.log(demoAccountsMessage(message?.demoAccounts ?? null, serverEnv.DEMO_PASSWORD!));
    } else {
      console.log(`Upstream: ${env.VOICE_API_BASE_URL}. Add staff with: npm run user -- add NAME --role viewer|operator|admin`);
    }
    console.log('Press Ctrl-C to stop.\n');
  },
  () => console.log('\nStopping…'),
);
