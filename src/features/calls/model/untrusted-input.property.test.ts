/**
 * Property tests of the calls model where it meets untrusted input: search params from a shared
 * URL, recording payloads from the upstream, and upstream strings written into a CSV export.
 */
import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { CallListQuery } from '@contract/queries';
import { propertySuite } from '../../../../resilience/property-count';
import { safeCell } from './csv-export';
import { decodeRecording, sniffAudioMime } from './recording';
import { parseCallsSearch, toUpstreamQuery } from './search-params';

const { counted } = propertySuite('properties-calls-model', [
  'Any URL search params give a calls view whose upstream query the upstream accepts (no bad request is ever built from a URL).',
  'Recording payloads in base64, URL-safe base64 or a data: URI decode to the same bytes; the sniffer names WAV, Ogg, FLAC, ID3/MPEG and WebM from their first bytes whatever follows.',
  'No CSV cell built from any upstream string starts a formula (= + - @ tab CR, full-width too), and the cell reads back as the original text.',
]);

const raw = fc.dictionary(
  fc.constantFrom('page', 'size', 'sort', 'agentId', 'phone', 'campaignName', 'from', 'to', 'status', '__proto__', 'constructor'),
  fc.oneof(
    fc.string(),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string(), { maxLength: 2 }),
    fc.constantFrom('2026-01-01', '2026-01-31', '+14155550100', 'duration,ASC', '5f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b'),
  ),
  { maxKeys: 8 },
);

describe('search params from a URL (property)', () => {
  it('always parse, and always map to a query the upstream accepts', () => {
    fc.assert(
      fc.property(
        raw,
        counted('search-params', (input) => {
          const search = parseCallsSearch(input);
          const query = Object.fromEntries(toUpstreamQuery(search));
          const upstream = CallListQuery.safeParse(query);
          expect(upstream.success, JSON.stringify(query)).toBe(true);
          // The URL is the state: parsing the mapped query gives the same view back.
          expect(parseCallsSearch(query)).toEqual(search);
        }),
      ),
      { numRuns: 800 },
    );
  });
});

const MAGIC: [string, number[]][] = [
  ['audio/wav', [...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WAVE')]],
  ['audio/ogg', [...Buffer.from('OggS')]],
  ['audio/flac', [...Buffer.from('fLaC')]],
  ['audio/mpeg', [...Buffer.from('ID3')]],
  ['audio/mpeg', [0xff, 0xfb]],
  ['audio/webm', [0x1a, 0x45, 0xdf, 0xa3]],
];

describe('recording payloads (property)', () => {
  it('decode base64, URL-safe base64 and data: URIs to the same bytes', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 512 }),
        fc.constantFrom('b64', 'b64url', 'data', 'wrapped'),
        counted('recording-decode', (bytes, form) => {
          const b64 = Buffer.from(bytes).toString('base64');
          const payload =
            form === 'b64'
              ? b64
              : form === 'b64url'
                ? Buffer.from(bytes).toString('base64url')
                : form === 'data'
                  ? `data:audio/wav;base64,${b64}`
                  : b64.replace(/(.{60})/g, '$1\n');
          const decoded = decodeRecording(payload);
          expect(decoded.kind).toBe('bytes');
          if (decoded.kind === 'bytes') expect(Buffer.from(decoded.bytes).equals(Buffer.from(bytes))).toBe(true);
        }),
      ),
      { numRuns: 400 },
    );
  });

  it('sniff the container from the first bytes, whatever follows, and never throw on noise', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...MAGIC),
        fc.uint8Array({ maxLength: 64 }),
        fc.uint8Array({ maxLength: 64 }),
        counted('recording-sniff', ([mime, magic], tail, noise) => {
          const bytes = Uint8Array.from([...magic, ...tail]);
          if (mime === 'audio/wav') bytes.set(tail.subarray(0, 4), 4); // the RIFF size field is anything
          expect(sniffAudioMime(bytes)).toBe(mime);
          expect(typeof sniffAudioMime(noise)).toBe('string');
        }),
      ),
      { numRuns: 400 },
    );
  });
});

const formulaish = fc.oneof(
  fc.string(),
  fc.tuple(fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20', ' =', '\n=', '"='), fc.string()).map(([a, b]) => a + b),
  fc.constantFrom('=HYPERLINK("http://evil","x")', "=cmd|' /C calc'!A0", "@SUM(1+1)*cmd|' /C calc'!A0", "-2+3+cmd|' /C calc'!A0", '<script>alert(1)</script>'),
);

describe('CSV cells from upstream strings (property)', () => {
  it('never start a formula and read back as the original text', () => {
    fc.assert(
      fc.property(
        formulaish,
        counted('csv-cell', (text) => {
          const cell = safeCell(text);
          const [parsed] = Papa.parse<string[]>(`${cell},end`, { delimiter: ',' }).data;
          const back = parsed?.[0] ?? '';
          expect(parsed?.[1]).toBe('end');
          expect(back.trimStart()).not.toMatch(/^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/);
          expect(back === text || back === `'${text}`).toBe(true);
        }),
      ),
      { numRuns: 800 },
    );
  });
});
