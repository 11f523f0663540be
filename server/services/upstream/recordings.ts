/**
 * Recordings as real audio: the upstream answers a JSON string (docs/api-assumptions.md: base64; tolerated too:
 * a data: URI or an http(s) URL, or any of them as bare text). The container is sniffed from the first bytes, never trusted
 * from a header.
 */
/** Every type sniffAudioType answers. */
export const AUDIO_TYPES = ['audio/mpeg', 'audio/wav', 'audio/ogg', 'audio/flac', 'audio/webm', 'application/octet-stream'] as const;

export function sniffAudioType(bytes: Uint8Array): string {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'audio/wav';
  if (ascii(0, 3) === 'ID3') return 'audio/mpeg';
  if (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0) return 'audio/mpeg';
  if (ascii(0, 4) === 'OggS') return 'audio/ogg';
  if (ascii(0, 4) === 'fLaC') return 'audio/flac';
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return 'audio/webm';
  return 'application/octet-stream';
}

export type RecordingSource = { kind: 'bytes'; bytes: Buffer } | { kind: 'url'; url: string };

/** Reads what the recording route returned: a JSON string of base64, a data: URI, or a URL. */
export function decodeRecording(json: unknown): RecordingSource | null {
  let value = json;
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    value = o.data ?? o.recording ?? o.url ?? o.content;
  }
  if (typeof value !== 'string' || value.length === 0) return null;
  const text = value.trim();
  if (/^https?:\/\//i.test(text)) return { kind: 'url', url: text };
  const dataUri = /^data:[^;,]*(;[^,]*)?,(.*)$/s.exec(text);
  if (dataUri) {
    const isBase64 = (dataUri[1] ?? '').includes('base64');
    return { kind: 'bytes', bytes: isBase64 ? Buffer.from(dataUri[2] ?? '', 'base64') : Buffer.from(decodeURIComponent(dataUri[2] ?? ''), 'latin1') };
  }
  if (!/^[A-Za-z0-9+/=_\-\s]+$/.test(text)) return null;
  const bytes = Buffer.from(text, text.includes('-') || text.includes('_') ? 'base64url' : 'base64');
  return bytes.length > 0 ? { kind: 'bytes', bytes } : null;
}

/** Parses a single `bytes=a-b` range against a length; null: ignore the header; 'unsatisfiable': 416. */
export function parseRange(header: string | undefined, length: number): { start: number; end: number } | null | 'unsatisfiable' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, length - suffix);
    end = length - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? length - 1 : Math.min(Number(m[2]), length - 1);
  }
  if (start >= length || start > end) return 'unsatisfiable';
  return { start, end };
}

/** The recording is larger than the BFF serves (RECORDING_MAX_MB). */
export class RecordingTooLarge extends Error {
  constructor(readonly limitBytes: number) {
    super(`The recording is larger than ${formatMb(limitBytes)}, the most Switchboard serves (RECORDING_MAX_MB).`);
  }
}

export const formatMb = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/**
 * Bytes as they arrive, up to `max`: one allocation sized from the expected length when known
 * (never twice the recording at once), grown by doubling otherwise.
 */
export class BoundedBytes {
  private buffer: Buffer;
  length = 0;
  constructor(
    private readonly max: number,
    expected?: number,
  ) {
    this.buffer = Buffer.allocUnsafe(Math.max(1024, Math.min(expected ?? 64 * 1024, max)));
  }
  push(chunk: Uint8Array): void {
    const needed = this.length + chunk.length;
    if (needed > this.max) throw new RecordingTooLarge(this.max);
    if (needed > this.buffer.length) {
      const grown = Buffer.allocUnsafe(Math.min(this.max, Math.max(needed, this.buffer.length * 2)));
      this.buffer.copy(grown, 0, 0, this.length);
      this.buffer = grown;
    }
    this.buffer.set(chunk, this.length);
    this.length = needed;
  }
  /** The bytes, without a large unused tail. */
  bytes(): Buffer {
    const used = this.buffer.subarray(0, this.length);
    return this.length < this.buffer.length * 0.9 ? Buffer.from(used) : used;
  }
}

const BASE64_CHARS = /^[A-Za-z0-9+/=_\-\s]*$/;

/**
 * Reads the upstream's recording answer as it arrives, never holding more than `maxBytes` of
 * audio. The usual answer, a JSON string of base64 (or a base64 data: URI), is decoded chunk by
 * chunk: the base64 text is never held whole, and the download stops as soon as the audio passes
 * the limit (RecordingTooLarge). Other forms (an object, a URL, a non-base64 data: URI) are read
 * whole, bounded by the base64 size of the limit, and handed to decodeRecording. Null: malformed.
 */
