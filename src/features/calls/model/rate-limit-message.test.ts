import { describe, expect, it } from 'vitest';
import { tooManyMessage } from './rate-limit-message';

describe('tooManyMessage', () => {
  it('names the free slots and the count sent', () => {
    expect(tooManyMessage(2, 5)).toMatch(/^2 free slots, you sent 5\./);
    expect(tooManyMessage(1, 3)).toMatch(/^1 free slot, you sent 3\./);
    expect(tooManyMessage(undefined, 3)).toMatch(/you sent 3/);
  });
});
