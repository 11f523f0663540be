/**
 * readRecording, the BFF's streaming read of the upstream's recording answer: whatever the form
 * and however the body is cut into chunks, the same bytes as decodeRecording on the whole text;
 * past the limit a RecordingTooLarge, before any download when the length says so.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeRecording, readRecording, RecordingTooLarge } from './recordings';

/** The text cut at the given points, as a body of chunks. */
async function* chunks(text: string, cuts: number[]): AsyncGenerator<Uint8Array> {
  const bytes = Buffer.from(text, 'utf8');
  let from = 0;
  for (const cut of [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b)) {
    yield bytes.subarray(from, cut);
    from = cut;
  }
  yield bytes.subarray(from);
}

const FORMS = ['b64', 'b64url', 'escaped-slashes', 'line-breaks', 'data', 'object', 'padded-space'] as const;

function payload(bytes: Uint8Array, form: (typeof FORMS)[number]): string {
  const b64 = Buffer.from(bytes).toString('base64');
  switch (form) {
    case 'b64':
      return JSON.stringify(b64);
    case 'b64url':
      return JSON.stringify(Buffer.from(bytes).toString('base64url'));
    case 'escaped-slashes':
      return JSON.stringify(b64).replace(/\//g, '\\/');
    case 'line-breaks':
      return JSON.stringify(b64.replace(/.{1,76}/g, '$&\n'));
    case 'data':
      return JSON.stringify(`data:audio/wav;base64,${b64}`);
    case 'object':
      return JSON.stringify({ data: b64 });
    case 'padded-space':
      return ` \n "${b64}" \n`;
  }
}

describe('readRecording', () => {
  it('decodes every form, cut anywhere, to the bytes decodeRecording gives', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ minLength: 1, maxLength: 600 }),
        fc.constantFrom(...FORMS),
        fc.array(fc.nat(2000), { maxLength: 8 }),
        async (bytes, form, cuts) => {
          const text = payload(bytes, form);
          const source = await readRecording(chunks(text, cuts), { maxBytes: 1024 });
          expect(source?.kind).toBe('bytes');
          if (source?.kind === 'bytes') expect(source.bytes.equals(Buffer.from(bytes))).toBe(true);
          const whole = decodeRecording(JSON.parse(text));
          expect(whole?.kind === 'bytes' && whole.bytes.equals(Buffer.from(bytes))).toBe(true);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('passes a URL, and a data: URI that is not base64, to decodeRecording', async () => {
    expect(await readRecording(chunks('"https://files.example/rec.wav"', [3, 9]), { maxBytes: 10 })).toEqual({
      kind: 'url',
      url: 'https://files.example/rec.wav',
    });
    const plain = await readRecording(chunks('"data:audio/wav,RIFF%00"', [7]), { maxBytes: 10 });
    expect(plain?.kind === 'bytes' && plain.bytes.equals(Buffer.from('RIFF\0', 'latin1'))).toBe(true);
  });

  it('refuses what is not a recording with null, never a throw', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.json()), fc.array(fc.nat(200), { maxLength: 4 }), async (text, cuts) => {
        const source = await readRecording(chunks(text, cuts), { maxBytes: 4096 });
        expect(source === null || source.kind === 'bytes' || source.kind === 'url').toBe(true);
      }),
      { numRuns: 400 },
    );
    for (const bad of ['"abc\\"def"', '"QUJD" trailing', '"QUJD', '"QU\\u0041"', '{"data":', '"Q*JD"']) {
      expect(await readRecording(chunks(bad, [2]), { maxBytes: 100 }), bad).toBeNull();
    }
  });

  it('stops past the limit: exactly at it passes, one byte over throws, in every form', async () => {
    const bytes = Buffer.alloc(3000, 7);
    for (const form of FORMS) {
      const text = payload(bytes, form);
      const at = await readRecording(chunks(text, [100, 1000]), { maxBytes: 3000 });
      expect(at?.kind === 'bytes' && at.bytes.length, form).toBe(3000);
      await expect(readRecording(chunks(text, [100, 1000]), { maxBytes: 2999 }), form).rejects.toBeInstanceOf(RecordingTooLarge);
    }
  });

  it('stops a base64 body without reading on once the limit is passed', async () => {
    let served = 0;
    async function* endless(): AsyncGenerator<Uint8Array> {
      yield Buffer.from('"');
      for (;;) {
        served += 1;
        yield Buffer.from('A'.repeat(64 * 1024));
      }
    }
    await expect(readRecording(endless(), { maxBytes: 1024 * 1024 })).rejects.toThrow(/larger than 1 MB.*RECORDING_MAX_MB/);
    expect(served).toBeLessThanOrEqual(23);
  });

  it('refuses from the Content-Length alone, before reading anything', async () => {
    let read = false;
    async function* body(): AsyncGenerator<Uint8Array> {
      read = true;
      yield Buffer.from('""');
    }
    await expect(readRecording(body(), { maxBytes: 1024 * 1024, contentLength: 2 * 1024 * 1024 })).rejects.toBeInstanceOf(RecordingTooLarge);
    expect(read).toBe(false);
  });
});
