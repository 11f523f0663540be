import { describe, expect, it } from 'vitest';
import { CallStatus } from '@contract/enums';
import { CALL_STATUS_BADGES } from './call-status';

describe('CALL_STATUS_BADGES', () => {
  it('gives every status a distinct, readable label', () => {
    const labels = CallStatus.options.map((s) => CALL_STATUS_BADGES[s].label);
    expect(new Set(labels).size).toBe(CallStatus.options.length);
    for (const l of labels) expect(l).toMatch(/^[A-Z][a-z]/);
  });
});
