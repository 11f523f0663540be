/**
 * The built SPA as the BFF serves it (a stand-in build in a temporary directory): hashed assets
 * immutable, index.html no-cache, client routes fall back to index.html, API paths never do,
 * compression; and readiness when the upstream is down. No simulator: the upstream is unreachable.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../common/test-db';
import { buildApp, type BffApp } from '../app';
import { ConfigError, loadConfig } from '../config';

const dir = mkdtempSync(join(tmpdir(), 'bff-static-'));
const INDEX = `<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body>${'<p>Switchboard</p>'.repeat(100)}</body></html>`;
const ASSET = `console.log(${JSON.stringify('x'.repeat(5000))});`;
let app: BffApp;
let url: string;

beforeAll(async () => {
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets/index-abc123.js'), ASSET);
  writeFileSync(join(dir, 'assets/index-abc123.js.map'), '{"version":3,"sources":["../../src/secret-logic.ts"]}');
  writeFileSync(
    join(dir, 'route-preloads.json'),
    JSON.stringify([
      { path: '/calls/$callId', files: ['/assets/_callId-abc.js', '/assets/_app-abc.js'] },
      { path: '/calls/new', files: ['/assets/new-abc.js'] },
      { path: '/agents', files: ['"><script>alert(1)</script>', '/assets/agents-abc.js'] },
    ]),
  );
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const config = loadConfig({
    VOICE_API_BASE_URL: 'http://127.0.0.1:9',
    VOICE_API_KEY: 'unreachable-key-000',
    STATIC_DIR: dir,
    LOG_LEVEL: 'silent',
    UPSTREAM_TIMEOUT_MS: '500',
  });
  app = await buildApp(config, { db: await openTestDb('static') });
  url = await app.listen({ host: '127.0.0.1', port: 0 });
}, 180_000);
afterAll(async () => {
  await app?.close();
  await app?.ctx.db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the SPA', () => {
  it('serves index.html uncached at / and at client routes, hashed assets immutable', async () => {
    for (const path of ['/', '/calls', '/campaigns/new?step=2', '/agents/123']) {
      const res = await fetch(url + path, { headers: { accept: 'text/html' } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
      expect(await res.text()).toBe(INDEX);
    }
    const asset = await fetch(`${url}/assets/index-abc123.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toBe(ASSET);
    expect((await fetch(`${url}/favicon.svg`)).headers.get('cache-control')).toBe('no-cache');
  });

  it("names the chunks of the page's route in its HTML (modulepreload), the most specific route first", async () => {
    const html = async (path: string) => (await fetch(url + path, { headers: { accept: 'text/html' } })).text();
    const review = await html('/calls/c-123');
    expect(review).toContain('<link rel="modulepreload" crossorigin href="/assets/_callId-abc.js">');
    expect(review).toContain('<link rel="modulepreload" crossorigin href="/assets/_app-abc.js">');
    expect(review.indexOf('modulepreload')).toBeLessThan(review.indexOf('</head>'));
    const wizard = await html('/calls/new');
    expect(wizard).toContain('/assets/new-abc.js');
    expect(wizard).not.toContain('_callId');
    // Only asset paths are written into the page.
    const agents = await html('/agents');
    expect(agents).toContain('/assets/agents-abc.js');
    expect(agents).not.toContain('<script>alert');
    expect(await html('/calls/c-123/more')).toBe(INDEX);
  });

  it('does not publish source maps', async () => {
    for (const accept of ['*/*', 'text/html']) {
      const res = await fetch(`${url}/assets/index-abc123.js.map`, { headers: { accept } });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('secret-logic');
    }
  });

  it('never falls back to index.html for API paths or missing assets', async () => {
    for (const path of ['/api/v1/nope', '/bff/nope', '/auth/nope', '/assets/missing-123.js']) {
      const res = await fetch(url + path, { headers: { accept: 'text/html' } });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toContain('application/json');
    }
  });

  it('compresses with brotli or gzip when asked', async () => {
    const res = await fetch(`${url}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    // fetch decodes it; check the raw bytes too.
    const raw = await new Promise<Buffer>((resolve, reject) => {
      import('node:http').then(({ get }) =>
        get(`${url}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'br' } }, (r) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c))
            .on('end', () => resolve(Buffer.concat(chunks)))
            .on('error', reject);
        }),
      );
    });
    expect(raw.length).toBeLessThan(ASSET.length / 10);
    expect(brotliDecompressSync(raw).toString()).toBe(ASSET);
    expect((await fetch(`${url}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'gzip' } })).headers.get('content-encoding')).toBe('gzip');
  });

  it('sends the copies the build precompressed as they are, typed as the original', async () => {
    // A .br whose content differs from the original: only a file sent as it is decodes to it.
    writeFileSync(join(dir, 'assets/chunk-pre1.js'), ASSET);
    writeFileSync(join(dir, 'assets/chunk-pre1.js.br'), brotliCompressSync('console.log("from the build");'));
    const res = await fetch(`${url}/assets/chunk-pre1.js`, { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toMatch(/^application\/javascript/);
    expect(await res.text()).toBe('console.log("from the build");');
    // Without a precompressed copy for the encoding asked, it is compressed on the fly as before.
    expect(await (await fetch(`${url}/assets/chunk-pre1.js`, { headers: { 'accept-encoding': 'gzip' } })).text()).toBe(ASSET);
  });
});

describe('health', () => {
  it('is alive, and not ready while the upstream is unreachable', async () => {
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'unavailable', database: true, upstream: false, upstreamState: 'down', worker: 'running' });
  });
});

describe('behind TLS', () => {
  it('sends HSTS when PUBLIC_URL is https', async () => {
    const tls = await buildApp(
      loadConfig({
        VOICE_API_BASE_URL: 'http://127.0.0.1:9',
        VOICE_API_KEY: 'unreachable-key-000',
        PUBLIC_URL: 'https://switchboard.example.com',
        STATIC_DIR: dir,
        LOG_LEVEL: 'silent',
      }),
      { db: await openTestDb('static') },
    );
    try {
      const res = await tls.inject({ method: 'GET', url: '/healthz' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      // And its origin is allowed for state-changing requests.
      const login = await tls.inject({
        method: 'POST',
        url: '/auth/login',
        headers: { origin: 'https://switchboard.example.com', 'x-switchboard': '1', 'content-type': 'application/json' },
        payload: { username: 'nobody', password: 'x' },
      });
      expect(login.statusCode).toBe(401);
    } finally {
      await tls.close();
      await tls.ctx.db.close();
    }
  });
});

describe('configuration', () => {
  const base = { VOICE_API_BASE_URL: 'http://127.0.0.1:4010', VOICE_API_KEY: 'some-key-123' };
  const error = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      return (e as Error).message;
    }
    throw new Error('expected a configuration error');
  };

  it('names the bad variable', () => {
    expect(error({})).toMatch(/VOICE_API_BASE_URL/);
    expect(error({ ...base, PORT: 'eighty' })).toMatch(/PORT/);
    expect(error({ ...base, UPSTREAM_TIMEOUT_MS: '5' })).toMatch(/UPSTREAM_TIMEOUT_MS/);
    expect(error({ ...base, PUBLIC_URL: 'http://switchboard.example.com' })).toMatch(/PUBLIC_URL: Must be https/);
    expect(error({ ...base, OIDC_ISSUER: 'https://id.example.com' })).toMatch(/OIDC_CLIENT_ID/);
    expect(loadConfig({ ...base, PUBLIC_URL: 'http://localhost:8080' }).PUBLIC_URL).toBe('http://localhost:8080');
  });
});
