import { describe, expect, it } from 'vitest';
import { LIMITS } from '@contract/limits';
import { mapFieldError, parseFieldPath } from './field-errors';
import { splitName, splitRecipients } from './split-recipients';

describe('split beyond the recipient limit', () => {
  it('keeps up to the limit as one campaign', () => {
    const one = splitRecipients(
      'Renewals',
      Array.from({ length: LIMITS.campaignRecipients.max }, (_, i) => i),
    );
    expect(one).toHaveLength(1);
    expect(one[0]!.name).toBe('Renewals');
  });
  it('splits 2,001 into three named parts, in order, none over the limit', () => {
    const parts = splitRecipients(
      'Renewals',
      Array.from({ length: 2001 }, (_, i) => i),
    );
    expect(parts.map((p) => p.name)).toEqual(['Renewals (1/3)', 'Renewals (2/3)', 'Renewals (3/3)']);
    expect(parts.map((p) => p.recipients.length)).toEqual([1000, 1000, 1]);
    expect(parts.flatMap((p) => p.recipients)).toEqual(Array.from({ length: 2001 }, (_, i) => i));
  });
  it('shortens a long name so the part number always fits', () => {
    const name = splitName('x'.repeat(LIMITS.campaignName.max), 1, 3);
    expect(name).toHaveLength(LIMITS.campaignName.max);
    expect(name.endsWith(' (2/3)')).toBe(true);
  });
});

describe('upstream field paths to steps', () => {
  it('parses bracket and dot paths', () => {
    expect(parseFieldPath('recipients[12].phone')).toEqual(['recipients', 12, 'phone']);
    expect(parseFieldPath('timeSlots.1.startTime')).toEqual(['timeSlots', 1, 'startTime']);
  });
  it('puts each field on its step, recipients on their 1-based row', () => {
    expect(mapFieldError({ field: 'recipients[12].phone', message: 'bad' })).toEqual({ step: 'recipients', field: 'phone', row: 13, message: 'bad' });
    expect(mapFieldError({ field: 'timeSlots[1].startTime', message: 'm' })).toMatchObject({ step: 'schedule', field: 'timeSlots.1.startTime' });
    expect(mapFieldError({ field: 'agentId', message: 'm' })).toMatchObject({
      step: 'basics',
      field: 'agentId',
    });
    expect(mapFieldError({ field: 'retry.delay', message: 'm' })).toMatchObject({ step: 'retry', field: 'retry.delay' });
    expect(mapFieldError({ field: 'recipients', message: 'm' })).toMatchObject({
      step: 'recipients',
      field: 'recipients',
    });
    expect(mapFieldError({ field: 'somethingElse', message: 'm' })).toMatchObject({ step: 'review' });
  });
});
