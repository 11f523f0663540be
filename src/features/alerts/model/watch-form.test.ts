import { describe, expect, it } from 'vitest';
import { defaultsFor, describeCondition, toRuleBody, WatchForm } from './watch-form';

describe('the watch form', () => {
  it('turns a share threshold into the contract body', () => {
    const form = { ...defaultsFor('No answer X'), pauseCampaignId: '9c1b2f8e-2d1c-4c59-9a52-0f5a4a3f1b11' };
    const parsed = WatchForm.parse(form);
    expect(toRuleBody(parsed)).toEqual({
      name: 'Watch No answer X',
      viewName: 'No answer X',
      condition: { kind: 'share', group: 'noAnswer', windowMinutes: 60, abovePercent: 40, minCalls: 5 },
      webhookUrl: null,
      pauseCampaignId: '9c1b2f8e-2d1c-4c59-9a52-0f5a4a3f1b11',
      enabled: true,
    });
  });

  it('puts each problem on the field that holds it, whatever the kind', () => {
    const result = WatchForm.safeParse({ ...defaultsFor('v'), kind: 'count', windowMinutes: 0, atLeast: 0, webhookUrl: 'nope', webhookSecret: 'short' });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(result.error!.issues.map((i) => [String(i.path[0]), i.message]));
    expect(byField).toEqual({
      windowMinutes: 'The window must be at least 1.',
      atLeast: 'The count must be at least 1.',
      webhookUrl: 'Enter a full URL, such as https://hooks.example.com/switchboard.',
      webhookSecret: 'The signing secret must be at least 16 characters.',
    });
  });

  it('sends one status for a count, and a stuck threshold alone', () => {
    const count = toRuleBody(WatchForm.parse({ ...defaultsFor('v'), kind: 'count', status: 'REJECTED_MAX_CONCURRENCY', windowMinutes: 15, atLeast: 1 }));
    expect(count.condition).toEqual({ kind: 'count', statuses: ['REJECTED_MAX_CONCURRENCY'], windowMinutes: 15, atLeast: 1 });
    expect(toRuleBody(WatchForm.parse({ ...defaultsFor('v'), kind: 'stuck', minutes: 20 })).condition).toEqual({ kind: 'stuck', minutes: 20 });
  });

  it('says a threshold in words, never in codes', () => {
    expect(describeCondition({ kind: 'share', group: 'noAnswer', windowMinutes: 60, abovePercent: 40, minCalls: 20 })).toBe(
      'No answer share above 40 % over 60 min (at least 20 ended)',
    );
    expect(describeCondition({ kind: 'count', statuses: ['REJECTED_MAX_CONCURRENCY'], windowMinutes: 15, atLeast: 1 })).toBe(
      'at least 1 “Rejected: concurrency” call over 15 min',
    );
    expect(describeCondition({ kind: 'count', statuses: [], windowMinutes: 30, atLeast: 2 })).toBe('at least 2 calls over 30 min');
  });
});
