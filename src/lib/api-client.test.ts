import { describe, expect, it } from 'vitest';
import { createApiClient, isApiError, scopesFor } from './api-client';

interface Seen {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: unknown;
}

/** A scripted BFF: answers each request from a list of handlers, records what it saw. */
function scripted(handler: (req: Seen, n: number) => Response) {
  const seen: Seen[] = [];
  const sleeps: number[] = [];
  let ended = 0;
  let tokenN = 0;
  const fetch = (async (url: string, init: RequestInit) => {
    const req: Seen = {
      url,
      method: init.method ?? 'GET',
      headers: Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v])),
      body: init.body ? JSON.parse(init.body as string) : undefined,
    };
    seen.push(req);
    if (url === '/auth/token') {
      const r = handler(req, seen.length);
      if (r.status >= 400) return r;
      tokenN += 1;
      return Response.json({ token: `tok-${tokenN}-${(req.body as any).scope.join('+')}`, expiresIn: 900, tokenType: 'Bearer' });
    }
    return handler(req, seen.length);
  }) as typeof globalThis.fetch;
  const client = createApiClient({
    fetch,
    sleep: async (ms) => void sleeps.push(ms),
    random: () => 0.5,
    onSessionEnded: () => (ended += 1),
  });
  return { client, seen, sleeps, ended: () => ended };
}

const ok = (body: unknown, init?: ResponseInit) => Response.json(body, init);
const err = (status: number, body: object = { message: 'nope', errors: [] }, headers: Record<string, string> = {}) => Response.json(body, { status, headers });

describe('scopesFor', () => {
  it('asks for exactly the route scope of the contract', () => {
    expect(scopesFor('GET', '/v1/agents')).toEqual(['agents:read']);
    expect(scopesFor('PATCH', '/v1/agents/0f8fad5b-d9cb-469f-a165-70867728950e')).toEqual(['agents:write']);
    expect(scopesFor('POST', '/v1/bulk/calls')).toEqual(['calls:write']);
    expect(() => scopesFor('GET', '/v1/nowhere')).toThrow();
  });
});

const EMPTY_PAGE = { content: [], size: 20, page: 1, totalElements: 0, totalPages: 0 };

