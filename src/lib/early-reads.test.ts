import { defaultParseSearch } from '@tanstack/react-router';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from './api-client';
import { BOOTSTRAP_PATH, EARLY_READ_MAX_AGE_MS, forgetEarly, parseLocationSearch, proxyUrl, startEarlyReads, takeEarly } from './early-reads';

afterEach(() => forgetEarly());

const READ = { path: '/v1/calls', query: new URLSearchParams({ page: '1', size: '100' }) };
const READ_URL = '/api/v1/calls?page=1&size=100';

/** A page of calls that names the URL it answered (as a call's id, which the client's normalising keeps). */
const answerTo = (url: string) => ({ content: [{ id: url }], page: 1, size: 1, totalElements: 1, totalPages: 1 });

/** A BFF answering the bootstrap with these tokens and every read with its URL; records requests. */
function bff(
  bootstrap: Response | (() => Response) = () => Response.json({ session: {}, tokens: [{ scope: 'calls:read', token: 'tok-calls', expiresIn: 300 }] }),
) {
  const seen: { url: string; authorization?: string }[] = [];
  const fetch = (async (url: string, init: RequestInit = {}) => {
    seen.push({ url, authorization: (init.headers as Record<string, string>).authorization });
    if (url === BOOTSTRAP_PATH) return typeof bootstrap === 'function' ? bootstrap() : bootstrap;
    return Response.json(answerTo(url));
  }) as typeof globalThis.fetch;
  return { fetch, seen };
}

describe('parseLocationSearch', () => {
  it('reads a search string as the router does', () => {
    for (const search of [
      '',
      '?page=2&size=50',
      '?status=%5B%22completed%22%5D',
      '?a=1&a=x&a=true',
      '?q=%22exact%22',
      '?x=&y=null',
      '?n=1e3&m=-0&k=007',
      '?v={bad',
    ]) {
      expect(parseLocationSearch(search), search).toEqual({ ...defaultParseSearch(search) });
    }
  });

  it('agrees with the router on any search string', () => {
    const part = fc.oneof(fc.string(), fc.constantFrom('true', 'false', 'null', '1', '-2.5', '[1,2]', '{"a":1}', '"s"', ' 3', '1e2'));
    const search = fc
      .array(fc.tuple(fc.constantFrom('page', 'size', 'sort', 'status', 'q', 'a'), part), { maxLength: 6 })
      .map((pairs) => `?${new URLSearchParams(pairs)}`);
    fc.assert(
      fc.property(search, (s) => {
        expect(parseLocationSearch(s)).toEqual({ ...defaultParseSearch(s) });
      }),
    );
  });
});

