/**
 * Real WAV recordings (8 kHz, 16-bit PCM, mono) as long as the call, drawn from the timed
 * transcript: a voice-like tone per speaker (its own pitch, syllable-rate amplitude), ring tones,
 * the answering-machine beep, and silence between turns.
 */
import type { TimedEntry } from './transcript';

export const SAMPLE_RATE = 8000;

const PITCH: Record<string, number> = { AGENT: 190, HUMAN: 125, ANSWERING_MACHINE: 230, UNKNOWN: 0 };

/** One second of sine at 1 Hz: sin(2π f i / SAMPLE_RATE) is SINE[(f i) mod SAMPLE_RATE] for a whole f. */
const SINE = Float64Array.from({ length: SAMPLE_RATE }, (_, k) => Math.sin((2 * Math.PI * k) / SAMPLE_RATE));
/** Speech swells at 4.2 syllables a second: 21 whole cycles in 5 seconds. */
const SYLLABLE_PERIOD = 5 * SAMPLE_RATE;
const SYLLABLE_SIN = Float64Array.from({ length: SYLLABLE_PERIOD }, (_, k) => Math.sin((2 * Math.PI * 4.2 * k) / SAMPLE_RATE));
const SYLLABLE_COS = Float64Array.from({ length: SYLLABLE_PERIOD }, (_, k) => Math.cos((2 * Math.PI * 4.2 * k) / SAMPLE_RATE));
/** A voice's waveform (pitch and two harmonics) over one second, per pitch: an hour-long call renders in a fraction of the time. */
const voices = new Map<number, Float64Array>();
function voice(f: number): Float64Array {
  let table = voices.get(f);
  if (!table) {
    table = Float64Array.from(
      { length: SAMPLE_RATE },
      (_, k) => 0.5 * SINE[(f * k) % SAMPLE_RATE]! + 0.25 * SINE[(2 * f * k) % SAMPLE_RATE]! + 0.12 * SINE[(3 * f * k) % SAMPLE_RATE]!,
    );
    voices.set(f, table);
  }
  return table;
}

export function renderWav(entries: readonly TimedEntry[], durationSeconds: number): Buffer {
  const samples = Math.max(1, Math.round(durationSeconds * SAMPLE_RATE));
  const pcm = new Int16Array(samples);
  const put = (i: number, v: number) => {
    pcm[i] = Math.max(-32767, Math.min(32767, Math.round(v * 12000)));
  };
  for (const entry of entries) {
    const from = Math.floor(entry.at * SAMPLE_RATE);
    const to = Math.min(samples, Math.floor((entry.at + entry.length) * SAMPLE_RATE));
    if (entry.action === 'RING') {
      // North American ring: 440 + 480 Hz, 2 s on, 4 s off.
      for (let i = from; i < to; i += 1) {
        const t = i / SAMPLE_RATE;
        const k = i % SAMPLE_RATE;
        if (t - entry.at < 0 || (t - entry.at) % 6 < 2) put(i, 0.25 * (SINE[(440 * k) % SAMPLE_RATE]! + SINE[(480 * k) % SAMPLE_RATE]!));
        else put(i, 0);
      }
    } else if (entry.action === 'ANSWERING_MACHINE_BEEP') {
      for (let i = from; i < to; i += 1) put(i, 0.5 * SINE[(1000 * (i % SAMPLE_RATE)) % SAMPLE_RATE]!);
    } else {
      const wave = voice(PITCH[entry.actor] ?? 150);
      // sin(2π 4.2 t + at) = sin(2π 4.2 t) cos(at) + cos(2π 4.2 t) sin(at), from 5-second tables.
      const cos = Math.cos(entry.at);
      const sin = Math.sin(entry.at);
      for (let i = from; i < to; i += 1) {
        const k = i % SYLLABLE_PERIOD;
        const syllables = 0.55 + 0.45 * (SYLLABLE_SIN[k]! * cos + SYLLABLE_COS[k]! * sin);
        put(i, syllables * wave[i % SAMPLE_RATE]!);
      }
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
