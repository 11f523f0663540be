/**
 * The recording in the other containers a real upstream may send (issue 30, `recording-mp3` and
 * `recording-ogg`): the same 8 kHz mono PCM as the WAV, encoded to MP3 (lamejs, pure JavaScript)
 * or to Opus (opusscript, libopus compiled to WebAssembly) in an Ogg stream written here (RFC 7845:
 * OpusHead, OpusTags, then the audio packets; RFC 3533 pages).
 */
import { Mp3Encoder } from '@breezystack/lamejs';
import OpusScript from 'opusscript';
import { SAMPLE_RATE } from './audio';

/** The 16-bit samples of a WAV renderWav made (44-byte header). */
function pcmOf(wav: Buffer): Int16Array {
  const data = wav.subarray(44);
  const copy = Buffer.from(data);
  return new Int16Array(copy.buffer, copy.byteOffset, Math.floor(copy.byteLength / 2));
}

/** Lets the event loop run between slices of an encode (the simulator may share its process with the BFF in tests). */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function wavToMp3(wav: Buffer): Promise<Buffer> {
  const pcm = pcmOf(wav);
  const encoder = new Mp3Encoder(1, SAMPLE_RATE, 32);
  const parts: Buffer[] = [];
  const FRAME = 1152;
  for (let i = 0; i < pcm.length; i += FRAME) {
    if (i % (FRAME * 64) === 0 && i > 0) await breathe();
    const out = encoder.encodeBuffer(pcm.subarray(i, i + FRAME));
    if (out.length > 0) parts.push(Buffer.from(out.buffer, out.byteOffset, out.byteLength));
  }
  const end = encoder.flush();
  if (end.length > 0) parts.push(Buffer.from(end.buffer, end.byteOffset, end.byteLength));
  return Buffer.concat(parts);
}

/** CRC-32 of Ogg pages: polynomial 0x04c11db7, not reflected, initial 0. */
const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, i) => {
  let r = i << 24;
  for (let k = 0; k < 8; k += 1) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
  return r >>> 0;
});
function oggCrc(bytes: Buffer): number {
  let crc = 0;
  for (const b of bytes) crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ b) & 0xff]!) >>> 0;
  return crc;
}

function oggPage(packets: Buffer[], flags: number, granule: bigint, serial: number, sequence: number): Buffer {
  const lacing: number[] = [];
  for (const p of packets) {
    for (let left = p.length; ; left -= 255) {
      lacing.push(Math.min(255, left));
      if (left < 255) break;
    }
  }
  const header = Buffer.alloc(27 + lacing.length);
  header.write('OggS', 0, 'ascii');
  header[4] = 0;
  header[5] = flags;
  header.writeBigInt64LE(granule, 6);
  header.writeUInt32LE(serial, 14);
  header.writeUInt32LE(sequence, 18);
  header.writeUInt32LE(0, 22);
  header[26] = lacing.length;
  lacing.forEach((l, i) => (header[27 + i] = l));
  const page = Buffer.concat([header, ...packets]);
  page.writeUInt32LE(oggCrc(page), 22);
  return page;
}

/** 20 ms at 8 kHz; Opus granules count 48 kHz samples. */
const OPUS_FRAME = 160;
const TO_48K = 48_000 / SAMPLE_RATE;

export async function wavToOgg(wav: Buffer): Promise<Buffer> {
  const pcm = pcmOf(wav);
  const encoder = new OpusScript(SAMPLE_RATE as 8000, 1, OpusScript.Application.VOIP);
  // The lowest complexity (OPUS_SET_COMPLEXITY): a long call encodes in a fraction of the time, and a test tone needs no more.
  encoder.encoderCTL(4010, 0);
  const serial = 0x53494d31; // "SIM1"
  const preSkip = 312;
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'ascii');
  head[8] = 1;
  head[9] = 1;
  head.writeUInt16LE(preSkip, 10);
  head.writeUInt32LE(SAMPLE_RATE, 12);
  head.writeInt16LE(0, 16);
  head[18] = 0;
  const vendor = Buffer.from('switchboard simulator', 'ascii');
  const tags = Buffer.alloc(8 + 4 + vendor.length + 4);
  tags.write('OpusTags', 0, 'ascii');
  tags.writeUInt32LE(vendor.length, 8);
  vendor.copy(tags, 12);
  tags.writeUInt32LE(0, 12 + vendor.length);

  const pages: Buffer[] = [oggPage([head], 0x02, 0n, serial, 0), oggPage([tags], 0, 0n, serial, 1)];
  let sequence = 2;
  let samples = 0;
  let pending: Buffer[] = [];
  const frames = Math.ceil(pcm.length / OPUS_FRAME);
  try {
    for (let f = 0; f < frames; f += 1) {
      if (f % 250 === 0 && f > 0) await breathe();
      const frame = new Int16Array(OPUS_FRAME);
      frame.set(pcm.subarray(f * OPUS_FRAME, (f + 1) * OPUS_FRAME));
      pending.push(Buffer.from(encoder.encode(Buffer.from(frame.buffer), OPUS_FRAME)));
      samples += OPUS_FRAME;
      const last = f === frames - 1;
      // 50 packets (one second) a page; the last page ends the stream.
      if (pending.length === 50 || last) {
        const granule = BigInt(preSkip + Math.min(samples, pcm.length) * TO_48K);
        pages.push(oggPage(pending, last ? 0x04 : 0, granule, serial, sequence));
        sequence += 1;
        pending = [];
      }
    }
  } finally {
    encoder.delete();
  }
  return Buffer.concat(pages);
}
