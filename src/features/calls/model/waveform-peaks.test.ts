import { afterEach, describe, expect, it, vi } from 'vitest';
import { WAVEFORM_PEAKS, WAVEFORM_SAMPLE_RATE, decodeWaveform, waveformPeaks } from './waveform-peaks';

describe('waveformPeaks', () => {
  it('keeps the loudest magnitude of each equal slice, whatever its sign', () => {
    expect(Array.from(waveformPeaks([0.1, -0.5, 0.2, 0.3, -0.1, 0, 0.25, -0.75], 4))).toEqual([0.5, 0.30000001192092896, 0.10000000149011612, 0.75]);
  });

  it('covers every sample when the slices do not divide them evenly', () => {
    const samples = new Float32Array(10).fill(0.1);
    samples[9] = -0.9;
    samples[0] = 0.8;
    const peaks = waveformPeaks(samples, 3);
    expect(peaks).toHaveLength(3);
    expect(peaks[0]).toBeCloseTo(0.8);
    expect(peaks[2]).toBeCloseTo(0.9);
  });

  it('gives no more peaks than samples, and none for none', () => {
    expect(Array.from(waveformPeaks([0.5, -0.25], 10))).toEqual([0.5, 0.25]);
    expect(waveformPeaks([], 10)).toHaveLength(0);
  });

  it('reduces minutes of audio to the set number of peaks, each loud moment in its place', () => {
    const samples = new Float32Array(WAVEFORM_SAMPLE_RATE * 300).fill(0.01);
    samples[WAVEFORM_SAMPLE_RATE * 150] = -0.9; // halfway through
    const peaks = waveformPeaks(samples);
    expect(peaks).toHaveLength(WAVEFORM_PEAKS);
    expect(peaks.indexOf(Math.max(...peaks))).toBe(WAVEFORM_PEAKS / 2);
    expect(peaks[WAVEFORM_PEAKS / 2]).toBeCloseTo(0.9);
    expect(peaks[0]).toBeCloseTo(0.01);
  });
});

describe('decodeWaveform', () => {
  afterEach(() => vi.unstubAllGlobals());

  function stubDecoder(channels: Float32Array[], duration: number) {
    const created: number[][] = [];
    vi.stubGlobal(
      'OfflineAudioContext',
      class {
        constructor(...args: number[]) {
          created.push(args);
        }
        decodeAudioData = vi.fn(async () => ({
          length: channels[0]?.length ?? 0,
          duration,
          numberOfChannels: channels.length,
          getChannelData: (c: number) => channels[c],
        }));
      },
    );
    return created;
  }

  it('decodes at the waveform rate and gives at most two channels of peaks with the duration', async () => {
    const created = stubDecoder([new Float32Array([0.5, -1]), new Float32Array([0.25, 0]), new Float32Array([1, 1])], 12.5);
    const fetchImpl = vi.fn(async () => new Response(new Uint8Array([1, 2, 3])));
    const decoded = await decodeWaveform('/bff/recordings/c-1', new AbortController().signal, fetchImpl);
    expect(created).toEqual([[1, 1, WAVEFORM_SAMPLE_RATE]]);
    expect(decoded.duration).toBe(12.5);
    expect(decoded.peaks.map((p) => Array.from(p))).toEqual([
      [0.5, 1],
      [0.25, 0],
    ]);
    expect(fetchImpl).toHaveBeenCalledWith('/bff/recordings/c-1', expect.objectContaining({ credentials: 'same-origin' }));
  });

  it('rejects a refused recording without decoding it, and one that holds no audio', async () => {
    const created = stubDecoder([new Float32Array(0)], 0);
    await expect(decodeWaveform('/r', new AbortController().signal, async () => new Response('{}', { status: 502 }))).rejects.toThrow(/502/);
    expect(created).toHaveLength(0);
    await expect(decodeWaveform('/r', new AbortController().signal, async () => new Response(new Uint8Array([1])))).rejects.toThrow(/no audio/);
  });
});
