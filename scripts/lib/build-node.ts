/**
 * The simulator and the BFF as plain JavaScript for `npm start` and the bench. Under tsx, Node 20
 * runs the TypeScript loader in a thread of its own with its own heap: about 75 MiB of RSS in each
 * process before any request (the simulator measured 150 MiB at boot under tsx, 79 MiB compiled).
 * One esbuild bundle per entry, dependencies left to node_modules; it takes well under a second,
 * so it is done at every start rather than checked for staleness.
 */
import { build } from 'esbuild';

export const NODE_DIST = 'dist/node';

/** Entry name → source. The npm start launcher (`start.mjs`) finds the others next to it. */
export const NODE_ENTRIES = {
  simulator: 'simulator/main.ts',
  server: 'server/server.ts',
  worker: 'server/worker.ts',
  start: 'scripts/start.ts',
} as const;

/**
 * The worker threads' code, bundled beside every build (whichever entries it has): a server
 * bundle starts its threads from the file next to it (server/services/do-not-call/import-reader.ts).
 */
export const THREAD_ENTRIES = { 'import-thread': 'server/services/do-not-call/import-thread.ts' } as const;

/** Bundles the entries (by default the product's) and the threads' into `outdir`; returns each entry's output path. */
export async function buildNode<K extends string = keyof typeof NODE_ENTRIES>(
  entries: Record<K, string> = NODE_ENTRIES as Record<K, string>,
  outdir = NODE_DIST,
): Promise<Record<K, string>> {
  await build({
    entryPoints: { ...entries, ...THREAD_ENTRIES },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  return Object.fromEntries(Object.keys(entries).map((name) => [name, `${outdir}/${name}.mjs`])) as Record<K, string>;
}
