import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const bffPort = process.env.PORT ?? '8080';

/** See the `app` chunk below. */
const FIRST_PAINT_SHARED = [
  // The console the entry loads (main.tsx → start.tsx): its router and route table, and the routes' search readers.
  /\/src\/(start|router|routeTree\.gen)\.tsx?$/,
  /\/src\/features\/[\w-]+\/model\/search-params\.ts$/,
  /\/contract\/(bff\/)?[\w-]+\.plain\.ts$/,
  /\/contract\/(limits|status-groups|timezone|timestamps)\.ts$/,
  /\/contract\/bff\/permissions\.ts$/,
  /\/src\/lib\/(api-client|api-error|token-cache|backoff|keep-on-session-end|cn|plural|after-paint|search-params|session|query-client|zone-days|duration)\.tsx?$/,
  /\/src\/lib\/(time|shared-queries)\/[\w-]+\.ts$/,
  /\/src\/components\/ui\/(badge|button|styles|empty-state|pagination|data-table|skeleton|error-state|date-time|segmented-control)\.tsx?$/,
  /\/src\/components\/(layout\/(href-link|not-found|route-error|page-title)|auth\/can|status\/[\w-]+|data\/index-freshness)\.tsx$/,
  /\/src\/features\/[\w-]+\/api\/keys\.ts$/,
  /\/node_modules\/clsx\//,
];

/**
 * What the entry runs before it loads the console (ADR 0030): the early reads and the pure modules
 * they build their URLs with, and Vite's preload helper, in a chunk of their own: not in the `app`
 * chunk, which imports the framework.
 */
const BOOT = [
  /vite\/preload-helper/,
  /\/src\/lib\/(early-reads|search-params|zod-config|zone-days|time\/format)\.ts$/,
  /\/src\/features\/(calls|agents|insights)\/(api\/first-reads|model\/search-params)\.ts$/,
  /\/src\/lib\/shared-queries\/agents-reads\.ts$/,
  /\/contract\/(routes|queries|enums|formats)\.plain\.ts$/,
  /\/contract\/bff\/index(-filters)?\.plain\.ts$/,
  /\/contract\/(limits|status-groups|timezone)\.ts$/,
];

/**
 * Brotli and gzip copies of the built files (`x.js.br`, `x.js.gz`), compressed once here at the
 * highest levels, which the BFF sends as they are: compressing ~30 chunks per cold load on the fly
 * held the session, token and API responses of that same load behind them on the BFF's one thread.
 */
function precompress(): Plugin {
  let outDir = '';
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
  return {
    name: 'switchboard-precompress',
    apply: 'build',
    configResolved: (config) => void (outDir = config.build.outDir),
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json)$/.test(file) || statSync(file).size < 1024) continue;
        const bytes = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/**
 * dist/client/route-preloads.json: for each page route, the chunks its first paint needs beyond the
 * entry's (the route's own chunk, its layout's, and what they import). The BFF writes them into the
 * page's HTML as modulepreload links, so they download beside the entry instead of after it has run.
 */
