/**
 * The peers' server (each peer's serve.mjs calls it): plain Node, no dependency. It serves a peer's
 * dist/ the way a real static server would (gzip for text assets, prepared once at start; hashed
 * assets cached for a year; index.html as the SPA fallback), and proxies /v1/* to the simulator at
 * BENCH_SIM_URL with the X-Api-Key header from BENCH_SIM_KEY, gzipping JSON answers like the BFF
 * does. Listens on 127.0.0.1 (PORT, default 0) and prints one JSON line {"url"} when ready.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import { extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pipeline } from 'node:stream';
import { constants, createGzip, gzipSync } from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt']);

/** Every file of dist/ in memory, with its gzip form when it is text worth compressing. */
function loadDist(dir) {
  const files = new Map();
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) {
        walk(path);
        continue;
      }
      const body = readFileSync(path);
      const ext = extname(entry.name);
      const gz = COMPRESSIBLE.has(ext) && body.length > 1024 ? gzipSync(body, { level: constants.Z_BEST_COMPRESSION }) : undefined;
      const urlPath = `/${relative(dir, path).split(sep).join('/')}`;
      const immutable = urlPath.startsWith('/assets/');
      files.set(urlPath, { body, gz, type: TYPES[ext] ?? 'application/octet-stream', cache: immutable ? 'public, max-age=31536000, immutable' : 'no-cache' });
    }
  };
  walk(dir);
  return files;
}

const acceptsGzip = (req) => /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));

/** Starts the server for `distUrl` (a file: URL of the dist/ folder) and resolves once it listens. */
export async function serveDist(distUrl) {
  const simUrl = process.env.BENCH_SIM_URL;
  const simKey = process.env.BENCH_SIM_KEY;
  if (!simUrl || !simKey) {
    console.error('serve.mjs needs BENCH_SIM_URL (the simulator) and BENCH_SIM_KEY (its API key)');
    process.exit(2);
  }
  const upstream = new URL(simUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: 32 });
  const files = loadDist(fileURLToPath(distUrl));
  const index = files.get('/index.html');
  if (!index) throw new Error(`no index.html in ${fileURLToPath(distUrl)}: run npm run build first`);

  function sendFile(req, res, file) {
    const headers = { 'Content-Type': file.type, 'Cache-Control': file.cache, Vary: 'Accept-Encoding' };
    const gz = file.gz && acceptsGzip(req);
    if (gz) headers['Content-Encoding'] = 'gzip';
    const body = gz ? file.gz : file.body;
    headers['Content-Length'] = body.length;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  function proxy(req, res) {
    const headers = { ...req.headers, host: upstream.host, 'x-api-key': simKey };
    delete headers['accept-encoding'];
    delete headers.cookie;
    delete headers.connection;
    const out = request(
      { protocol: upstream.protocol, hostname: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers, agent },
      (up) => {
        const resHeaders = { ...up.headers };
        for (const hop of ['connection', 'keep-alive', 'transfer-encoding']) delete resHeaders[hop];
        const json = String(up.headers['content-type'] ?? '').includes('json');
        const big = Number(up.headers['content-length'] ?? Infinity) > 1024;
        if (json && big && acceptsGzip(req) && !up.headers['content-encoding']) {
          delete resHeaders['content-length'];
          resHeaders['content-encoding'] = 'gzip';
          resHeaders.vary = 'Accept-Encoding';
          res.writeHead(up.statusCode ?? 502, resHeaders);
          pipeline(up, createGzip({ level: 6 }), res, () => undefined);
        } else {
          res.writeHead(up.statusCode ?? 502, resHeaders);
          pipeline(up, res, () => undefined);
        }
      },
    );
    out.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ message: 'The simulator did not answer.' }));
    });
    pipeline(req, out, () => undefined);
  }

  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (path === '/v1' || path.startsWith('/v1/')) return proxy(req, res);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const file = files.get(path);
    if (file) return sendFile(req, res, file);
    // Missing assets are 404s; every other path is a client-side route.
    if (path.startsWith('/assets/') || extname(path)) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    sendFile(req, res, index);
  });
  await new Promise((resolve) => server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', resolve));
  const { port } = server.address();
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);
  const stop = () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return server;
}
