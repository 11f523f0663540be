import { describe, expect, it } from 'vitest';
import { tooManyMessage } from './rate-limit-message';

describe('tooManyMessage', () => {
  it('names the free slots and the count sent', () => {
    expect(tooManyMessage(2, 5)).toMatch(/^2 free slots, you sent 5\./);
    expect(tooManyMessage(1, 3)).toMatch(/^1 free slot, you sent 3\./);
    expect(tooManyMessage(undefined, 3)).toMatch(/you sent 3/);
  });

  it('with no slot free, says what to do instead of "Send at most 0 now"', () => {
    expect(tooManyMessage(0, 1)).toBe(
      'No free slot: calls in progress use them all, so nothing was placed. Wait for some calls to end, then press Place 1 call again; your rows are kept.',
    );
    expect(tooManyMessage(0, 5)).toMatch(/press Place 5 calls again/);
  });
});
