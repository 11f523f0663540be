/**
 * The recording payload may be base64, a data: URI or a URL (docs/api-assumptions.md). The SPA normally streams from
 * the BFF's /bff/recordings/:callId; this helper covers payloads read directly.
 */
export type RecordingSource = { kind: 'url'; url: string } | { kind: 'bytes'; bytes: Uint8Array; mimeType: string };

export function sniffAudioMime(bytes: Uint8Array): string {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'audio/wav';
  if (ascii(0, 4) === 'OggS') return 'audio/ogg';
  if (ascii(0, 3) === 'ID3' || (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0)) return 'audio/mpeg';
  if (ascii(0, 4) === 'fLaC') return 'audio/flac';
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return 'audio/webm';
  return 'application/octet-stream';
}

/** Standard or URL-safe base64, with or without padding or line breaks. */
function base64ToBytes(b64: string): Uint8Array {
  const clean = b64.replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const bin = atob(clean + '='.repeat((4 - (clean.length % 4)) % 4));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** docs/api-assumptions.md: trust the bytes over a declared type; the declared one only when the bytes say nothing. */
function pickMime(bytes: Uint8Array, declared: string | undefined): string {
  const sniffed = sniffAudioMime(bytes);
  return sniffed !== 'application/octet-stream' || !declared ? sniffed : declared;
}

export function decodeRecording(payload: string): RecordingSource {
  const trimmed = payload.trim();
  if (/^https?:\/\//i.test(trimmed)) return { kind: 'url', url: trimmed };
  // data:[<type>][;param=value]*[;base64],<data>
  const dataUri = /^data:([^;,]*)((?:;[^;,]*)*?)(;base64)?,(.*)$/is.exec(trimmed);
  if (dataUri) {
    const bytes = dataUri[3] ? base64ToBytes(dataUri[4] ?? '') : new TextEncoder().encode(decodeURIComponent(dataUri[4] ?? ''));
    return { kind: 'bytes', bytes, mimeType: pickMime(bytes, dataUri[1]) };
  }
  const bytes = base64ToBytes(trimmed);
  return { kind: 'bytes', bytes, mimeType: sniffAudioMime(bytes) };
}
