/**
 * Normalises a transcript payload into a timeline. docs/api-assumptions.md allows the transcript as a bare array or
 * wrapped in an object under `entries`, `content` or `items`; malformed entries are skipped rather
 * than failing the whole review screen.
 */
import { TRANSCRIPT_ACTIONS, TRANSCRIPT_ACTORS } from '@contract/enums.plain';
import { toUtcTimestamp } from '@contract/timestamps';
import type { TranscriptEntry } from '@contract/schemas/transcript';
import { formatOffset } from './format';

const oneOf = <T extends string>(values: readonly T[], v: unknown): v is T => typeof v === 'string' && (values as readonly string[]).includes(v);

/**
 * Tolerant reading of one entry (no zod: the review screen's code stays small): a time in any ISO
 * form (fractions, offsets) is later brought to the contract's UTC seconds, an unknown actor becomes
 * UNKNOWN, a missing message empty. An entry without a known action or a readable time is dropped.
 */
function looseEntry(raw: unknown): TranscriptEntry | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const { action, time, actor, message } = raw as Record<string, unknown>;
  if (!oneOf(TRANSCRIPT_ACTIONS, action) || typeof time !== 'string' || Number.isNaN(Date.parse(time))) return null;
  return { action, time, actor: oneOf(TRANSCRIPT_ACTORS, actor) ? actor : 'UNKNOWN', message: typeof message === 'string' ? message : '' };
}

export type TimelineItem =
  | { kind: 'event'; index: number; entry: TranscriptEntry; offsetSeconds: number }
  | { kind: 'turn'; index: number; entry: TranscriptEntry; offsetSeconds: number; speaker: 'HUMAN' | 'AGENT' };

const WRAPPER_KEYS = ['entries', 'content', 'items'] as const;

function unwrap(payload: unknown): unknown[] {
  if (Array.isArray(payload)) return payload;
  if (payload && typeof payload === 'object') {
    for (const key of WRAPPER_KEYS) {
      const inner = (payload as Record<string, unknown>)[key];
      if (Array.isArray(inner)) return inner;
    }
  }
  return [];
}

/** Valid entries, sorted by time (stable, so equal times keep their upstream order). */
export function normaliseTranscript(payload: unknown): TranscriptEntry[] {
  const entries: { entry: TranscriptEntry; ms: number; i: number }[] = [];
  for (const raw of unwrap(payload)) {
    const entry = looseEntry(raw);
    if (!entry) continue;
    const ms = Date.parse(entry.time);
    entries.push({ entry: { ...entry, time: toUtcTimestamp(new Date(ms)) }, ms, i: entries.length });
  }
  return entries.sort((a, b) => a.ms - b.ms || a.i - b.i).map(({ entry }) => entry);
}

/** Spoken turns become conversation items; everything else is a distinct event. */
export function toTimeline(entries: TranscriptEntry[], callStart: string): TimelineItem[] {
  const start = Date.parse(callStart);
  return entries.map((entry, index) => {
    const offsetSeconds = Math.max(0, (Date.parse(entry.time) - start) / 1000);
    if (entry.action === 'HUMAN_SPEAK') return { kind: 'turn', index, entry, offsetSeconds, speaker: 'HUMAN' };
    if (entry.action === 'AGENT_SPEAK') return { kind: 'turn', index, entry, offsetSeconds, speaker: 'AGENT' };
    return { kind: 'event', index, entry, offsetSeconds };
  });
}

/** Index of the item being spoken at `seconds` (the last item starting at or before it), or -1. */
export function activeIndexAt(items: TimelineItem[], seconds: number): number {
  let lo = 0;
  let hi = items.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (items[mid]!.offsetSeconds <= seconds) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** Plain-text transcript for the clipboard. */
export function transcriptToText(items: TimelineItem[]): string {
  return items
    .map((item) => {
      const at = formatOffset(item.offsetSeconds);
      return item.kind === 'turn'
        ? `[${at}] ${item.speaker}: ${item.entry.message}`
        : `[${at}] — ${item.entry.action}${item.entry.message ? ` ${item.entry.message}` : ''}`;
    })
    .join('\n');
}

/** Case-insensitive find; returns matching item indexes. */
export function findInTranscript(items: TimelineItem[], query: string): number[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  return items.filter((item) => item.entry.message.toLowerCase().includes(needle)).map((item) => item.index);
}
