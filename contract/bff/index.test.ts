import { describe, expect, it } from 'vitest';
import { CallStatus } from '../enums';
import { InsightsQuery, IndexSearchQuery, INDEX_LIMITS } from './index';
import { STATUS_GROUPS, STATUS_GROUP_OF, STATUS_GROUP_STATUSES } from '../status-groups';

const fields = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => (r.error?.issues ?? []).map((i) => i.path.join('.'));

describe('status groups', () => {
  it('put every status in exactly one group, as the insights doc says', () => {
    const listed = STATUS_GROUPS.flatMap((g) => STATUS_GROUP_STATUSES[g]);
    expect([...listed].sort()).toEqual([...CallStatus.options].sort());
    expect(STATUS_GROUP_STATUSES.reached).toEqual(['COMPLETED', 'TRANSFERRED']);
    expect(STATUS_GROUP_STATUSES.noAnswer).toEqual(['NO_ANSWER', 'VOICE_BOX', 'UNREACHABLE']);
    expect(STATUS_GROUP_STATUSES.failed).toEqual(['FAILED', 'FAILOVER', 'REJECTED', 'REJECTED_LIMIT_REACHED', 'REJECTED_MAX_CONCURRENCY']);
    expect(STATUS_GROUP_OF.CANCELED).toBe('canceled');
  });
});

describe('IndexSearchQuery', () => {
  it('reads repeated and comma-separated statuses, pairs, booleans and numbers', () => {
    const q = IndexSearchQuery.parse({
      status: ['NO_ANSWER,VOICE_BOX', 'FAILED'],
      classifier: 'interest=no=really',
      extracted: ['address.city=Paris'],
      tag: 'vip',
      hasRecording: 'true',
      minDuration: '10',
      hangUpWithin: '5',
    });
    expect(q.status).toEqual(['NO_ANSWER', 'VOICE_BOX', 'FAILED']);
    expect(q.classifier).toEqual([{ name: 'interest', value: 'no=really' }]);
    expect(q.extracted).toEqual([{ path: ['address', 'city'], value: 'Paris' }]);
    expect(q.tag).toEqual(['vip']);
    expect(q).toMatchObject({ hasRecording: true, minDuration: 10, hangUpWithin: 5, page: 1, size: 20, sort: 'startTime,DESC', tz: 'UTC' });
  });

  it('names the field of a bad date, an unknown status, a bad zone, a bad pair', () => {
    expect(fields(IndexSearchQuery.safeParse({ from: '2026-02-30', to: '2026-03-01' }))).toContain('from');
    expect(fields(IndexSearchQuery.safeParse({ from: '2026-03-01' }))).toContain('to');
    expect(fields(IndexSearchQuery.safeParse({ status: 'DONE' }))).toContain('status.0');
    expect(fields(IndexSearchQuery.safeParse({ tz: 'Mars/Base' }))).toContain('tz');
    expect(fields(IndexSearchQuery.safeParse({ classifier: 'novalue' }))).toContain('classifier.0');
    expect(fields(IndexSearchQuery.safeParse({ extracted: 'a..b=1' }))).toContain('extracted.0');
    expect(fields(IndexSearchQuery.safeParse({ minDuration: '9', maxDuration: '3' }))).toContain('minDuration');
    expect(IndexSearchQuery.safeParse({ nope: '1' }).error?.issues[0]?.code).toBe('unrecognized_keys');
    expect(IndexSearchQuery.safeParse({ nope: '1' }).success).toBe(false);
  });

  it('takes hostile search text as text, and refuses NUL and overlong text on q', () => {
    expect(IndexSearchQuery.parse({ q: `"unclosed & | ! : * ( ) ' -- ;` }).q).toContain('unclosed');
    expect(fields(IndexSearchQuery.safeParse({ q: 'a\u0000b' }))).toEqual(['q']);
    expect(fields(IndexSearchQuery.safeParse({ q: 'x'.repeat(10_000) }))).toEqual(['q']);
    expect(IndexSearchQuery.safeParse({ q: 'x'.repeat(INDEX_LIMITS.qMaxLength) }).success).toBe(true);
  });
});

describe('InsightsQuery', () => {
  it('needs a range, at most a year, and a real zone', () => {
    expect(fields(InsightsQuery.safeParse({}))).toContain('from');
    expect(fields(InsightsQuery.safeParse({ from: '2025-01-01', to: '2026-06-01' }))).toContain('to');
    expect(InsightsQuery.parse({ from: '2026-11-01', to: '2026-11-24', tz: 'Europe/Paris' })).toMatchObject({ tz: 'Europe/Paris' });
    expect(InsightsQuery.safeParse({ from: '2026-11-01', to: '2026-11-24', phone: '+14155550100' }).success).toBe(false);
  });
});