function routePreloads(): Plugin {
  let shellPreloads: string[] = [];
  return {
    name: 'switchboard-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (start: string[], into = new Set<string>()) => {
        for (const file of start) {
          if (into.has(file)) continue;
          into.add(file);
          closure(byFile.get(file)?.imports ?? [], into);
        }
        return into;
      };
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return;
      // The entry starts the first requests before the framework has arrived; it must not wait for it.
      const boot = closure([entry.fileName]);
      const framework = [...boot].find((f) => /\/framework-/.test(`/${f}`));
      if (framework && !process.env.DEBUG_BOOT)
        this.error(`The entry's own imports reach ${framework}: the early reads would wait for the framework (see BOOT).`);
      // The console the entry then imports, and what it imports: preloaded by every page's HTML.
      const consoleChunks = closure(entry.dynamicImports);
      const initial = new Set([...boot, ...consoleChunks]);
      // The component chunk of each route file (its loader and pending view travel with it).
      const routeChunk = new Map<string, string>();
      for (const c of chunks) {
        const id = (c.facadeModuleId ?? '').replaceAll('\\', '/');
        const m = /\/src\/routes\/(.+)\.tsx\?tsr-split=[^&]*component/.exec(id);
        if (m) routeChunk.set(m[1]!, c.fileName);
      }
      const routes: { path: string; files: string[] }[] = [];
      for (const [file, chunk] of routeChunk) {
        const segments = file.split('/');
        if (segments.some((s) => s.startsWith('_') && s !== segments[0]) || file === '_app') continue;
        // Layouts on the way (a pathless `_app` and its chunk), then the route's own chunk.
        const layouts = segments.slice(0, -1).flatMap((_, i) => routeChunk.get(segments.slice(0, i + 1).join('/')) ?? []);
        const path = '/' + segments.filter((s) => !s.startsWith('_') && s !== 'index').join('/');
        const files = [...closure([...layouts, chunk])].filter((f) => !initial.has(f));
        routes.push({ path, files: files.map((f) => `/${f}`) });
      }
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(routes, null, 1) });
      shellPreloads = [...consoleChunks].map((f) => `/${f}`);
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        shellPreloads
          .filter((href) => !html.includes(`"${href}"`))
          .map((href) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href }, injectTo: 'head' as const })),
    },
  };
}

export default defineConfig({
  plugins: [
    // Vitest needs no route generation (and must not rewrite the committed route tree mid-run).
    !process.env.VITEST &&
      tanstackRouter({
        target: 'react',
        autoCodeSplitting: true,
        // A route's loader and pending view travel with its component, in one chunk per route: the
        // first chunk holds only the route table (paths, search validation, the session guard).
        // start.tsx (and modulepreload links in index.html) start the first route's chunk at once.
        codeSplittingOptions: { defaultBehavior: [['loader', 'component', 'pendingComponent'], ['errorComponent'], ['notFoundComponent']] },
        routesDirectory: './src/routes',
        generatedRouteTree: './src/routeTree.gen.ts',
      }),
    react(),
    tailwindcss(),
    routePreloads(),
    precompress(),
  ],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist/client',
    // Written for the secrets scan and for debugging with the files at hand, never linked from the
    // bundles; the BFF does not serve .map files (server/plugins/static.ts).
    sourcemap: 'hidden',
    target: 'es2022',
    // Every browser the console supports preloads modules natively (Chrome 66, Firefox 115, Safari
    // 17); without it chunks still load, when imported. The polyfill was half of the entry's bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // What the entry runs before it loads the console (BOOT, above).
              name: 'boot',
              priority: 3,
              test: (id) => BOOT.some((re) => re.test(id.replaceAll('\\', '/'))),
            },
            {
              // The small shared modules of the first paint of every screen (the API client, the
              // session, the contract's plain constants, the table, badges, buttons...) in one chunk:
              // as ~25 chunks of a few hundred bytes each, gzip gained nothing across them, ~4 KB
              // more per cold load. Only modules without heavy imports belong here (this chunk is
              // loaded by the entry, so whatever they import is too).
              name: 'app',
              priority: 1,
              test: (id) => FIRST_PAINT_SHARED.some((re) => re.test(id.replaceAll('\\', '/'))),
            },
            {
              // What the agents' list and an agent's page share (their query and the flags of a row),
              // in one chunk, not two of ~340 bytes each: the /agents first load was 0.01 KB over its
              // guard when a chunk elsewhere was added to the entry's map.
              name: 'agents-shared',
              priority: 1,
              test: /\/src\/features\/agents\/(api\/agents-queries|components\/agent-flags)\.tsx?$/,
            },
            {
              // The framework every screen runs on, in one chunk the entry loads (not ~15 small
              // shared chunks, each a request and each compressed apart).
              name: 'framework',
              priority: 2,
              test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack[\\/](react-router|router-core|history|react-query|query-core|store|react-store))[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // In development the SPA talks to the BFF through Vite, so cookies stay same-origin.
    proxy: {
      '/auth': `http://127.0.0.1:${bffPort}`,
      '/api': `http://127.0.0.1:${bffPort}`,
      '/bff': `http://127.0.0.1:${bffPort}`,
    },
  },
});
