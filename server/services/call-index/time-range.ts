/**
 * Dates in a display zone as UTC instants, and the bucket edges of a range: days, or hours walked
 * in real time (a DST day has 23 or 25 hourly buckets; a zone with a half-hour offset has its
 * local hours, not UTC's).
 */
import { DateTime } from 'luxon';
import { INDEX_LIMITS, type InsightsBucket } from '../../../contract/bff/index.plain';

export interface Window {
  start: Date;
  end: Date;
}

/** from..to inclusive dates in `tz` -> [start, end) instants. */
export function dayWindow(from: string, to: string, tz: string): Window {
  return {
    start: DateTime.fromISO(from, { zone: tz }).startOf('day').toJSDate(),
    end: DateTime.fromISO(to, { zone: tz }).plus({ days: 1 }).startOf('day').toJSDate(),
  };
}

/** The window of a query: its dates in tz, narrowed by exact instants when given. */
export function queryWindow(q: { from?: string; to?: string; tz: string; startedFrom?: string; startedBefore?: string }): Partial<Window> {
  const w: Partial<Window> = q.from && q.to ? dayWindow(q.from, q.to, q.tz) : {};
  if (q.startedFrom) {
    const at = new Date(q.startedFrom);
    if (!w.start || at > w.start) w.start = at;
  }
  if (q.startedBefore) {
    const at = new Date(q.startedBefore);
    if (!w.end || at < w.end) w.end = at;
  }
  return w;
}

export function defaultBucket(w: Window, tz: string): InsightsBucket {
  const days = Math.round(DateTime.fromJSDate(w.end, { zone: tz }).diff(DateTime.fromJSDate(w.start, { zone: tz }), 'days').days);
  return days <= INDEX_LIMITS.hourlyMaxDays ? 'hour' : 'day';
}

export interface BucketEdge {
  start: Date;
  label: string;
}

/** Bucket starts from w.start (aligned to the zone's day or hour) up to w.end; the last bucket ends at w.end. */
export function bucketEdges(w: Window, tz: string, bucket: InsightsBucket): BucketEdge[] {
  const edges: BucketEdge[] = [];
  let at = DateTime.fromJSDate(w.start, { zone: tz }).startOf(bucket);
  const end = DateTime.fromJSDate(w.end, { zone: tz });
  for (let i = 0; at < end && i < 24 * (INDEX_LIMITS.insightsMaxDays + 1); i += 1) {
    edges.push({ start: at.toJSDate(), label: bucket === 'day' ? at.toFormat('yyyy-MM-dd') : at.toFormat("yyyy-MM-dd'T'HH:00") });
    // Hours: real time (luxon adds hours as durations); days: calendar days.
    at = bucket === 'day' ? at.plus({ days: 1 }).startOf('day') : at.plus({ hours: 1 });
  }
  return edges;
}
