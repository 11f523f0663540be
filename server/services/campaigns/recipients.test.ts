/** A recipient's state from its calls and the retry policy (the pure part of campaignRecipients). */
import { describe, expect, it } from 'vitest';
import { stateOf } from './recipients';

const retry = { max: 2, delay: 60, retryOn: ['NO_ANSWER', 'UNREACHABLE'] as const };
const now = new Date('2026-11-28T12:00:00Z');
const row = (over: Partial<Parameters<typeof stateOf>[0]> = {}) => ({
  phone: '+33612345678',
  skip_reason: null,
  attempts: 0,
  reached: false,
  last_status: null,
  last_id: null,
  last_at: null,
  last_end: null,
  outcomes: [],
  listed: false,
  ...over,
});

describe('stateOf', () => {
  it('orders skipped, outcome, reached before the call counts', () => {
    expect(stateOf(row({ skip_reason: 'On the do-not-call list' }), { ...retry, retryOn: [...retry.retryOn] }, now).state).toBe('skipped');
    expect(
      stateOf(row({ attempts: 1, reached: true, outcomes: ['booked'], last_status: 'COMPLETED' }), { ...retry, retryOn: [...retry.retryOn] }, now).state,
    ).toBe('outcome');
    expect(stateOf(row({ attempts: 2, reached: true, last_status: 'NO_ANSWER' }), { ...retry, retryOn: [...retry.retryOn] }, now).state).toBe('reached');
    expect(stateOf(row(), { ...retry, retryOn: [...retry.retryOn] }, now).state).toBe('notCalled');
    expect(stateOf(row({ attempts: 1, last_status: 'IN_PROGRESS' }), { ...retry, retryOn: [...retry.retryOn] }, now).state).toBe('inProgress');
  });

  it('waits for a retry until 1 + max calls, the next one estimated from the last end plus the delay', () => {
    const end = new Date('2026-11-28T10:30:00Z');
    const waiting = stateOf(row({ attempts: 2, last_status: 'NO_ANSWER', last_end: end, last_at: end }), { ...retry, retryOn: [...retry.retryOn] }, now);
    expect(waiting).toEqual({ state: 'waitingRetry', nextRetryAround: new Date('2026-11-28T11:30:00Z') });
    expect(stateOf(row({ attempts: 3, last_status: 'NO_ANSWER', last_end: end }), { ...retry, retryOn: [...retry.retryOn] }, now).state).toBe(
      'retriesExhausted',
    );
    expect(stateOf(row({ attempts: 1, last_status: 'VOICE_BOX', last_end: end }), { ...retry, retryOn: [...retry.retryOn] }, now).state).toBe('notRetried');
    expect(stateOf(row({ attempts: 1, last_status: 'NO_ANSWER', last_end: end }), { max: 0, delay: 60, retryOn: ['NO_ANSWER'] }, now).state).toBe(
      'retriesExhausted',
    );
  });

  it('never says waiting or not called yet in a campaign that ended: no call will come', () => {
    const r = { ...retry, retryOn: [...retry.retryOn] };
    const end = new Date('2026-11-28T10:30:00Z');
    expect(stateOf(row(), r, now, 'CANCELLED')).toEqual({ state: 'ended', nextRetryAround: null });
    expect(stateOf(row({ attempts: 1, last_status: 'NO_ANSWER', last_end: end }), r, now, 'CANCELLED')).toEqual({ state: 'ended', nextRetryAround: null });
    // A status a real upstream may give an ended campaign counts as ended too; a paused one may resume.
    expect(stateOf(row(), r, now, 'COMPLETED').state).toBe('ended');
    expect(stateOf(row(), r, now, 'PAUSED').state).toBe('notCalled');
    expect(stateOf(row({ attempts: 1, last_status: 'NO_ANSWER', last_end: end }), r, now, 'PAUSED').state).toBe('waitingRetry');
    // What happened stays what it was.
    expect(stateOf(row({ attempts: 1, reached: true, last_status: 'COMPLETED' }), r, now, 'CANCELLED').state).toBe('reached');
    expect(stateOf(row({ attempts: 3, last_status: 'NO_ANSWER', last_end: end }), r, now, 'CANCELLED').state).toBe('retriesExhausted');
    expect(stateOf(row({ attempts: 1, last_status: 'VOICE_BOX', last_end: end }), r, now, 'CANCELLED').state).toBe('notRetried');
    expect(stateOf(row({ attempts: 1, last_status: 'IN_PROGRESS' }), r, now, 'CANCELLED').state).toBe('inProgress');
  });
});
