import { describe, expect, it } from 'vitest';
import { decodeRecording, sniffAudioMime } from './recording';

const wav = new Uint8Array(
  [...'RIFF']
    .map((c) => c.charCodeAt(0))
    .concat(
      [0, 0, 0, 0],
      [...'WAVE'].map((c) => c.charCodeAt(0)),
      [1, 2, 3],
    ),
);
const b64 = btoa(String.fromCharCode(...wav));

describe('sniffAudioMime', () => {
  it.each([
    [wav, 'audio/wav'],
    [new Uint8Array([0x4f, 0x67, 0x67, 0x53]), 'audio/ogg'],
    [new Uint8Array([0x49, 0x44, 0x33, 4]), 'audio/mpeg'],
    [new Uint8Array([0xff, 0xfb, 0x90]), 'audio/mpeg'],
    [new Uint8Array([0x66, 0x4c, 0x61, 0x43]), 'audio/flac'],
    [new Uint8Array([0x1a, 0x45, 0xdf, 0xa3]), 'audio/webm'],
    [new Uint8Array([1, 2, 3]), 'application/octet-stream'],
  ])('%#', (bytes, mime) => expect(sniffAudioMime(bytes)).toBe(mime));
});

describe('decodeRecording', () => {
  it('reads plain base64 and sniffs the container', () => {
    const r = decodeRecording(b64);
    expect(r).toEqual({ kind: 'bytes', bytes: wav, mimeType: 'audio/wav' });
  });
  it('reads URL-safe base64 without padding, with line breaks', () => {
    const urlSafe = b64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    const r = decodeRecording(`${urlSafe.slice(0, 5)}\n${urlSafe.slice(5)}`);
    expect(r.kind === 'bytes' && r.mimeType).toBe('audio/wav');
  });
  it('reads a data: URI, trusting the bytes over a wrong declared type, and parameters', () => {
    expect(decodeRecording(`data:audio/mpeg;base64,${b64}`)).toMatchObject({ kind: 'bytes', mimeType: 'audio/wav' });
    expect(decodeRecording(`data:audio/wav;codecs=1;base64,${b64}`)).toMatchObject({ kind: 'bytes', mimeType: 'audio/wav' });
    expect(decodeRecording(`data:audio/x-custom;base64,${btoa('abc')}`)).toMatchObject({ mimeType: 'audio/x-custom' });
  });
  it('passes a URL through', () => {
    expect(decodeRecording(' https://cdn.example.com/r.wav ')).toEqual({ kind: 'url', url: 'https://cdn.example.com/r.wav' });
  });
});
