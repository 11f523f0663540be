import { describe, expect, it } from 'vitest';
import { LIMITS } from '@contract/limits';
import { basicsSchema, recipientsStepSchema, retrySchema, scheduleSchema } from './step-schemas';

const now = () => new Date('2026-11-23T12:00:00Z');
const schedule = {
  startDate: '2026-11-24',
  days: ['MONDAY'],
  timeSlots: [{ startTime: '10:00', endTime: '12:00' }],
  batchSize: 10,
};
const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('basics', () => {
  it('accepts a name, an agent and an IANA zone', () => {
    expect(
      basicsSchema.safeParse({
        name: 'Renewals',
        agentId: '8f2e6a52-52d4-4b0e-9a8b-0c7a0f3d2a11',
        timezone: 'Europe/Paris',
      }).success,
    ).toBe(true);
  });
  it('refuses an empty name, no agent and an unknown zone, each with its reason', () => {
    const r = basicsSchema.safeParse({
      name: ' ',
      agentId: '',
      timezone: 'Mars/Olympus',
    });
    expect(messages(r)).toEqual([
      'name: Give the campaign a name.',
      'agentId: Pick an agent.',
      'timezone: Must be an IANA time zone name, such as Europe/Paris.',
    ]);
  });
  it('refuses a name past the limit', () => {
    const r = basicsSchema.safeParse({
      name: 'x'.repeat(LIMITS.campaignName.max + 1),
      agentId: '8f2e6a52-52d4-4b0e-9a8b-0c7a0f3d2a11',
      timezone: 'UTC',
    });
    expect(r.success).toBe(false);
  });
});

describe('schedule', () => {
  const s = scheduleSchema('Pacific/Kiritimati', now);
  it('accepts today in the campaign zone even when it is still yesterday in UTC-land', () => {
    // 12:00 UTC is 02:00 on the 24th in Kiritimati (UTC+14).
    expect(s.safeParse({ ...schedule, startDate: '2026-11-24' }).success).toBe(true);
    expect(messages(s.safeParse({ ...schedule, startDate: '2026-11-23' }))[0]).toMatch(/^startDate: The start date cannot be before today \(2026-11-24\)/);
  });
  it('refuses a slot outside both windows with the reason', () => {
    expect(
      messages(
        s.safeParse({
          ...schedule,
          timeSlots: [{ startTime: '09:00', endTime: '10:00' }],
        }),
      ),
    ).toEqual(['timeSlots.0.startTime: The slot 09:00-10:00 lies outside the calling windows (10:00-13:00 and 14:00-20:00).']);
  });
  it('refuses overlapping slots and a third slot', () => {
    expect(
      messages(
        s.safeParse({
          ...schedule,
          timeSlots: [
            { startTime: '10:00', endTime: '12:00' },
            { startTime: '11:00', endTime: '15:00' },
          ],
        }),
      ),
    ).toEqual(['timeSlots.1.startTime: The two time slots overlap.']);
    const three = [
      { startTime: '10:00', endTime: '11:00' },
      { startTime: '11:00', endTime: '12:00' },
      { startTime: '14:00', endTime: '15:00' },
    ];
    expect(messages(s.safeParse({ ...schedule, timeSlots: three }))).toEqual([`timeSlots: At most ${LIMITS.timeSlots.max} time slots.`]);
  });
  it('refuses batch sizes 0 and 1,001 and no weekday', () => {
    expect(messages(s.safeParse({ ...schedule, batchSize: 0 }))).toEqual(['batchSize: Calls per day must be at least 1.']);
    expect(messages(s.safeParse({ ...schedule, batchSize: LIMITS.batchSize.max + 1 }))).toEqual(['batchSize: Calls per day must be at most 1000.']);
    expect(messages(s.safeParse({ ...schedule, days: [] }))).toEqual(['days: Pick at least one weekday.']);
  });
});

describe('retry', () => {
  it('is either off or a full policy within the limits', () => {
    expect(retrySchema.safeParse({ enabled: false }).success).toBe(true);
    expect(
      retrySchema.safeParse({
        enabled: true,
        max: 3,
        delay: 30,
        retryOn: ['NO_ANSWER'],
      }).success,
    ).toBe(true);
    expect(
      messages(
        retrySchema.safeParse({
          enabled: true,
          max: LIMITS.retryMax.max + 1,
          delay: 0,
          retryOn: [],
        }),
      ),
    ).toEqual(['max: At most 10 more attempts.', 'delay: Wait at least 1 minute.', 'retryOn: Pick at least one outcome to retry on.']);
  });
});

describe('recipients', () => {
  const max = LIMITS.campaignRecipients.max;
  it('needs one recipient, the columns set, and a list over the limit split (once the columns are set)', () => {
    expect(recipientsStepSchema.safeParse({ count: 1, mappingProblems: [], split: false }).success).toBe(true);
    expect(recipientsStepSchema.safeParse({ count: max + 1, mappingProblems: [], split: true }).success).toBe(true);
    expect(messages(recipientsStepSchema.safeParse({ count: 0, mappingProblems: [], split: false }))).toEqual(['count: Add at least one recipient.']);
    expect(
      messages(recipientsStepSchema.safeParse({ count: max + 1, mappingProblems: ['Choose the column that holds the phone number.'], split: false })),
    ).toEqual(['mappingProblems: Set the columns above first.']);
    expect(messages(recipientsStepSchema.safeParse({ count: max + 1, mappingProblems: [], split: false }))).toEqual([
      'split: Split the list into campaigns, or remove recipients to go on.',
    ]);
  });
});
