import { describe, expect, it } from 'vitest';
import { toTimeline } from './transcript';
import { normaliseTranscript } from './transcript-read';
import { turnBands } from './turn-bands';

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 10, 0, s)).toISOString().replace('.000', '');
const timeline = (rows: [string, number][]) =>
  toTimeline(normaliseTranscript(rows.map(([action, s]) => ({ action, actor: 'UNKNOWN', message: '', time: at(s) }))), at(0));

describe('turnBands', () => {
  it('gives each turn the span until the next item, in fractions of the recording; events get none', () => {
    const items = timeline([
      ['RING', 0],
      ['AGENT_SPEAK', 10],
      ['HUMAN_SPEAK', 30],
      ['HANG_UP', 50],
    ]);
    expect(turnBands(items, 100)).toEqual([
      { speaker: 'AGENT', start: 0.1, end: 0.3 },
      { speaker: 'HUMAN', start: 0.3, end: 0.5 },
    ]);
  });
  it('merges back-to-back turns of one speaker, keeps a last turn one second long and at least 0.2 s', () => {
    const items = timeline([
      ['AGENT_SPEAK', 0],
      ['AGENT_SPEAK', 5],
      ['HUMAN_SPEAK', 10],
      ['HUMAN_SPEAK', 10],
      ['AGENT_SPEAK', 40],
    ]);
    const bands = turnBands(items, 50);
    expect(bands.map((b) => [b.speaker, b.start, b.end])).toEqual([
      ['AGENT', 0, 0.2],
      ['HUMAN', 0.2, 0.8],
      ['AGENT', 0.8, 0.82],
    ]);
  });
  it('clips to the recording and needs a duration', () => {
    const items = timeline([
      ['AGENT_SPEAK', 9],
      ['HUMAN_SPEAK', 12],
    ]);
    expect(turnBands(items, 10)).toEqual([{ speaker: 'AGENT', start: 0.9, end: 1 }]);
    expect(turnBands(items, 0)).toEqual([]);
    expect(turnBands(items, NaN)).toEqual([]);
  });
  it('stays one band per turn for a 2,000-entry conversation', () => {
    const rows: [string, number][] = Array.from({ length: 2000 }, (_, i) => [i % 2 ? 'HUMAN_SPEAK' : 'AGENT_SPEAK', i * 0.3]);
    expect(turnBands(timeline(rows), 600)).toHaveLength(2000);
  });
});