describe('startEarlyReads and takeEarly', () => {
  it('asks the bootstrap, then the read with the token of its route scope; each is taken once', async () => {
    const { fetch, seen } = bff();
    startEarlyReads([READ], { fetch });
    const read = await takeEarly(READ_URL);
    expect(await read?.json()).toEqual(answerTo(READ_URL));
    expect(seen).toEqual([{ url: BOOTSTRAP_PATH }, { url: READ_URL, authorization: 'Bearer tok-calls' }]);
    // The bootstrap's body is still whole for the client that takes it.
    const boot = await takeEarly(BOOTSTRAP_PATH);
    expect(((await boot?.json()) as { tokens: unknown[] }).tokens).toHaveLength(1);
    expect(takeEarly(READ_URL)).toBeUndefined();
    expect(takeEarly(BOOTSTRAP_PATH)).toBeUndefined();
  });

  it('makes no read without a session, or without a token of the scope', async () => {
    const nobody = bff(() => Response.json({ session: null, tokens: [] }));
    startEarlyReads([READ], { fetch: nobody.fetch });
    await expect(takeEarly(READ_URL)).rejects.toThrow(/No read token for calls:read/);
    expect(nobody.seen.map((s) => s.url)).toEqual([BOOTSTRAP_PATH]);

    const ended = bff(() => Response.json({ message: 'Your session has ended.' }, { status: 401 }));
    startEarlyReads([READ], { fetch: ended.fetch });
    await expect(takeEarly(READ_URL)).rejects.toThrow();
    expect((await takeEarly(BOOTSTRAP_PATH))?.status).toBe(401);
    expect(ended.seen.map((s) => s.url)).toEqual([BOOTSTRAP_PATH]);
  });

  it('starts nothing for a path that is not an upstream read route', () => {
    const { fetch, seen } = bff();
    startEarlyReads([{ path: '/v1/nowhere' }], { fetch });
    expect(takeEarly('/api/v1/nowhere')).toBeUndefined();
    expect(seen.map((s) => s.url)).toEqual([BOOTSTRAP_PATH]);
  });

  it("starts a session read once the bootstrap has answered, with the session's cookie and what the answer says", async () => {
    const { fetch, seen } = bff(() => Response.json({ session: { username: 'u' }, tokens: [], preferences: { timeZone: 'Asia/Tokyo' } }));
    startEarlyReads([(boot) => `/bff/index/insights?tz=${boot.preferences?.timeZone}`], { fetch });
    expect(takeEarly('/bff/index/insights?tz=Asia/Tokyo')).toBeUndefined(); // not before the answer
    await takeEarly(BOOTSTRAP_PATH);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const read = await takeEarly('/bff/index/insights?tz=Asia/Tokyo');
    expect(await read?.json()).toEqual(answerTo('/bff/index/insights?tz=Asia/Tokyo'));
    expect(seen).toEqual([{ url: BOOTSTRAP_PATH }, { url: '/bff/index/insights?tz=Asia/Tokyo' }]);
  });

  it('starts no session read without a session', async () => {
    const { fetch, seen } = bff(() => Response.json({ session: null, tokens: [] }));
    startEarlyReads([() => '/bff/index/insights'], { fetch });
    await takeEarly(BOOTSTRAP_PATH);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(takeEarly('/bff/index/insights')).toBeUndefined();
    expect(seen.map((s) => s.url)).toEqual([BOOTSTRAP_PATH]);
  });

  it('is not taken once too old to stand for a request made now', () => {
    let now = 0;
    startEarlyReads([READ], { fetch: bff().fetch, now: () => now });
    now = EARLY_READ_MAX_AGE_MS + 1;
    expect(takeEarly(READ_URL, () => now)).toBeUndefined();
    expect(takeEarly(BOOTSTRAP_PATH, () => now)).toBeUndefined();
  });

  it('builds the proxy URL the one way', () => {
    expect(proxyUrl('/v1/calls')).toBe('/api/v1/calls');
    expect(proxyUrl('/v1/calls', new URLSearchParams())).toBe('/api/v1/calls');
    expect(proxyUrl(READ.path, READ.query)).toBe(READ_URL);
  });
});

describe('the API client with early reads', () => {
  it('takes the early answer instead of sending the same request, and sends the next one itself', async () => {
    const early = bff();
    startEarlyReads([READ], { fetch: early.fetch });
    const client = bff();
    const api = createApiClient({ fetch: client.fetch });
    const bootstrap = await api.bffRequest<{ tokens: { scope: 'calls:read'; token: string; expiresIn: number }[] }>('GET', BOOTSTRAP_PATH);
    api.keepTokens(bootstrap.tokens);
    const first = await api.apiRequest<{ content: { id: string }[] }>('GET', READ.path, { query: READ.query });
    expect(first.data.content[0]?.id).toBe(READ_URL);
    expect(client.seen).toEqual([]);
    await api.apiRequest('GET', READ.path, { query: READ.query });
    expect(client.seen).toEqual([{ url: READ_URL, authorization: 'Bearer tok-calls' }]);
  });

  it('sends the request itself when the early one failed', async () => {
    const failing = (async (url: string) => {
      if (url === BOOTSTRAP_PATH) return Response.json({ session: {}, tokens: [{ scope: 'calls:read', token: 'tok-calls', expiresIn: 300 }] });
      throw new TypeError('Failed to fetch');
    }) as typeof globalThis.fetch;
    startEarlyReads([READ], { fetch: failing });
    const client = bff();
    const api = createApiClient({ fetch: client.fetch });
    api.keepTokens([{ scope: 'calls:read', token: 'tok-calls', expiresIn: 300 }]);
    const res = await api.apiRequest<{ content: { id: string }[] }>('GET', READ.path, { query: READ.query });
    expect(res.data.content[0]?.id).toBe(READ_URL);
    expect(client.seen).toEqual([{ url: READ_URL, authorization: 'Bearer tok-calls' }]);
  });

  it('forgets the early requests on sign-out', async () => {
    startEarlyReads([READ], { fetch: bff().fetch });
    const client = bff();
    const api = createApiClient({ fetch: client.fetch });
    await api.signOut();
    expect(takeEarly(READ_URL)).toBeUndefined();
  });
});
