/**
 * Normalises a transcript payload into a timeline. gaps.md allows the transcript as a bare array or
 * wrapped in an object under `entries`, `content` or `items`; malformed entries are skipped rather
 * than failing the whole review screen.
 */
import { TranscriptEntry } from '@contract/schemas/transcript';

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
  const entries: TranscriptEntry[] = [];
  for (const raw of unwrap(payload)) {
    const parsed = TranscriptEntry.safeParse(raw);
    if (parsed.success) entries.push(parsed.data);
  }
  return entries
    .map((entry, i) => ({ entry, i }))
    .sort((a, b) => a.entry.time.localeCompare(b.entry.time) || a.i - b.i)
    .map(({ entry }) => entry);
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
      return item.kind === 'turn' ? `[${at}] ${item.speaker}: ${item.entry.message}` : `[${at}] — ${item.entry.action}${item.entry.message ? ` ${item.entry.message}` : ''}`;
    })
    .join('\n');
}

/** Case-insensitive find; returns matching item indexes. */
export function findInTranscript(items: TimelineItem[], query: string): number[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  return items.filter((item) => item.entry.message.toLowerCase().includes(needle)).map((item) => item.index);
}

/** m:ss (h:mm:ss past an hour); also used for call durations. */
export function formatOffset(totalSeconds: number): string {
  const s = Math.floor(totalSeconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}
