import { describe, expect, it } from 'vitest';
import { callOrderBy } from './call-order';

describe('callOrderBy', () => {
  it('orders by the column of the sort property, the id breaking ties in the same direction', () => {
    expect(callOrderBy('startTime,DESC')).toBe('start_time DESC, id DESC');
    expect(callOrderBy('phone,ASC', 'c')).toBe('c.phone ASC, c.id ASC');
  });

  it('puts the nulls of end_time and duration last when descending, first when ascending, and names no null order elsewhere', () => {
    expect(callOrderBy('duration,DESC')).toBe('duration DESC NULLS LAST, id DESC');
    expect(callOrderBy('endTime,ASC', 'c')).toBe('c.end_time ASC NULLS FIRST, c.id ASC');
    expect(callOrderBy('created,DESC')).toBe('created DESC, id DESC');
  });

  it('falls back to start_time for a property it does not sort by (the query schema refuses those first)', () => {
    expect(callOrderBy('password,ASC')).toBe('start_time ASC, id ASC');
  });
});
