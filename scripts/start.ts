/**
 * `npm start`: builds the SPA when stale and the simulator and the BFF as JavaScript (always; it
 * takes under a second), starts the simulator when VOICE_API_BASE_URL is unset (the embedded
 * default, data under .data/), then the BFF; prints the URL and the demo accounts. Ctrl-C stops
 * both cleanly.
 */
import { spawnSync } from 'node:child_process';
import { bffEnv, isEmbedded, simulatorEnv, simulatorUrl, spaIsStale } from './lib/embedded';
import { buildNode } from './lib/build-node';
import { ChildGroup, waitForUrl } from './lib/children';

const env = process.env;
if (spaIsStale()) {
  console.log('Building the console (dist/client is missing or older than its sources)…');
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Not under tsx: its loader thread costs each process about 75 MiB (see lib/build-node.ts).
const built = await buildNode();

const group = new ChildGroup();
await group.run(
  async () => {
    if (isEmbedded(env)) {
      const sim = group.start('The simulator', process.execPath, [built.simulator], simulatorEnv(env));
      // Without credentials the simulator answers 401 once it listens: any answer means ready.
      await waitForUrl(`${simulatorUrl(env)}/v1/agents`, sim, { anyStatus: true });
    }
    const serverEnv = bffEnv(env);
    const bff = group.start('The BFF', process.execPath, [built.server], serverEnv);
    const host = serverEnv.HOST ?? '127.0.0.1';
    const url = serverEnv.PUBLIC_URL ?? `http://${host === '0.0.0.0' ? 'localhost' : host}:${serverEnv.PORT ?? '8080'}`;
    await waitForUrl(`http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${serverEnv.PORT ?? '8080'}/healthz`, bff);
    console.log(`\nSwitchboard is running on ${url}`);
    if (isEmbedded(env)) {
      console.log(`Upstream: the embedded Voice API simulator on ${simulatorUrl(env)} (data in .data/)`);
      console.log(`Demo accounts: viewer, operator, admin — password ${serverEnv.DEMO_PASSWORD}`);
    } else {
      console.log(`Upstream: ${env.VOICE_API_BASE_URL}. Add staff with: npm run user -- add NAME --role viewer|operator|admin`);
    }
    console.log('Press Ctrl-C to stop.\n');
  },
  () => console.log('\nStopping…'),
);
