/**
 * Insights answers shaped for the charts and their table alternatives (pure): the stacked calls
 * series with the running heights of each group, readable bucket labels, duration bucket labels.
 */
import { STATUS_GROUPS, type StatusGroup } from '@contract/bff/index.plain';
import type { DurationBucket, SeriesPoint } from '@contract/bff/index';

export interface StackSegment {
  group: StatusGroup;
  count: number;
  /** Where the segment starts (the sum of the groups under it). */
  base: number;
}

export interface StackedBar {
  point: SeriesPoint;
  label: string;
  total: number;
  segments: StackSegment[];
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Mar 4" for a day bucket, "Mar 4 14:00" for an hour bucket (the label is already in the zone). */
export function bucketLabel(label: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(label);
  if (!m) return label;
  const day = `${MONTHS[Number(m[2]) - 1]} ${Number(m[3])}`;
  return m[4] ? `${day} ${m[4]}:${m[5]}` : day;
}

export function stackSeries(series: readonly SeriesPoint[]): StackedBar[] {
  return series.map((point) => {
    let base = 0;
    const segments: StackSegment[] = [];
    for (const group of STATUS_GROUPS) {
      const count = point.groups[group];
      segments.push({ group, count, base });
      base += count;
    }
    return { point, label: bucketLabel(point.label), total: base, segments };
  });
}

function seconds(s: number): string {
  if (s < 60) return `${s} s`;
  const m = s / 60;
  return Number.isInteger(m) ? `${m} min` : `${Math.floor(m)} min ${s % 60} s`;
}

/** A bucket's first and last second: "0 s – 14 s", "2 min – 2 min 59 s", "30 min or more" (tables, hover text). */
export function durationLabel(bucket: Pick<DurationBucket, 'minSeconds' | 'maxSeconds'>): string {
  if (bucket.maxSeconds === null) return `${seconds(bucket.minSeconds)} or more`;
  return `${seconds(bucket.minSeconds)} – ${seconds(bucket.maxSeconds)}`;
}

/**
 * A bucket as an axis reads it, from its first second to the next bucket's: "0–15 s", "30–60 s",
 * "2–3 min", "30 min+".
 */
export function durationAxisLabel(bucket: Pick<DurationBucket, 'minSeconds' | 'maxSeconds'>): string {
  const { minSeconds: from } = bucket;
  const minutes = (s: number) => s / 60;
  if (bucket.maxSeconds === null) return from % 60 === 0 && from > 0 ? `${minutes(from)} min+` : `${seconds(from)}+`;
  const to = bucket.maxSeconds + 1;
  if (to <= 60) return `${from}–${to} s`;
  if (from % 60 === 0 && to % 60 === 0) return `${minutes(from)}–${minutes(to)} min`;
  return `${seconds(from)} – ${seconds(to)}`;
}

/** The characters of the longer line when `label` is split at a space into the two most even lines. */
export function twoLineChars(label: string): number {
  const words = label.split(' ');
  let best = label.length;
  for (let i = 1; i < words.length; i++) best = Math.min(best, Math.max(words.slice(0, i).join(' ').length, words.slice(i).join(' ').length));
  return best;
}

/** A share as a whole percent ("42 %"), or an em dash when there is nothing to divide. */
export function formatShare(share: number | null): string {
  return share === null ? '—' : `${Math.round(share * 100)} %`;
}
