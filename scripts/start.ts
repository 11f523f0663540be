/**
 * The launcher of `npm start` (built to dist/node/start.mjs by scripts/prepare-start.ts and run on
 * plain node): starts the simulator when VOICE_API_BASE_URL is unset (the embedded default, data
 * under .data/), then the BFF; prints the URL and, when this start created them, the demo accounts'
 * password. A BFF that dies is started again (with back-off; the simulator stays up) until it keeps
 * dying at start. Ctrl-C stops both cleanly.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BffReady } from '../server/server';
import { BFF_NODE_ARGS, bffEnv, consoleUrl, demoAccountsMessage, isEmbedded, simulatorEnv, simulatorUrl } from './lib/embedded';
import { ChildGroup, RESTART_POLICY, waitForUrl, type Child } from './lib/children';

const env = process.env;
// The bundles sit next to this one (dist/node/).
const here = dirname(fileURLToPath(import.meta.url));
const built = { simulator: join(here, 'simulator.mjs'), server: join(here, 'server.mjs') };

/** The BFF's "ready" message on its IPC channel (undefined if it never comes). */
function readyMessage(child: Child): Promise<BffReady | undefined> {
  return new Promise((resolve) => {
    child.proc.on('message', (m: BffReady) => m?.type === 'switchboard:ready' && resolve(m));
    void child.exited.then(() => resolve(undefined));
  });
}

const group = new ChildGroup();
await group.run(
  async () => {
    if (isEmbedded(env)) {
      const sim = group.start('The simulator', process.execPath, [built.simulator], simulatorEnv(env), { restart: RESTART_POLICY });
      // Without credentials the simulator answers 401 once it listens: any answer means ready.
      await waitForUrl(`${simulatorUrl(env)}/v1/agents`, sim, { anyStatus: true });
    }
    const serverEnv = bffEnv(env);
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
    console.log(`\nSwitchboard is running on ${url}`);
    if (isEmbedded(env)) {
      console.log(`Upstream: the embedded Voice API simulator on ${simulatorUrl(env)} (data in ${dirname(simulatorEnv(env).SIM_DATA_DIR!)}/)`);
      const message = await Promise.race([ready, new Promise<undefined>((r) => setTimeout(r, 5000))]);
      console.log(demoAccountsMessage(message?.demoAccounts ?? null, serverEnv.DEMO_PASSWORD!));
    } else {
      console.log(`Upstream: ${env.VOICE_API_BASE_URL}. Add staff with: npm run user -- add NAME --role viewer|operator|admin`);
    }
    console.log('Press Ctrl-C to stop.\n');
  },
  () => console.log('\nStopping…'),
);