describe('apiRequest', () => {
  it('sends a bearer of the narrowest scope to /api, reusing the token', async () => {
    const { client, seen } = scripted(() => ok({ content: [] }));
    const q = new URLSearchParams({ page: '2' });
    await client.apiRequest('GET', '/v1/agents', { query: q });
    await client.apiRequest('GET', '/v1/agents');
    const api = seen.filter((s) => s.url.startsWith('/api'));
    expect(api.map((s) => s.url)).toEqual(['/api/v1/agents?page=2', '/api/v1/agents']);
    expect(api[0]!.headers.authorization).toBe('Bearer tok-1-agents:read');
    expect(api[1]!.headers.authorization).toBe('Bearer tok-1-agents:read');
    expect(seen.filter((s) => s.url === '/auth/token')).toHaveLength(1);
    expect(seen[0]!.headers['x-switchboard']).toBe('1');
    expect(api[0]!.headers['x-switchboard']).toBeUndefined();
    expect(api.every((s) => !('x-api-key' in s.headers))).toBe(true);
  });

  it("sends writes to the BFF's write routes with the CSRF header, no token, and an Idempotency-Key on creates", async () => {
    const { client, seen } = scripted(() => ok({}, { status: 201 }));
    await client.bffWrite('createCall', { body: { agentId: 'a' }, idempotencyKey: 'key-12345678' });
    await client.bffWrite('createCampaign', { body: {} });
    await client.bffWrite('patchAgent', { id: '0f8fad5b-d9cb-469f-a165-70867728950e', body: { name: 'x' } });
    await client.bffWrite('changeCampaignStatus', { id: '0f8fad5b-d9cb-469f-a165-70867728950e', body: { status: 'PAUSED' } });
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'POST /bff/calls',
      'POST /bff/campaigns',
      'PATCH /bff/agents/0f8fad5b-d9cb-469f-a165-70867728950e',
      'POST /bff/campaigns/0f8fad5b-d9cb-469f-a165-70867728950e/status',
    ]);
    expect(seen[0]!.headers['idempotency-key']).toBe('key-12345678');
    expect(seen[1]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen[2]!.headers['idempotency-key']).toBeUndefined();
    expect(seen.every((s) => s.headers['x-switchboard'] === '1' && !('authorization' in s.headers))).toBe(true);
  });

  it('retries once on 401 with a fresh token', async () => {
    let apiCalls = 0;
    const { client, seen, ended } = scripted((req) => {
      if (req.url === '/auth/token') return ok({});
      apiCalls += 1;
      return apiCalls === 1 ? err(401) : ok(EMPTY_PAGE);
    });
    const res = await client.apiRequest('GET', '/v1/agents');
    expect(res.data).toEqual(EMPTY_PAGE);
    const api = seen.filter((s) => s.url.startsWith('/api'));
    expect(api.map((s) => s.headers.authorization)).toEqual(['Bearer tok-1-agents:read', 'Bearer tok-2-agents:read']);
    expect(ended()).toBe(0);
  });

  it('ends the session when the token request answers 401', async () => {
    const { client, ended } = scripted((req) => (req.url === '/auth/token' ? err(401) : ok({})));
    await expect(client.apiRequest('GET', '/v1/agents')).rejects.toMatchObject({ status: 401, kind: 'http' });
    expect(ended()).toBe(1);
  });

  it('warms tokens ahead of the requests that need them: one token call per scope set, reused', async () => {
    const { client, seen } = scripted((req) => (req.url === '/auth/token' ? ok({}) : ok({ content: [] })));
    client.warmTokens([['calls:read'], ['agents:read']]);
    await Promise.all([client.apiRequest('GET', '/v1/calls'), client.apiRequest('GET', '/v1/agents'), client.apiRequest('GET', '/v1/calls')]);
    const tokenCalls = seen.filter((s) => s.url === '/auth/token');
    expect(tokenCalls.map((s) => (s.body as { scope: string[] }).scope)).toEqual([['calls:read'], ['agents:read']]);
    // A failed warm-up is silent; the request that needs the token meets the failure itself.
    const failing = scripted((req) => (req.url === '/auth/token' ? err(503) : ok({})));
    failing.client.warmTokens([['calls:read']]);
    await expect(failing.client.apiRequest('GET', '/v1/calls')).rejects.toMatchObject({ status: 503 });
  });

  it('uses the tokens that came with the session (bootstrap) without asking /auth/token, one scope each', async () => {
    const { client, seen } = scripted((req) =>
      req.url === '/auth/token' ? ok({ token: 'minted', expiresIn: 900, tokenType: 'Bearer' }) : ok({ content: [] }),
    );
    client.keepTokens([{ scope: 'calls:read', token: 'from-bootstrap', expiresIn: 900 }]);
    await client.apiRequest('GET', '/v1/calls');
    await client.apiRequest('GET', '/v1/agents');
    expect(seen.filter((s) => s.url === '/auth/token').map((s) => (s.body as { scope: string[] }).scope)).toEqual([['agents:read']]);
    expect(seen.find((s) => s.url.startsWith('/api/v1/calls'))!.headers.authorization).toBe('Bearer from-bootstrap');
    expect(seen.find((s) => s.url.startsWith('/api/v1/agents'))!.headers.authorization).toMatch(/^Bearer tok-1-agents:read/);
    // Signed out: the kept token goes with the rest.
    client.clearTokens();
    await client.apiRequest('GET', '/v1/calls');
    expect(seen.filter((s) => s.url === '/auth/token')).toHaveLength(2);
  });

  it('waits out 429 on reads, honouring Retry-After', async () => {
    let n = 0;
    const { client, sleeps } = scripted((req) => {
      if (req.url === '/auth/token') return ok({});
      n += 1;
      return n <= 2 ? err(429, { message: 'slow down', errors: [] }, { 'Retry-After': '1' }) : ok(EMPTY_PAGE);
    });
    await expect(client.apiRequest('GET', '/v1/agents')).resolves.toMatchObject({ data: EMPTY_PAGE });
    expect(sleeps).toEqual([1125, 1125]);
  });

  it('normalises an upstream answer once, where it enters: fields left out get their empty values, unknown ones go (docs/api-assumptions.md T1, T2)', async () => {
    const sparse = { id: 'c1', agentId: 'a1', phone: '+33612345678', type: 'OUTBOUND', status: 'IN_PROGRESS', startTime: '2026-11-28T04:00:00Z', revision: 7 };
    const { client } = scripted((req) =>
      req.url === '/auth/token'
        ? ok({ token: 't', expiresIn: 900 })
        : ok({ content: [sparse], number: 0, pageable: { pageSize: 20 }, totalElements: 1, totalPages: 1 }),
    );
    const { data } = await client.apiRequest<{ content: Record<string, unknown>[]; page: number; size: number }>('GET', '/v1/calls');
    expect(data).toMatchObject({ page: 1, size: 20 });
    expect(data.content[0]).toMatchObject({ tags: [], extractors: [], summary: null, endTime: null, duration: null, context: {}, created: sparse.startTime });
    expect(data.content[0]).not.toHaveProperty('revision');
  });

  it('gives up on 429 after bounded attempts', async () => {
    const { client, sleeps } = scripted((req) => (req.url === '/auth/token' ? ok({}) : err(429)));
    await expect(client.apiRequest('GET', '/v1/agents')).rejects.toMatchObject({ status: 429 });
    expect(sleeps).toHaveLength(3);
  });

  it('never retries a write on 429 or 5xx', async () => {
    for (const status of [429, 502]) {
      const { client, seen } = scripted((req) => (req.url === '/auth/token' ? ok({}) : err(status)));
      await expect(client.bffWrite('createCall', { body: {} })).rejects.toMatchObject({ status });
      expect(seen.filter((s) => s.url.startsWith('/bff'))).toHaveLength(1);
    }
  });

  it('carries field errors and the request id; a 504 on a write has an unknown outcome', async () => {
    const body = {
      timestamp: 'x',
      status: 400,
      message: 'Some fields are not valid.',
      errors: [{ field: 'name', rejectedValue: '', message: 'Give the agent a name.' }],
      requestId: 'req-1',
    };
    const { client } = scripted((req) => (req.url === '/auth/token' ? ok({}) : err(400, body)));
    const e = await client.bffWrite('patchAgent', { id: '0f8fad5b-d9cb-469f-a165-70867728950e', body: { name: '' } }).catch((x) => x);
    expect(isApiError(e)).toBe(true);
    expect(e).toMatchObject({
      status: 400,
      message: 'Some fields are not valid.',
      requestId: 'req-1',
      fieldErrors: [{ field: 'name', message: 'Give the agent a name.' }],
    });

    const gw = scripted((req) => (req.url === '/auth/token' ? ok({}) : err(504)));
    await expect(gw.client.bffWrite('createCall', { body: {} })).rejects.toMatchObject({ status: 504, kind: 'unknown-outcome' });
  });

  it("reads the BFF's outcome header on a failed write: unknown, or certainly not applied", async () => {
    const answer = (status: number, outcome?: string) =>
      scripted((req) =>
        req.url === '/auth/token' ? ok({}) : err(status, { message: 'failed', errors: [] }, outcome ? { 'X-Switchboard-Outcome': outcome } : {}),
      ).client;
    await expect(answer(502, 'unknown').bffWrite('createCall', { body: {} })).rejects.toMatchObject({ status: 502, kind: 'unknown-outcome' });
    await expect(answer(409, 'unknown').bffWrite('createCampaign', { body: {} })).rejects.toMatchObject({ status: 409, kind: 'unknown-outcome' });
    await expect(answer(502, 'not-applied').bffWrite('createCall', { body: {} })).rejects.toMatchObject({ status: 502, kind: 'http' });
    // A gateway timeout that says nothing is taken as unknown; one the BFF says was not applied is not.
    await expect(answer(504, 'not-applied').bffWrite('createCall', { body: {} })).rejects.toMatchObject({ status: 504, kind: 'http' });
    await expect(answer(502).bffWrite('createCall', { body: {} })).rejects.toMatchObject({ status: 502, kind: 'http' });
  });

  it('reports no response as network for reads and unknown outcome for writes', async () => {
    const client = createApiClient({
      fetch: (async (url: string) => {
        if (url === '/auth/token') return Response.json({ token: 't', expiresIn: 900, tokenType: 'Bearer' });
        throw new TypeError('Failed to fetch');
      }) as typeof fetch,
    });
    await expect(client.apiRequest('GET', '/v1/agents')).rejects.toMatchObject({ status: 0, kind: 'network' });
    await expect(client.bffWrite('createCall', { body: {} })).rejects.toMatchObject({ status: 0, kind: 'unknown-outcome' });
  });
});

