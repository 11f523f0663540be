/**
 * The speakers' turns as bands over the waveform, in fractions of the recording. Drawn as plain
 * elements rather than wavesurfer regions: the regions plugin lays out each region as it is added,
 * and a 2,000-entry transcript blocked the page for seconds (playback included).
 */
import type { TimelineItem } from './transcript';

export interface TurnBand {
  speaker: 'AGENT' | 'HUMAN';
  /** 0–1 of the recording. */
  start: number;
  end: number;
}

/** A turn lasts until the next item starts (at least 0.2 s); back-to-back turns of one speaker become one band. */
export function turnBands(items: TimelineItem[], durationSeconds: number): TurnBand[] {
  if (!(durationSeconds > 0)) return [];
  const bands: TurnBand[] = [];
  items.forEach((item, i) => {
    if (item.kind !== 'turn') return;
    const from = item.offsetSeconds;
    const to = Math.max(items[i + 1]?.offsetSeconds ?? from + 1, from + 0.2);
    const start = Math.min(1, from / durationSeconds);
    const end = Math.min(1, to / durationSeconds);
    if (start >= 1) return;
    const last = bands.at(-1);
    if (last && last.speaker === item.speaker && start <= last.end) last.end = Math.max(last.end, end);
    else bands.push({ speaker: item.speaker, start, end });
  });
  return bands;
}
