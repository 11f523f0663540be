/** Property tests of the BFF's recording decoding, sniffing and Range parsing: upstream bytes and client headers are untrusted. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertySuite } from '../../../resilience/property-count';
import { decodeRecording, parseRange, sniffAudioType } from './recordings';

const { counted } = propertySuite('properties-bff-recordings', [
  'The BFF decodes any recording payload (base64, URL-safe base64, data: URI, wrapped in an object) to the same bytes, and returns null rather than throwing on anything else.',
  'Any Range header gives either no range, a 416, or a range inside the file.',
]);

describe('recording payloads at the BFF (property)', () => {
  it('decode every tolerated form to the same bytes', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 512 }),
        fc.constantFrom('b64', 'b64url', 'data', 'object'),
        counted('decode', (bytes, form) => {
          const b64 = Buffer.from(bytes).toString('base64');
          const payload =
            form === 'b64'
              ? b64
              : form === 'b64url'
                ? Buffer.from(bytes).toString('base64url')
                : form === 'data'
                  ? `data:audio/wav;base64,${b64}`
                  : { data: b64 };
          const decoded = decodeRecording(payload);
          expect(decoded?.kind).toBe('bytes');
          if (decoded?.kind === 'bytes') expect(decoded.bytes.equals(Buffer.from(bytes))).toBe(true);
        }),
      ),
      { numRuns: 400 },
    );
  });

  it('never throw on any JSON value, and sniff any bytes to a type', () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.uint8Array({ maxLength: 32 }),
        counted('noise', (json, bytes) => {
          const decoded = decodeRecording(json);
          expect(decoded === null || decoded.kind === 'bytes' || decoded.kind === 'url').toBe(true);
          expect(sniffAudioType(bytes)).toMatch(/^(audio\/(wav|mpeg|ogg|flac|webm)|application\/octet-stream)$/);
        }),
      ),
      { numRuns: 600 },
    );
  });
});

describe('Range headers (property)', () => {
  const header = fc.oneof(
    fc.string(),
    fc.tuple(fc.option(fc.nat(5000), { nil: undefined }), fc.option(fc.nat(5000), { nil: undefined })).map(([a, b]) => `bytes=${a ?? ''}-${b ?? ''}`),
    fc.constantFrom('bytes=0-', 'bytes=-0', 'bytes=-1', 'bytes=0-0,5-6', 'bytes=99999999999999999999-', 'items=0-1', 'bytes=-', 'bytes= 1-2'),
  );
  it('give no range, 416, or a range inside the file', () => {
    fc.assert(
      fc.property(
        header,
        fc.nat(4000),
        counted('range', (h, length) => {
          const r = parseRange(h, length);
          if (r === null || r === 'unsatisfiable') return;
          expect(r.start).toBeGreaterThanOrEqual(0);
          expect(r.start).toBeLessThanOrEqual(r.end);
          expect(r.end).toBeLessThan(length);
        }),
      ),
      { numRuns: 800 },
    );
  });
});
