/**
 * Reads a transcript payload into its entries. docs/api-assumptions.md allows the transcript as a
 * bare array or wrapped in an object under `entries`, `content` or `items`; malformed entries are
 * skipped rather than failing the whole review screen. Apart from the timeline (transcript.ts): the
 * transcript's query reads with this on the review's first load, the timeline comes with its body.
 */
import { TRANSCRIPT_ACTIONS, TRANSCRIPT_ACTORS } from '@contract/enums.plain';
import { toUtcTimestamp } from '@contract/timestamps';
import type { TranscriptEntry } from '@contract/schemas/transcript';

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
