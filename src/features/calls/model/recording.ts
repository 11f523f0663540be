/**
 * The recording payload may be base64, a data: URI or a URL (gaps.md). The SPA normally streams from
 * the BFF's /bff/recordings/:callId; this helper covers payloads read directly.
 */
export type RecordingSource = { kind: 'url'; url: string } | { kind: 'bytes'; bytes: Uint8Array; mimeType: string };

export function sniffAudioMime(bytes: Uint8Array): string {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'audio/wav';
  if (ascii(0, 4) === 'OggS') return 'audio/ogg';
  if (ascii(0, 3) === 'ID3' || (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0)) return 'audio/mpeg';
  if (ascii(0, 4) === 'fLaC') return 'audio/flac';
  return 'application/octet-stream';
}

function base64ToBytes(b64: string): Uint8Array {
  const bin = atob(b64.replace(/\s+/g, ''));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export function decodeRecording(payload: string): RecordingSource {
  const trimmed = payload.trim();
  if (/^https?:\/\//i.test(trimmed)) return { kind: 'url', url: trimmed };
  const dataUri = /^data:([^;,]+)?(;base64)?,(.*)$/s.exec(trimmed);
  if (dataUri) {
    const bytes = dataUri[2] ? base64ToBytes(dataUri[3] ?? '') : new TextEncoder().encode(decodeURIComponent(dataUri[3] ?? ''));
    return { kind: 'bytes', bytes, mimeType: dataUri[1] ?? sniffAudioMime(bytes) };
  }
  const bytes = base64ToBytes(trimmed);
  return { kind: 'bytes', bytes, mimeType: sniffAudioMime(bytes) };
}
