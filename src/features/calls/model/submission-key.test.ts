import { describe, expect, it } from 'vitest';
import { createSubmissionKeys } from './submission-key';

describe('createSubmissionKeys', () => {
  it('keeps the key for the same content and makes a new one for other content', () => {
    let n = 0;
    const keys = createSubmissionKeys(() => `k${++n}`);
    const a = keys.keyFor({ phone: '+1', agentId: 'a' });
    expect(keys.keyFor({ phone: '+1', agentId: 'a' })).toBe(a);
    expect(keys.keyFor({ phone: '+2', agentId: 'a' })).not.toBe(a);
    expect(keys.keyFor({ phone: '+1', agentId: 'a' })).toBe(a);
  });

  it('renews the key of the same content when the person tries again after an unknown outcome', () => {
    let n = 0;
    const keys = createSubmissionKeys(() => `k${++n}`);
    const a = keys.keyFor({ phone: '+1' });
    const b = keys.renew({ phone: '+1' });
    expect(b).not.toBe(a);
    expect(keys.keyFor({ phone: '+1' })).toBe(b);
  });
});
