import { describe, expect, it } from 'vitest';
import { attemptsReason, capSkipSummary, capSkippedSummary, ContactCapsBody, quietReason } from './contact-caps';

describe('contact caps: reasons and bounds', () => {
  it('says the count, the window and the cap, and what a campaign adds', () => {
    expect(attemptsReason(7, { attempts: 7, windowDays: 7 }, 1)).toBe('Called 7 times this week (cap: 7 in 7 days)');
    expect(attemptsReason(1, { attempts: 2, windowDays: 1 }, 3)).toBe('Called 1 time in the last 1 day (cap: 2 in 1 day; this adds up to 3)');
    expect(quietReason('2026-11-27T10:00:00.000Z', 7)).toBe('Reached on 2026-11-27: no call for 7 days after a reached call');
    expect(capSkipSummary(38, 120)).toBe('38 of 120 numbers are over the contact caps and will be skipped.');
    expect(capSkippedSummary(1, 1)).toBe('1 of 1 number was over the contact caps and left out.');
  });
  it('refuses caps outside their bounds, naming the field', () => {
    expect(ContactCapsBody.safeParse({ attempts: null, windowDays: 7, quietDays: 0 }).success).toBe(true);
    const bad = ContactCapsBody.safeParse({ attempts: 0, windowDays: 91, quietDays: -1 });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path.join('.'))).toEqual(['attempts', 'windowDays', 'quietDays']);
  });
});
