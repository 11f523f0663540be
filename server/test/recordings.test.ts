/**
 * Recording size over real HTTP: past RECORDING_MAX_MB the BFF refuses with a 502 naming the limit
 * (its download stopped), below it serves the exact bytes; the cache is bounded by bytes of audio
 * (RECORDING_CACHE_MB), so a second recording evicts the first once they do not both fit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../testing/harness';

let stack: TestStack;
/** Seeded calls with a recording, by length of their audio (8 kHz, 16-bit: 16,000 bytes a second). */
const recorded: { id: string; bytes: Buffer }[] = [];
const MB = 1024 * 1024;

beforeAll(async () => {
  stack = await startTestStack({ env: { RECORDING_MAX_MB: '1', RECORDING_CACHE_MB: '1' } });
  const calls = (await stack.upstream('GET', '/v1/calls?size=60')).body.content as { id: string; duration: number | null }[];
  for (const call of calls) {
    const res = await stack.upstream('GET', `/v1/calls/${call.id}/recording`);
    if (res.status === 200) recorded.push({ id: call.id, bytes: Buffer.from(res.body as string, 'base64') });
  }
  recorded.sort((a, b) => a.bytes.length - b.bytes.length);
}, 180_000);
afterAll(async () => {
  await stack?.close();
});

const upstreamFetches = async (): Promise<number> =>
  ((await stack.control('GET', '/_sim/stats')).body as { byRoute: Record<string, { count: number }> }).byRoute['GET /v1/calls/:id/recording']?.count ?? 0;

describe('recording size', () => {
  it('refuses a recording past RECORDING_MAX_MB with a 502 naming the limit', async () => {
    const large = recorded.find((r) => r.bytes.length > 1.2 * MB);
    expect(large, 'a seeded recording over 1.2 MB').toBeDefined();
    const viewer = await stack.login('viewer');
    const res = await viewer.request('GET', `/bff/recordings/${large!.id}`);
    expect(res.status, res.text.slice(0, 200)).toBe(502);
    expect(res.body.message).toMatch(/larger than 1 MB.*RECORDING_MAX_MB/);
  });

  it('serves a recording under the limit byte for byte', async () => {
    const small = recorded.filter((r) => r.bytes.length < 0.9 * MB).at(-1);
    expect(small, 'a seeded recording under 0.9 MB').toBeDefined();
    const viewer = await stack.login('viewer');
    const res = await fetch(`${stack.url}/bff/recordings/${small!.id}`, { headers: { cookie: viewer.cookie! } });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(small!.bytes)).toBe(true);
  });

  it('keeps recordings in a cache bounded by bytes: two that do not fit together evict each other', async () => {
    const fit = recorded.filter((r) => r.bytes.length > 0.55 * MB && r.bytes.length < 0.95 * MB);
    expect(fit.length, 'two seeded recordings of 0.55-0.95 MB').toBeGreaterThanOrEqual(2);
    const tiny = recorded.slice(0, 2);
    expect(tiny[0]!.bytes.length + tiny[1]!.bytes.length, 'two seeded recordings that fit in 1 MB together').toBeLessThan(0.9 * MB);
    const viewer = await stack.login('viewer');
    const get = async (id: string) => expect((await viewer.request('GET', `/bff/recordings/${id}`)).status).toBe(200);
    const before = await upstreamFetches();
    // Two small ones fit together: the second read of each comes from the cache.
    for (const id of [tiny[0]!.id, tiny[1]!.id, tiny[0]!.id, tiny[1]!.id]) await get(id);
    expect(await upstreamFetches()).toBe(before + 2);
    // Two large ones do not: each read of one evicts the other.
    for (const id of [fit[0]!.id, fit[1]!.id, fit[0]!.id]) await get(id);
    expect(await upstreamFetches()).toBe(before + 5);
  });
});
