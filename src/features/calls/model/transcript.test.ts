import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TranscriptAction, TranscriptActor } from '@contract/enums';
import { formatOffset } from '@/lib/duration';
import { activeIndexAt, findInTranscript, lineLabel, toTimeline, transcriptToText } from './transcript';
import { normaliseTranscript } from './transcript-read';

const entries = [
  { action: 'RING', actor: 'UNKNOWN', message: 'Ringing', time: '2026-01-01T10:00:00Z' },
  { action: 'ANSWER', actor: 'HUMAN', message: 'Answered', time: '2026-01-01T10:00:04Z' },
  { action: 'AGENT_SPEAK', actor: 'AGENT', message: 'Hello, this is Ada', time: '2026-01-01T10:00:05Z' },
  { action: 'HUMAN_SPEAK', actor: 'HUMAN', message: 'Hi Ada', time: '2026-01-01T10:00:09Z' },
  { action: 'HANG_UP', actor: 'HUMAN', message: 'Hung up', time: '2026-01-01T10:01:10Z' },
];

describe('normaliseTranscript', () => {
  it.each([
    ['array', entries],
    ['entries', { entries }],
    ['content', { content: entries }],
    ['items', { items: entries }],
  ])('accepts the %s shape', (_n, payload) => {
    expect(normaliseTranscript(payload)).toEqual(entries);
  });
  it('sorts by time, stable, and tolerates other ISO forms, unknown actors and missing messages', () => {
    const out = normaliseTranscript([
      entries[3],
      { action: 'AGENT_SPEAK', actor: 'ROBOT', time: '2026-01-01T11:00:05+01:00' },
      entries[0],
      { action: 'HUMAN_SPEAK', actor: 'HUMAN', message: 'same time', time: '2026-01-01T10:00:09.000Z' },
    ]);
    expect(out.map((e) => e.time)).toEqual(['2026-01-01T10:00:00Z', '2026-01-01T10:00:05Z', '2026-01-01T10:00:09Z', '2026-01-01T10:00:09Z']);
    expect(out[1]).toEqual({ action: 'AGENT_SPEAK', actor: 'UNKNOWN', message: '', time: '2026-01-01T10:00:05Z' });
    expect(out[3]!.message).toBe('same time');
  });
  it('drops malformed entries and unknown payloads instead of failing', () => {
    expect(normaliseTranscript([{ action: 'DANCE', time: '2026-01-01T10:00:00Z' }, { action: 'RING', time: 'yesterday' }, null, 3])).toEqual([]);
    expect(normaliseTranscript('nope')).toEqual([]);
    expect(normaliseTranscript({ data: entries })).toEqual([]);
  });
});

describe('timeline', () => {
  const items = toTimeline(normaliseTranscript(entries), '2026-01-01T10:00:00Z');
  it('separates events from conversation turns with offsets from the start', () => {
    expect(items.map((i) => [i.kind, i.offsetSeconds])).toEqual([
      ['event', 0],
      ['event', 4],
      ['turn', 5],
      ['turn', 9],
      ['event', 70],
    ]);
    expect(items[2]).toMatchObject({ kind: 'turn', speaker: 'AGENT' });
  });
  it('names each line by who spoke it, or by its event in words', () => {
    expect(items.map(lineLabel)).toEqual(['Ring', 'Answer', 'Agent', 'Person', 'Hang up']);
  });
  it('finds the item at a playback time', () => {
    expect(activeIndexAt(items, -1)).toBe(-1);
    expect(activeIndexAt(items, 5)).toBe(2);
    expect(activeIndexAt(items, 8.9)).toBe(2);
    expect(activeIndexAt(items, 500)).toBe(4);
    expect(activeIndexAt([], 3)).toBe(-1);
  });
  it('finds text case-insensitively and copies as text', () => {
    expect(findInTranscript(items, 'ADA')).toEqual([2, 3]);
    expect(findInTranscript(items, '  ')).toEqual([]);
    expect(transcriptToText(items).split('\n')[2]).toBe('[0:05] AGENT: Hello, this is Ada');
  });
  it('formats offsets', () => {
    expect(formatOffset(0)).toBe('0:00');
    expect(formatOffset(65.9)).toBe('1:05');
    expect(formatOffset(3725)).toBe('1:02:05');
  });
});

describe('normaliseTranscript without zod', () => {
  // The zod reading it replaced (kept here only), from the contract's enums.
  const LooseEntry = z.object({
    action: TranscriptAction,
    time: z.string().refine((t) => !Number.isNaN(Date.parse(t))),
    actor: TranscriptActor.catch('UNKNOWN'),
    message: z.string().catch(''),
  });
  const reference = (payload: unknown[]) =>
    payload
      .map((raw, i) => ({ parsed: LooseEntry.safeParse(raw), i }))
      .filter((p) => p.parsed.success)
      .map(({ parsed, i }) => ({
        entry: { ...parsed.data!, time: new Date(Date.parse(parsed.data!.time)).toISOString().replace(/\.\d{3}Z$/, 'Z') },
        ms: Date.parse(parsed.data!.time),
        i,
      }))
      .sort((a, b) => a.ms - b.ms || a.i - b.i)
      .map(({ entry }) => entry);
  const field = fc.oneof(
    fc.string(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.constantFrom(...TranscriptAction.options, ...TranscriptActor.options, '2026-01-01T10:00:00Z', '2026-01-01T11:00:05.250+01:00', 'yesterday'),
  );
  const entry = fc.oneof(
    fc.record({ action: field, time: field, actor: field, message: field }, { requiredKeys: [] }),
    fc.constantFrom(null, 3, 'RING', [], [{ action: 'RING' }]),
  );

  it('keeps and drops exactly the entries the zod schema did', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 12 }), (payload) => {
        expect(normaliseTranscript(payload)).toEqual(reference(payload));
      }),
      { numRuns: 2000 },
    );
  });
});
