/**
 * The BFF's own OpenAPI document (contract/openapi/bff.json): committed up to date with the
 * routes' schemas, every route has a schema with its success answer, and Redocly finds no error in it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { redoclyLint } from '../contract/openapi/redocly-lint';
import { BFF_OPENAPI_FILE, renderBffOpenApi } from './openapi';
import { useInjectApp } from './testing/inject';

const t = useInjectApp();

describe("the BFF's OpenAPI document", () => {
  it('is up to date with the route schemas (run `npm run bff:openapi`)', async () => {
    expect(readFileSync(BFF_OPENAPI_FILE, 'utf8')).toBe(await renderBffOpenApi());
  }, 60_000);

  it('comes from a zod schema on every route (the static files excepted)', () => {
    const routes = t.app.routeList.filter((r) => r.method !== 'HEAD' && r.url !== '/*');
    expect(routes.length).toBeGreaterThanOrEqual(40);
    expect(routes.filter((r) => !r.schema).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('describes each documented operation with an id, its errors and who may call it', () => {
    const doc = JSON.parse(readFileSync(BFF_OPENAPI_FILE, 'utf8'));
    const ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods as Record<string, { operationId: string; responses: Record<string, unknown>; security?: unknown[] }>).map(([m, op]) => ({
        key: `${m.toUpperCase()} ${path}`,
        op,
      })),
    );
    expect(ops.length).toBeGreaterThanOrEqual(40);
    expect(new Set(ops.map((o) => o.op.operationId)).size).toBe(ops.length);
    for (const { key, op } of ops) expect(Object.keys(op.responses), key).toContain('4XX');
    expect(ops.find((o) => o.key === 'POST /auth/login')!.op.security).toEqual([]);
    expect(ops.find((o) => o.key === 'GET /bff/preferences')!.op.security).toBeUndefined();
    expect(doc.security).toEqual([{ session: [] }]);
  });

  it('gives every operation a summary and tags', () => {
    const doc = JSON.parse(readFileSync(BFF_OPENAPI_FILE, 'utf8'));
    const bare = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods as Record<string, { summary?: string; tags?: string[] }>)
        .filter(([, op]) => !op.summary || !op.tags?.length)
        .map(([m]) => `${m.toUpperCase()} ${path}`),
    );
    expect(bare).toEqual([]);
  });

  it('describes the success answer of every operation: no route without a 2xx or 3xx response schema', () => {
    const doc = JSON.parse(readFileSync(BFF_OPENAPI_FILE, 'utf8'));
    const undescribed = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods as Record<string, { responses: Record<string, unknown> }>)
        .filter(([, op]) => !Object.keys(op.responses).some((status) => /^[23]/.test(status)))
        .map(([m]) => `${m.toUpperCase()} ${path}`),
    );
    expect(undescribed).toEqual([]);
    // A 204 has no body; a file says its media type.
    expect(doc.paths['/bff/views/{name}'].delete.responses['204']).toEqual({ description: 'Done; no body.' });
    expect(Object.keys(doc.paths['/bff/do-not-call/export.csv'].get.responses['200'].content)).toEqual(['text/csv']);
    expect(doc.paths['/bff/recordings/{callId}'].get.responses['206'].content['audio/mpeg'].schema).toMatchObject({ type: 'string', format: 'binary' });
  });

  it('passes the Redocly linter with no errors', async () => {
    expect(await redoclyLint(BFF_OPENAPI_FILE)).toContain('Your API description is valid');
  }, 60_000);
});
