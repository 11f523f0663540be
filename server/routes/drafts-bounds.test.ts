/**
 * A draft's body is bounded before it is parsed (issue 28 §3; DRAFT_LIMITS in contract/bff): past
 * its bytes (413) or its key count (400), the answer names `data` and says the limit, whether the
 * length was declared or the body came in chunks. The bodies refused here are also not valid JSON
 * at their end: a 413 or a key-count 400 (rather than "not valid JSON") shows that nothing parsed
 * them. Before the bound, a 1.8 MB draft passed (the limit was 2 MB) and was parsed and walked. A
 * refusal closes the connection, so the rest of a refused body is not read.
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { DRAFT_LIMITS } from '../../contract/bff/http';
import { jsonCounter } from '../services/json-bounds';
import { useInjectApp } from '../testing/inject';

const t = useInjectApp();
const URL = '/bff/drafts/bounded';

/** A JSON text of `rows` wizard-like rows, optionally broken at its end. */
const rowsBody = (rows: number, broken = false) => {
  const body = JSON.stringify({
    data: { rows: Array.from({ length: rows }, (_, i) => ({ line: i + 1, cells: [`+3361234${String(i).padStart(4, '0')}`, 'Jeanne', 'Martin'] })) },
  });
  return broken ? body.slice(0, -1) + ',' : body;
};
/** `{"data":{"0":0,"1":0,…,"255r":0}}` with n short keys (100,000 fit in under 1 MB), optionally broken at its end. */
const keysBody = (n: number, broken = false) => {
  const parts: string[] = [];
  for (let i = 0; i < n; i += 1) parts.push(`"${i.toString(36)}":0`);
  const body = `{"data":{${parts.join(',')}}}`;
  return broken ? body.slice(0, -1) + ',' : body;
};

describe('draft bounds', () => {
  it('refuses a 1.8 MB draft at once with 413 naming data, before parsing it, declared or chunked', async () => {
    const big = `{"data":{"note":"${'x'.repeat(1_800_000)}"`; // not even closed: never parsed
    const declared = await t.as('operator', { method: 'PUT', url: URL, payload: big, headers: { 'content-type': 'application/json' } });
    expect(declared.statusCode, declared.body).toBe(413);
    const body = declared.json();
    expect(body.errors).toEqual([{ field: 'data', rejectedValue: null, message: expect.stringContaining('at most 1 MB') }]);
    expect(body.message).toMatch(/^The draft is too large: at most 1 MB \(1,048,576 bytes\)/);
    // And the connection closes: the rest of a refused body is not read only to be thrown away.
    expect(declared.headers.connection).toBe('close');

    const chunked = await t.as('operator', {
      method: 'PUT',
      url: URL,
      payload: Readable.from([Buffer.from(big.slice(0, 600_000)), Buffer.from(big.slice(600_000, 1_200_000)), Buffer.from(big.slice(1_200_000))]),
      headers: { 'content-type': 'application/json' },
    });
    expect(chunked.statusCode, chunked.body).toBe(413);
    expect(chunked.json().errors[0].field).toBe('data');
    expect(chunked.headers.connection).toBe('close');
    // Nothing was kept.
    expect((await t.as('operator', { method: 'GET', url: URL })).json()).toBeNull();
  });

  it('refuses 100,000 keys with 400 naming data, before parsing them', async () => {
    const many = keysBody(100_000, true);
    expect(Buffer.byteLength(many)).toBeLessThan(DRAFT_LIMITS.bytes);
    const res = await t.as('operator', {
      method: 'PUT',
      url: URL,
      payload: Readable.from([Buffer.from(many)]),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'data', rejectedValue: null, message: expect.stringContaining('at most 50,000 names') }]);
    const justOver = keysBody(DRAFT_LIMITS.keys + 1);
    expect(Buffer.byteLength(justOver)).toBeLessThan(DRAFT_LIMITS.bytes);
    const over = await t.as('operator', { method: 'PUT', url: URL, payload: justOver, headers: { 'content-type': 'application/json' } });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toMatch(/^The draft has too many fields/);
  });

  it('keeps a 10,000-row wizard draft, and colons inside strings are not keys', async () => {
    const rows = rowsBody(10_000);
    expect(Buffer.byteLength(rows)).toBeLessThan(DRAFT_LIMITS.bytes);
    const ok = await t.as('operator', { method: 'PUT', url: URL, payload: rows, headers: { 'content-type': 'application/json' } });
    expect(ok.statusCode, ok.body.slice(0, 300)).toBe(200);
    expect(ok.headers.connection).not.toBe('close');
    const colons = JSON.stringify({ data: { note: ':'.repeat(DRAFT_LIMITS.keys * 2), quoted: 'a \\" : "b' } });
    const fine = await t.as('operator', { method: 'PUT', url: URL, payload: colons, headers: { 'content-type': 'application/json' } });
    expect(fine.statusCode, fine.body.slice(0, 300)).toBe(200);
    expect((await t.as('operator', { method: 'DELETE', url: URL })).statusCode).toBe(204);
  });

  it('counts keys exactly, across chunks and escapes', () => {
    const text = JSON.stringify({ a: 1, 'b:c': { 'd"e': ['x:y', { f: null }] }, g: 'h\\":' });
    const counter = jsonCounter({ bytes: 1e9, keys: 1e9 });
    const bytes = Buffer.from(text);
    // One byte at a time: the string and escape state carries over chunks.
    for (let i = 0; i < bytes.length; i += 1) counter.add(bytes.subarray(i, i + 1));
    expect(counter.counts).toEqual({ bytes: bytes.length, keys: 5 });
  });
});
