/**
 * The built SPA: hashed assets cached for a year (immutable), index.html never cached (so a
 * deploy is picked up at once), and every other GET that accepts HTML answered with index.html
 * (client-side routes). Files the build precompressed (.br, .gz) are sent as they are; anything else
 * is compressed by @fastify/compress in app.ts.
 *
 * Each page's HTML names the chunks its route draws with (route-preloads.json, written by the
 * build): modulepreload links, so they download beside the entry instead of once it has run.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from '../http';

const API_PREFIXES = ['/api/', '/auth/', '/bff/', '/healthz', '/readyz'];

interface RoutePreload {
  /** `/calls/$callId`: `$` segments match any one segment. */
  path: string;
  files: string[];
}

/**
 * index.html for each page path: with the modulepreload links of the route it opens (the most
 * specific pattern: literal segments win over `$param` ones), or as built when none matches.
 */
export function pageHtml(index: string, routes: RoutePreload[]): (path: string) => string {
  const patterns = routes
    .map((r) => ({ segments: r.path.split('/').filter(Boolean), files: r.files.filter((f) => /^\/assets\/[\w.-]+\.js$/.test(f)) }))
    .sort((a, b) => b.segments.filter((s) => !s.startsWith('$')).length - a.segments.filter((s) => !s.startsWith('$')).length);
  const pages = new Map<(typeof patterns)[number], string>();
  return (path) => {
    const segments = path.split('/').filter(Boolean);
    const route = patterns.find((p) => p.segments.length === segments.length && p.segments.every((s, i) => s.startsWith('$') || s === segments[i]));
    if (!route || route.files.length === 0 || !index.includes('</head>')) return index;
    let html = pages.get(route);
    if (html === undefined) {
      const links = route.files.map((f) => `<link rel="modulepreload" crossorigin href="${f}">`).join('\n    ');
      html = index.replace('</head>', `  ${links}\n  </head>`);
      pages.set(route, html);
    }
    return html;
  };
}

function readRoutes(file: string): RoutePreload[] {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return Array.isArray(parsed) ? parsed.filter((r): r is RoutePreload => typeof r?.path === 'string' && Array.isArray(r?.files)) : [];
  } catch {
    return []; // an older build without the file: pages load as before
  }
}

// Not encapsulated (fastify-plugin): its not-found handler answers for the whole app.
export const staticPlugin = fp(
  async (app) => {
    const root = resolve(app.ctx.config.STATIC_DIR);
    const built = existsSync(resolve(root, 'index.html'));
    const page = built ? pageHtml(readFileSync(resolve(root, 'index.html'), 'utf8'), readRoutes(resolve(root, 'route-preloads.json'))) : () => '';
    const sendPage = (path: string, reply: FastifyReply) => reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(page(path));
    if (built) {
      await app.register(fastifyStatic, {
        root,
        prefix: '/',
        index: false,
        wildcard: true,
        // The build writes .br and .gz beside each file (vite.config.ts): sent as they are, not compressed per request.
        preCompressed: true,
        // Source maps stay on disk (the build writes them hidden): the source is not published.
        allowedPath: (path) => !path.endsWith('.map'),
        setHeaders(res, path) {
          if (path.includes('/assets/')) res.header('Cache-Control', 'public, max-age=31536000, immutable');
          else res.header('Cache-Control', 'no-cache');
        },
      });
    }

    // The static handler refuses directory requests; the root is the SPA's entry.
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      built ? sendPage('/', reply) : reply.code(503).type('text/plain; charset=utf-8').send('The console is not built yet: run `npm run build`.'),
    );

    app.setNotFoundHandler(async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const isApi = API_PREFIXES.some((p) => path === p.replace(/\/$/, '') || path.startsWith(p));
      const wantsPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !isApi &&
        !path.startsWith('/assets/') &&
        (request.headers.accept ?? '').includes('text/html');
      if (wantsPage && built) return sendPage(path, reply);
      if (wantsPage) return reply.code(503).type('text/plain; charset=utf-8').send('The console is not built yet: run `npm run build`.');
      return sendError(reply, 404, `No route ${request.method} ${path}.`);
    });
  },
  { name: 'static', dependencies: ['services'] },
);
