/**
 * Input the BFF cannot store or walk, over real HTTP: NUL characters, lone surrogates and JSON
 * nested thousands deep are 400s naming the field on sign-in, drafts, views and the proxy (never
 * 500s); list queries not in the contract's decimal form (`size=0x10`, `size=1e1`) are 400s naming
 * the field, and nothing of them reaches the upstream.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_MAX_DEPTH } from '../../contract/json';
import { startTestStack, type Client, type Res, type TestStack } from '../testing/harness';

let stack: TestStack;
let operator: Client;

beforeAll(async () => {
  stack = await startTestStack();
  operator = await stack.login('operator');
}, 180_000);
afterAll(async () => {
  await stack?.close();
});

const json = { 'content-type': 'application/json' };
/** `[[[ … ]]]`, `depth` arrays deep. */
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const NUL = '"a\\u0000b"';
const SURROGATE = '"a\\ud800b"';
const LOW_SURROGATE = '"\\udc00"';

function expect400(res: Res, field: string, words: RegExp) {
  expect(res.status, res.text).toBe(400);
  expect(res.body.message).toMatch(words);
  expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual([field]);
}

describe('NUL, lone surrogates and deep nesting', () => {
  const cases: [string, string, RegExp][] = [
    ['a NUL character', NUL, /NUL character/],
    ['a lone high surrogate', SURROGATE, /lone UTF-16 surrogate/],
    ['a lone low surrogate', LOW_SURROGATE, /lone UTF-16 surrogate/],
  ];

  for (const [what, value, words] of cases) {
    it(`sign-in: ${what} in the username is a 400 naming it`, async () => {
      const res = await stack.client().request('POST', '/auth/login', { raw: `{"username":${value},"password":"switchboard-demo"}`, headers: json });
      expect400(res, 'username', words);
    });

    it(`drafts: ${what} in a value or a key is a 400 naming it`, async () => {
      expect400(
        await operator.request('PUT', '/bff/drafts/hostile', { raw: `{"data":{"rows":[{"name":${value}}]}}`, headers: json }),
        'data.rows[0].name',
        words,
      );
      expect400(await operator.request('PUT', '/bff/drafts/hostile', { raw: `{"data":{${value}:1}}`, headers: json }), 'data', words);
    });

    it(`views: ${what} in the search is a 400 naming it`, async () => {
      expect400(await operator.request('PUT', '/bff/views/hostile', { raw: `{"search":{"q":${value}}}`, headers: json }), 'search.q', words);
    });
  }

  it('views and drafts: a NUL in the name (the URL) is a 400 naming it', async () => {
    expect400(await operator.request('PUT', '/bff/views/a%00b', { body: { search: {} } }), 'name', /NUL character/);
    expect400(await operator.request('GET', '/bff/drafts/a%00b'), 'name', /NUL character/);
  });

  it('the proxy: a NUL in a query value is a 400 naming it, and is not forwarded', async () => {
    const token = await operator.token(['calls:read']);
    const before = await upstreamCalls();
    expect400(await operator.request('GET', '/api/v1/calls?campaignName=a%00b', { token }), 'campaignName', /NUL character/);
    expect(await upstreamCalls()).toBe(before);
  });

  it(`nesting past ${JSON_MAX_DEPTH} levels (3,000 deep) is a 400 on sign-in, drafts and views`, async () => {
    const deep = nested(3000);
    const signIn = await stack.client().request('POST', '/auth/login', { raw: `{"username":${deep},"password":"x"}`, headers: json });
    expect(signIn.status, signIn.text).toBe(400);
    expect(signIn.body.message).toMatch(`deeper than ${JSON_MAX_DEPTH} levels`);
    for (const [path, raw] of [
      ['/bff/drafts/hostile', `{"data":${deep}}`],
      ['/bff/views/hostile', `{"search":{"q":${deep}}}`],
    ]) {
      const res = await operator.request('PUT', path!, { raw, headers: json });
      expect(res.status, `${path}: ${res.text}`).toBe(400);
      expect(res.body.message).toMatch(`deeper than ${JSON_MAX_DEPTH} levels`);
    }
  });

  it('a deep body still within the limit is judged by its schema as before', async () => {
    const res = await operator.request('PUT', '/bff/drafts/hostile', { raw: `{"data":${nested(JSON_MAX_DEPTH - 2)}}`, headers: json });
    expect(res.status, res.text).toBe(200);
  });

  it('nothing of the above was a 500', () => {
    expect(stack.logs.filter((l) => l.includes('unhandled error'))).toEqual([]);
  });
});

async function upstreamCalls(): Promise<number> {
  const stats = (await stack.control('GET', '/_sim/stats')).body as { byRoute: Record<string, { count: number }> };
  return stats.byRoute['GET /v1/calls']?.count ?? 0;
}

describe('list queries in the contract form only', () => {
  for (const [query, field] of [
    ['size=0x10', 'size'],
    ['size=1e1', 'size'],
    ['size=%205', 'size'],
    ['size=', 'size'],
    ['size=10.0', 'size'],
    ['page=0x1', 'page'],
    ['page=Infinity', 'page'],
  ] as const) {
    it(`the proxy refuses ${query} with a 400 naming ${field}, and forwards nothing`, async () => {
      const token = await operator.token(['calls:read']);
      const before = await upstreamCalls();
      const res = await operator.request('GET', `/api/v1/calls?${query}`, { token });
      expect400(res, field, /Some fields are not valid/);
      expect(res.body.errors[0].message).toMatch(/whole number/);
      expect(await upstreamCalls()).toBe(before);
    });
  }

  it("the BFF's own paged lists refuse them too", async () => {
    expect400(await operator.request('GET', '/bff/campaigns?size=0x10'), 'size', /Some fields are not valid/);
    expect400(await operator.request('GET', '/bff/index/calls?page=1e1'), 'page', /not valid/);
    expect400(await operator.request('GET', '/bff/index/calls?minDuration=0x3c'), 'minDuration', /not valid/);
  });

  it('the decimal form passes, and what is forwarded is the validated query', async () => {
    const token = await operator.token(['calls:read']);
    const res = await operator.request('GET', '/api/v1/calls?size=007&page=1', { token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.size).toBe(7);
  });
});
