/**
 * Real WAV recordings (8 kHz, 16-bit PCM, mono) as long as the call, drawn from the timed
 * transcript: a voice-like tone per speaker (its own pitch, syllable-rate amplitude), ring tones,
 * the answering-machine beep, and silence between turns.
 */
import type { TimedEntry } from './transcript';

export const SAMPLE_RATE = 8000;

const PITCH: Record<string, number> = { AGENT: 190, HUMAN: 125, ANSWERING_MACHINE: 230, UNKNOWN: 0 };

export function renderWav(entries: readonly TimedEntry[], durationSeconds: number): Buffer {
  const samples = Math.max(1, Math.round(durationSeconds * SAMPLE_RATE));
  const pcm = new Int16Array(samples);
  for (const entry of entries) {
    const from = Math.floor(entry.at * SAMPLE_RATE);
    const to = Math.min(samples, Math.floor((entry.at + entry.length) * SAMPLE_RATE));
    for (let i = from; i < to; i += 1) {
      const t = i / SAMPLE_RATE;
      let v = 0;
      if (entry.action === 'RING') {
        // North American ring: 440 + 480 Hz, 2 s on, 4 s off.
        if (t - entry.at < 0 || (t - entry.at) % 6 < 2) v = 0.25 * (Math.sin(2 * Math.PI * 440 * t) + Math.sin(2 * Math.PI * 480 * t));
      } else if (entry.action === 'ANSWERING_MACHINE_BEEP') {
        v = 0.5 * Math.sin(2 * Math.PI * 1000 * t);
      } else {
        const f = PITCH[entry.actor] ?? 150;
        const syllables = 0.55 + 0.45 * Math.sin(2 * Math.PI * 4.2 * t + entry.at);
        v = syllables * (0.5 * Math.sin(2 * Math.PI * f * t) + 0.25 * Math.sin(4 * Math.PI * f * t) + 0.12 * Math.sin(6 * Math.PI * f * t));
      }
      pcm[i] = Math.max(-32767, Math.min(32767, Math.round(v * 12000)));
    }
  }
  const data = Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
