import { describe, expect, it } from 'vitest';
import { limitState } from './recipient-limit';

describe('the campaign recipient limit', () => {
  it('knows the limits: none, within, and past 1,000 as parts', () => {
    expect(limitState(0)).toEqual({ kind: 'empty' });
    expect(limitState(1000)).toEqual({ kind: 'ok' });
    expect(limitState(1001)).toEqual({ kind: 'over', parts: 2 });
  });
});
