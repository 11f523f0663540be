import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isJson } from './json-check';

const bytes = (s: string) => new TextEncoder().encode(s);
const parses = (s: string) => {
  try {
    JSON.parse(s);
    return true;
  } catch {
    return false;
  }
};

describe('isJson: one well-formed JSON text, checked without building it', () => {
  it('accepts what JSON.parse accepts', () => {
    for (const ok of [
      '{}',
      '[]',
      ' {"a": [1, -2.5e+3, 0, 0.1, 1E9, true, false, null, "x\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9"]} ',
      '"é"',
      '0',
      '-0',
      '[[[]]]',
      '{"a":{"b":{}}}',
      '\t\n\r 42 \n',
    ])
      expect(isJson(bytes(ok)), ok).toBe(true);
  });

  it('refuses a truncated, padded or otherwise malformed text', () => {
    for (const bad of [
      '',
      ' ',
      '{',
      '[1,',
      '{"a":1,}',
      '[1,]',
      '[1 2]',
      '{"a" 1}',
      '{a:1}',
      "{'a':1}",
      '01',
      '1.',
      '.5',
      '1e',
      '-',
      '+1',
      'NaN',
      'tru',
      'nul',
      '"a',
      '"\\x"',
      '"\\u12g4"',
      '"a\nb"',
      '{}{}',
      '{} x',
      '[}',
      '{]',
      '{"a":1}}',
      '{"a"}',
    ])
      expect(isJson(bytes(bad)), JSON.stringify(bad)).toBe(false);
  });

  it('accepts a UTF-8 byte order mark first (text decoding dropped it)', () => {
    expect(isJson(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes('{"a":1}')]))).toBe(true);
  });

  it('agrees with JSON.parse on any JSON and on any cut or change of it', () => {
    fc.assert(
      fc.property(fc.json(), fc.nat(), fc.integer({ min: 0, max: 127 }), (text, at, code) => {
        expect(isJson(bytes(text))).toBe(true);
        const cut = text.slice(0, at % (text.length + 1));
        expect(isJson(bytes(cut))).toBe(parses(cut));
        const k = at % Math.max(1, text.length);
        const changed = text.slice(0, k) + String.fromCharCode(code) + text.slice(k + 1);
        expect(isJson(bytes(changed)), JSON.stringify(changed)).toBe(parses(changed));
      }),
      { numRuns: 3000 },
    );
  });

  it('agrees with JSON.parse on the half page the simulator sends as a malformed answer', () => {
    const page = JSON.stringify({
      content: Array.from({ length: 100 }, (_, i) => ({ id: `c-${i}`, duration: i * 1.5, tags: ['a'], context: { x: null } })),
      page: 1,
    });
    expect(isJson(bytes(page))).toBe(true);
    expect(isJson(bytes(page.slice(0, Math.floor(page.length / 2))))).toBe(false);
  });
});