describe('bffRequest', () => {
  it('sends the CSRF header on writes and ends the session on 401 except sign-in and the probe', async () => {
    const { client, seen, ended } = scripted(() => err(401));
    await expect(client.bffRequest('GET', '/auth/session')).rejects.toMatchObject({ status: 401 });
    await expect(client.bffRequest('GET', '/auth/bootstrap')).rejects.toMatchObject({ status: 401 });
    await expect(client.bffRequest('POST', '/auth/login', { username: 'a', password: 'b' })).rejects.toMatchObject({ status: 401 });
    expect(ended()).toBe(0);
    await expect(client.bffRequest('PUT', '/bff/drafts/x', { data: 1 })).rejects.toMatchObject({ status: 401 });
    expect(ended()).toBe(1);
    expect(seen[2]!.headers['x-switchboard']).toBe('1');
    expect(seen[0]!.headers['x-switchboard']).toBeUndefined();
  });
});

describe('signOut', () => {
  it('sends nothing else from the sign-out until done, then sends again', async () => {
    const { client, seen } = scripted(() => ok({}));
    const done = await client.signOut();
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(['POST /auth/logout']);
    await expect(client.bffRequest('GET', '/bff/alerts/unread')).rejects.toMatchObject({ kind: 'network' });
    await expect(client.apiRequest('GET', '/v1/agents')).rejects.toMatchObject({ kind: 'network' });
    expect(seen).toHaveLength(1);
    done();
    await client.bffRequest('GET', '/auth/session');
    expect(seen.map((s) => s.url)).toEqual(['/auth/logout', '/auth/session']);
  });

  it('sends again at once when the sign-out itself fails', async () => {
    const { client, seen } = scripted((req) => (req.url === '/auth/logout' ? err(503) : ok({})));
    await expect(client.signOut()).rejects.toMatchObject({ status: 503 });
    await client.bffRequest('GET', '/auth/session');
    expect(seen.map((s) => s.url)).toEqual(['/auth/logout', '/auth/session']);
  });
});
