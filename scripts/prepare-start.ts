/**
 * The first half of `npm start`: builds the SPA when stale, and the simulator, the BFF and the
 * launcher itself as JavaScript (always; it takes under a second). `npm start` then runs the built
 * launcher (scripts/start.ts) on plain node, so the process that stays up carries no TypeScript
 * loader (see lib/build-node.ts).
 */
import { spawnSync } from 'node:child_process';
import { spaIsStale } from './lib/embedded';
import { buildNode } from './lib/build-node';

if (spaIsStale()) {
  console.log('Building the console (dist/client is missing or older than its sources)…');
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await buildNode();
