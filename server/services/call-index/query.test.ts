import { describe, expect, it } from 'vitest';
import { FILTER_ROWS, IndexSearchQuery } from '../../../contract/bff/index';
import { samplesOf } from '../../../contract/testing/filter-samples';
import { whereOf, type IndexFilter } from './query';

/** A URL's query as the route reads it, without paging and sort: what `whereOf` takes. */
function filterOf(raw: Record<string, unknown>): Partial<IndexFilter> {
  const { page: _page, size: _size, sort: _sort, ...filter } = IndexSearchQuery.parse(raw);
  return filter;
}

describe("the index's WHERE clause, one clause per row of the filters' table", () => {
  it('writes every filter as it did before the table (the same SQL, the same parameters, in the same order)', () => {
    const where = whereOf(
      filterOf({
        agentId: '0b5e7d0c-5d39-4d3c-9c43-0f2b9a0c1e11',
        phone: '+33612345678',
        campaignName: 'Winter renewals',
        from: '2026-11-01',
        to: '2026-11-07',
        tz: 'Europe/Paris',
        startedFrom: '2026-11-02T10:00:00Z',
        startedBefore: '2026-11-02T11:00:00Z',
        status: 'NO_ANSWER,VOICE_BOX',
        hasRecording: 'true',
        minDuration: '30',
        maxDuration: '60',
        classifier: ['interest=no', 'mood=calm'],
        extracted: 'address.city=Paris',
        tag: ['vip', 'renewal'],
        answeringMachine: 'false',
        transfer: 'true',
        hangUpWithin: '5',
        q: 'cancel -refund',
        check: ['12', '3'],
        outcome: '4',
      }),
    );
    expect(where.sql).toBe(
      [
        'c.agent_id = $1',
        'c.campaign_name = $2',
        'c.start_time >= $3',
        'c.start_time < $4',
        'c.status = ANY($5::text[])',
        'c.phone = $6',
        'c.recorded = $7',
        'c.duration >= $8',
        'c.duration <= $9',
        'c.classification @> $10::jsonb',
        'c.classification @> $11::jsonb',
        '(c.extracted @> $12::jsonb OR c.extracted @> $13::jsonb)',
        'c.tags @> $14::text[]',
        'c.answering_machine = $15',
        'c.transfer = $16',
        'c.answer_to_hangup <= $17',
        'EXISTS (SELECT 1 FROM review_queue_sources s WHERE s.call_id = c.id AND s.rule_id = $18::int)',
        'EXISTS (SELECT 1 FROM review_queue_sources s WHERE s.call_id = c.id AND s.rule_id = $19::int)',
        'EXISTS (SELECT 1 FROM index_call_outcomes o WHERE o.call_id = c.id AND o.outcome_id = $20::int)',
        "EXISTS (SELECT 1 FROM index_transcripts t WHERE t.call_id = c.id AND t.tsv @@ websearch_to_tsquery('switchboard_text', $21))",
      ].join(' AND '),
    );
    expect(where.params).toEqual([
      '0b5e7d0c-5d39-4d3c-9c43-0f2b9a0c1e11',
      'Winter renewals',
      new Date('2026-11-02T10:00:00Z'),
      new Date('2026-11-02T11:00:00Z'),
      ['NO_ANSWER', 'VOICE_BOX'],
      '+33612345678',
      true,
      30,
      60,
      '{"interest":"no"}',
      '{"mood":"calm"}',
      '{"address":{"city":"Paris"}}',
      '{"address":{"city":["Paris"]}}',
      ['vip', 'renewal'],
      false,
      true,
      5,
      12,
      3,
      4,
      'cancel -refund',
    ]);
    expect(whereOf({}).sql).toBe('true');
  });

  it.each(FILTER_ROWS.map((f) => [f.name, f] as const))('%s: a value of its own narrows the calls', (name, f) => {
    const value = samplesOf(f).good[0];
    // Dates come in pairs; a window's ends differ, so its first alone.
    const keys = f.kind === 'date' ? f.keys : f.keys.slice(0, 1);
    const where = whereOf(filterOf(Object.fromEntries(keys.map((key) => [key, value]))));
    if (name !== 'zone') expect(where.sql).not.toBe('true');
    else {
      // The zone has no clause of its own: it places the dates (the `started` row's clause).
      expect(where.sql).toBe('true');
      const days = { from: '2026-11-01', to: '2026-11-01' };
      expect(whereOf(filterOf({ ...days, tz: value })).params).not.toEqual(whereOf(filterOf(days)).params);
    }
  });
});
