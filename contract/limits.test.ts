import { describe, expect, it } from 'vitest';
import { LIMITS } from './limits';
import { AgentListQuery, CallListQuery } from './queries';
import { BulkCallCreate } from './schemas/calls-create';
import { CampaignCreate } from './schemas/campaign';
import { toValidationErrors } from './errors';

const AGENT = '3f0c8a8e-6a8b-4c39-9a51-3c1c8a4b2d10';
const recipients = (n: number) => Array.from({ length: n }, (_, i) => ({ phone: `+3361234${String(i).padStart(4, '0')}` }));
const campaign = (over: Record<string, unknown> = {}) => ({
  name: 'Spring renewals',
  agentId: AGENT,
  startDate: '2030-01-07',
  timeSlots: [{ startTime: '10:00', endTime: '12:00' }],
  batchSize: 100,
  days: ['MONDAY', 'TUESDAY'],
  recipients: recipients(3),
  timezone: 'Europe/Paris',
  ...over,
});

function fields(result: { success: boolean; error?: unknown }, input: unknown) {
  if (result.success) return [];
  return toValidationErrors(result.error as never, input).map((e) => e.field);
}

describe('limits of the spec', () => {
  it('accepts a valid campaign', () => {
    expect(CampaignCreate.safeParse(campaign()).success).toBe(true);
  });

  it.each([
    [LIMITS.batchSize.min - 1, false],
    [LIMITS.batchSize.min, true],
    [LIMITS.batchSize.max, true],
    [LIMITS.batchSize.max + 1, false],
    [10.5, false],
  ])('batchSize %s -> %s', (batchSize, ok) => {
    const input = campaign({ batchSize });
    const result = CampaignCreate.safeParse(input);
    expect(result.success).toBe(ok);
    if (!ok) expect(fields(result, input)).toEqual(['batchSize']);
  });

  it.each([
    [0, false],
    [1, true],
    [1000, true],
    [1001, false],
  ])('campaign with %s recipients -> %s', (n, ok) => {
    const input = campaign({ recipients: recipients(n) });
    expect(CampaignCreate.safeParse(input).success).toBe(ok);
  });

  it.each([
    [0, false],
    [1, true],
    [1000, true],
    [1001, false],
  ])('bulk with %s recipients -> %s', (n, ok) => {
    expect(BulkCallCreate.safeParse({ agentId: AGENT, recipients: recipients(n) }).success).toBe(ok);
  });

  it('allows two time slots and refuses three', () => {
    const two = [
      { startTime: '10:00', endTime: '12:00' },
      { startTime: '14:00', endTime: '16:00' },
    ];
    expect(CampaignCreate.safeParse(campaign({ timeSlots: two })).success).toBe(true);
    const input = campaign({ timeSlots: [...two, { startTime: '17:00', endTime: '18:00' }] });
    expect(fields(CampaignCreate.safeParse(input), input)).toEqual(['timeSlots']);
  });

  it.each([
    ['09:00', '10:00', false, 'timeSlots[0].startTime'],
    ['09:59', '10:00', false, 'timeSlots[0].startTime'],
    ['09:00', '10:01', true, ''],
    ['19:59', '20:00', true, ''],
    ['20:00', '20:01', false, 'timeSlots[0].startTime'],
    ['13:00', '14:00', false, 'timeSlots[0].startTime'],
    ['12:30', '14:30', true, ''],
    ['12:00', '11:00', false, 'timeSlots[0].endTime'],
    ['10:00', '24:00', false, 'timeSlots[0].endTime'],
  ])('slot %s-%s -> %s', (startTime, endTime, ok, field) => {
    const input = campaign({ timeSlots: [{ startTime, endTime }] });
    const result = CampaignCreate.safeParse(input);
    expect(result.success).toBe(ok);
    if (!ok) expect(fields(result, input)).toEqual([field]);
  });

  it('refuses overlapping slots on the second slot', () => {
    const input = campaign({
      timeSlots: [
        { startTime: '10:00', endTime: '12:00' },
        { startTime: '11:00', endTime: '13:00' },
      ],
    });
    expect(fields(CampaignCreate.safeParse(input), input)).toEqual(['timeSlots[1].startTime']);
  });

  it('refuses duplicate recipients with the path of the duplicate', () => {
    const input = campaign({ recipients: [{ phone: '+33612345678' }, { phone: '+33612345679' }, { phone: '+33612345678' }] });
    expect(fields(CampaignCreate.safeParse(input), input)).toEqual(['recipients[2].phone']);
  });

  it('bounds retry and defaults it per docs/api-assumptions.md', () => {
    const parsed = CampaignCreate.parse(campaign({ retry: {} }));
    expect(parsed.retry).toEqual({ max: 0, delay: 60, retryOn: ['NO_ANSWER', 'UNREACHABLE'] });
    for (const retry of [{ max: 11 }, { max: -1 }, { delay: 0 }, { delay: 1441 }, { retryOn: ['COMPLETED'] }]) {
      expect(CampaignCreate.safeParse(campaign({ retry })).success, JSON.stringify(retry)).toBe(false);
    }
  });

  it('bounds the page size to 100 on both list routes and defaults to 20', () => {
    for (const schema of [AgentListQuery, CallListQuery]) {
      expect(schema.parse({}).size).toBe(LIMITS.pageSize.default);
      expect(schema.safeParse({ size: '100' }).success).toBe(true);
      expect(schema.safeParse({ size: '101' }).success).toBe(false);
      expect(schema.safeParse({ size: '0' }).success).toBe(false);
      expect(schema.safeParse({ page: '0' }).success).toBe(false);
    }
  });

  it('requires from and to together, in order', () => {
    expect(CallListQuery.safeParse({ from: '2026-01-01' }).success).toBe(false);
    expect(CallListQuery.safeParse({ to: '2026-01-01' }).success).toBe(false);
    expect(CallListQuery.safeParse({ from: '2026-01-02', to: '2026-01-01' }).success).toBe(false);
    expect(CallListQuery.safeParse({ from: '2026-01-01', to: '2026-01-01' }).success).toBe(true);
  });
});
