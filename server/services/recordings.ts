/**
 * Recordings as real audio: the upstream answers a JSON string (docs/api-assumptions.md: base64; tolerated too:
 * a data: URI or an http(s) URL). The container is sniffed from the first bytes, never trusted
 * from a header.
 */
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