export async function readRecording(
  body: AsyncIterable<Uint8Array>,
  { maxBytes, contentLength }: { maxBytes: number; contentLength?: number },
): Promise<RecordingSource | null> {
  // Base64 is 4/3 of the bytes; a tenth more for line breaks and escaped slashes, and room for the JSON around it.
  const maxEncoded = Math.ceil(((maxBytes * 4) / 3) * 1.1) + 4096;
  if (contentLength !== undefined && contentLength > maxEncoded) throw new RecordingTooLarge(maxBytes);
  let mode: 'start' | 'head' | 'base64' | 'after' | 'whole' = 'start';
  let head = '';
  let carry = '';
  let backslash = false;
  let audio: BoundedBytes | undefined;
  let whole: BoundedBytes | undefined;
  const keepWhole = (text: string) => {
    whole ??= new BoundedBytes(maxEncoded, contentLength);
    whole.push(Buffer.from(text, 'latin1'));
  };

  /** Base64 text of the JSON string: 'closed' at its closing quote, 'bad' when it is not base64. */
  const feed = (input: string): 'more' | 'closed' | 'bad' => {
    let text = backslash ? `\\${input}` : input;
    backslash = false;
    const quote = text.indexOf('"');
    let rest: string | undefined;
    if (quote >= 0) {
      rest = text.slice(quote + 1);
      text = text.slice(0, quote);
    } else if (/(^|[^\\])(\\\\)*\\$/.test(text)) {
      // An escape split across chunks: keep its backslash for the next one.
      backslash = true;
      text = text.slice(0, -1);
    }
    // JSON may escape the slash (\/) and carry line breaks (\n, \r); no other escape belongs in base64.
    if (text.includes('\\')) text = text.replace(/\\([/nrt])/g, (_m, c: string) => (c === '/' ? '/' : ''));
    if (text.includes('\\') || !BASE64_CHARS.test(text)) return 'bad';
    carry += /\s/.test(text) ? text.replace(/\s+/g, '') : text;
    const usable = rest === undefined ? carry.length - (carry.length % 4) : carry.length;
    if (usable > 0) {
      audio ??= new BoundedBytes(maxBytes, contentLength === undefined ? undefined : Math.ceil((contentLength * 3) / 4));
      audio.push(Buffer.from(carry.slice(0, usable), 'base64'));
      carry = carry.slice(usable);
    }
    if (rest === undefined) return 'more';
    return rest.trim() === '' ? 'closed' : 'bad';
  };

  for await (const chunk of body) {
    if (mode === 'whole') {
      whole!.push(chunk);
      continue;
    }
    let text = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('latin1');
    if (mode === 'start') {
      text = text.trimStart();
      if (text === '') continue;
      if (text[0] !== '"') {
        mode = 'whole';
        keepWhole(text);
        continue;
      }
      mode = 'head';
      text = text.slice(1);
    }
    if (mode === 'head') {
      // Enough of the string to tell base64 from a data: URI or a URL.
      head += text;
      const start = head.trimStart();
      if (start.length < 8 && !start.includes('"')) continue;
      // A data: URI whose header has not all arrived yet.
      if (/^data:/i.test(start) && !/[,"]/.test(start) && start.length < 512) continue;
      if (/^data:[^,"]*;base64,/i.test(start)) {
        mode = 'base64';
        text = start.slice(start.indexOf(',') + 1);
      } else if (/^(data:|https?:)/i.test(start)) {
        mode = 'whole';
        keepWhole(`"${head}`);
        continue;
      } else {
        mode = 'base64';
        text = start;
      }
      head = '';
    }
    if (mode === 'base64') {
      const fed = feed(text);
      if (fed === 'bad') return null;
      if (fed === 'closed') mode = 'after';
    } else if (mode === 'after' && text.trim() !== '') {
      return null;
    }
  }
  if (mode === 'whole') {
    const text = whole!.bytes().toString('utf8');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      // Not JSON: the bare text (docs/api-assumptions.md T4: base64, a data: URI or a URL as text/plain).
      json = text;
    }
    const source = decodeRecording(json);
    if (source?.kind === 'bytes' && source.bytes.length > maxBytes) throw new RecordingTooLarge(maxBytes);
    return source;
  }
  if (mode !== 'after' || !audio || audio.length === 0) return null;
  return { kind: 'bytes', bytes: audio.bytes() };
}
