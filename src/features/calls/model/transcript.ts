/**
 * A transcript's entries (transcript-read.ts) as a timeline: spoken turns and events with their
 * offsets from the call's start, the line playing at a time, the text to copy, and find.
 */
import type { TranscriptEntry } from '@contract/schemas/transcript';
import { formatOffset } from '@/lib/duration';

export type TimelineItem =
  | { kind: 'event'; index: number; entry: TranscriptEntry; offsetSeconds: number }
  | { kind: 'turn'; index: number; entry: TranscriptEntry; offsetSeconds: number; speaker: 'HUMAN' | 'AGENT' };

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

/** An event's name in words, the same in the transcript and under the player: "Hang up", "Transfer call". */
export function eventLabel(action: string): string {
  const words = action.replace(/_/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Who spoke a line, or the event it was, in a short listing of lines: "Agent", "Person", "Hang up". */
export function lineLabel(item: TimelineItem): string {
  if (item.kind === 'event') return eventLabel(item.entry.action);
  return item.speaker === 'AGENT' ? 'Agent' : 'Person';
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
