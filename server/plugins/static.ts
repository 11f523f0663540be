/**
 * The built SPA: hashed assets cached for a year (immutable), index.html never cached (so a
 * deploy is picked up at once), and every other GET that accepts HTML answered with index.html
 * (client-side routes). Files the build precompressed (.br, .gz) are sent as they are; anything else
 * is compressed by @fastify/compress in app.ts.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { sendError } from '../http';

const API_PREFIXES = ['/api/', '/auth/', '/bff/', '/healthz', '/readyz'];

// Not encapsulated (fastify-plugin): its not-found handler answers for the whole app.
export const staticPlugin = fp(
  async (app) => {
    const root = resolve(app.ctx.config.STATIC_DIR);
    const built = existsSync(resolve(root, 'index.html'));
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
      built
        ? reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html')
        : reply.code(503).type('text/plain; charset=utf-8').send('The console is not built yet: run `npm run build`.'),
    );

    app.setNotFoundHandler(async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const isApi = API_PREFIXES.some((p) => path === p.replace(/\/$/, '') || path.startsWith(p));
      const wantsPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !isApi &&
        !path.startsWith('/assets/') &&
        (request.headers.accept ?? '').includes('text/html');
      if (wantsPage && built) return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
      if (wantsPage) return reply.code(503).type('text/plain; charset=utf-8').send('The console is not built yet: run `npm run build`.');
      return sendError(reply, 404, `No route ${request.method} ${path}.`);
    });
  },
  { name: 'static', dependencies: ['services'] },
);
