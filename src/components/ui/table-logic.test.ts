import { describe, expect, it } from 'vitest';
import { nextSort } from './data-table';
import { pageRange } from './pagination';

describe('nextSort', () => {
  it('flips the sorted column and starts others ascending', () => {
    expect(nextSort({ property: 'name', direction: 'ASC' }, 'name')).toEqual({ property: 'name', direction: 'DESC' });
    expect(nextSort({ property: 'name', direction: 'DESC' }, 'name')).toEqual({ property: 'name', direction: 'ASC' });
    expect(nextSort({ property: 'name', direction: 'DESC' }, 'type')).toEqual({ property: 'type', direction: 'ASC' });
    expect(nextSort(undefined, 'type')).toEqual({ property: 'type', direction: 'ASC' });
  });
});

describe('pageRange', () => {
  it('gives the rows shown, clipped to the total', () => {
    expect(pageRange(1, 20, 0)).toEqual({ from: 0, to: 0 });
    expect(pageRange(3, 20, 212)).toEqual({ from: 41, to: 60 });
    expect(pageRange(11, 20, 212)).toEqual({ from: 201, to: 212 });
  });
});
