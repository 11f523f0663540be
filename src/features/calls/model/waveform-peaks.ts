/**
 * The waveform drawn from peaks rather than from every sample. Given the whole decoded recording,
 * wavesurfer walks every sample several times while it draws (the loudest one, then each pixel's
 * line, above and below): a few million samples for a call of some minutes, one long task of the
 * review's first seconds (~140 ms at a phone's CPU). The player reduces the samples to a few
 * thousand peaks itself, the loudest magnitude in each equal slice, and hands wavesurfer only
 * those, with the duration, so it neither fetches nor decodes the recording again.
 */

/** The rate the recording is decoded at for its waveform, as wavesurfer's own default: plenty for a picture of speech. */
export const WAVEFORM_SAMPLE_RATE = 8000;

/** Peaks per channel: two per pixel of a 1,000-pixel-wide waveform on a dense screen, and no more. */
export const WAVEFORM_PEAKS = 2000;

/** The largest magnitude in each of `count` equal slices of the samples (fewer when there are fewer samples). */
export function waveformPeaks(samples: ArrayLike<number>, count: number = WAVEFORM_PEAKS): Float32Array {
  const n = Math.min(Math.max(0, Math.floor(count)), samples.length);
  const peaks = new Float32Array(n);
  const size = samples.length / n;
  for (let slice = 0; slice < n; slice++) {
    const end = slice === n - 1 ? samples.length : Math.ceil((slice + 1) * size);
    let max = 0;
    for (let i = Math.floor(slice * size); i < end; i++) {
      const magnitude = Math.abs(samples[i] ?? 0);
      if (magnitude > max) max = magnitude;
    }
    peaks[slice] = max;
  }
  return peaks;
}

export interface DecodedWaveform {
  /** One array of peaks per channel drawn (at most two: wavesurfer draws the first above, the second below). */
  peaks: Float32Array[];
  /** Seconds. */
  duration: number;
}

/**
 * Fetches the whole recording, has the browser decode it (off the main thread, resampled to
 * WAVEFORM_SAMPLE_RATE by an offline context, which needs no audio device) and reduces it to peaks.
 * Rejects when the recording cannot be fetched or decoded; the audio element plays it regardless.
 */
export async function decodeWaveform(url: string, signal: AbortSignal, fetchImpl: typeof fetch = fetch): Promise<DecodedWaveform> {
  const res = await fetchImpl(url, { credentials: 'same-origin', signal });
  if (!res.ok) throw new Error(`The recording answered ${res.status}.`);
  const bytes = await res.arrayBuffer();
  const audio = await new OfflineAudioContext(1, 1, WAVEFORM_SAMPLE_RATE).decodeAudioData(bytes);
  if (audio.length === 0 || !(audio.duration > 0)) throw new Error('The recording holds no audio.');
  const channels = Math.min(2, audio.numberOfChannels);
  return { peaks: Array.from({ length: channels }, (_, c) => waveformPeaks(audio.getChannelData(c))), duration: audio.duration };
}
