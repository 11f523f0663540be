import { describe, expect, it } from 'vitest';
import type { RedialPlan } from '@contract/bff/redial';
import { buildFromDraft } from '@/lib/recipients/import-draft';
import { readDraft } from './wizard-draft';
import { redialDraft, redialName } from './redial-draft';

const plan: RedialPlan = {
  campaign: {
    id: '3f1c2b9e-0a4d-4c8e-9f1a-2b3c4d5e6f70',
    name: 'Renewals',
    agentId: '7a1c2b9e-0a4d-4c8e-9f1a-2b3c4d5e6f71',
    startDate: '2026-11-01',
    timeSlots: [{ startTime: '09:00', endTime: '12:00' }],
    batchSize: 40,
    days: ['MONDAY', 'FRIDAY'],
    retry: { max: 2, delay: 60, retryOn: ['NO_ANSWER'] },
    timezone: 'Europe/Paris',
    status: 'CANCELLED',
  },
  recipients: [
    { phone: '+33612345601', context: { first_name: 'Ana', plan: 'gold' }, lastStatus: 'NO_ANSWER', lastCallAt: '2026-11-02T09:00:00Z' },
    { phone: '+33612345602', context: { first_name: 'Bo', visits: 3 }, lastStatus: 'VOICE_BOX', lastCallAt: '2026-11-02T09:05:00Z' },
    { phone: '+33612345603', lastStatus: 'UNREACHABLE', lastCallAt: '2026-11-02T09:10:00Z' },
  ],
  skipped: [],
  called: 10,
  truncated: false,
  namesakes: 0,
};

describe('redialDraft', () => {
  it('pre-fills the wizard with the recipients, their context and the original schedule, from today at the earliest', () => {
    const draft = redialDraft(plan, 'FR', new Date('2026-11-24T10:00:00Z'));
    expect(draft.basics).toEqual({ name: 'Renewals (redial)', agentId: plan.campaign.agentId, timezone: 'Europe/Paris' });
    expect(draft.schedule).toEqual({
      startDate: '2026-11-24',
      days: ['MONDAY', 'FRIDAY'],
      timeSlots: [{ startTime: '09:00', endTime: '12:00' }],
      batchSize: 40,
    });
    expect(draft.retry).toEqual({ enabled: true, max: 2, delay: 60, retryOn: ['NO_ANSWER'] });
    // The wizard reads it back as any stored draft, and builds the same recipients.
    const read = readDraft(JSON.parse(JSON.stringify(draft)));
    const built = buildFromDraft(read.recipients!);
    expect(built.recipients).toEqual([
      { phone: '+33612345601', context: { first_name: 'Ana', plan: 'gold' } },
      { phone: '+33612345602', context: { first_name: 'Bo', visits: '3' } },
      { phone: '+33612345603' },
    ]);
    expect(built.problems).toEqual([]);
  });

  it('keeps a future start date and a campaign without retries', () => {
    const draft = redialDraft(
      { ...plan, campaign: { ...plan.campaign, startDate: '2026-12-01', retry: { max: 0, delay: 60, retryOn: [] } } },
      'FR',
      new Date('2026-11-24T10:00:00Z'),
    );
    expect(draft.schedule.startDate).toBe('2026-12-01');
    expect(draft.retry).toEqual({ enabled: false });
  });

  it('keeps the name within the limit', () => {
    expect(redialName('x'.repeat(500)).length).toBeLessThanOrEqual(200);
    expect(redialName('x'.repeat(500))).toMatch(/ \(redial\)$/);
  });
});
