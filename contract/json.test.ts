import { describe, expect, it } from 'vitest';
import { findUnstorable } from './json';

describe('findUnstorable on a flat query or route parameters (answered without walking)', () => {
  it('finds nothing in plain names and values', () => {
    expect(findUnstorable({ size: '100', sort: 'startTime,DESC', page: 2, flag: true, none: null }, 'The query')).toBeNull();
    expect(findUnstorable(Object.assign(Object.create(null), { q: 'é 😀' }), 'The query')).toBeNull();
  });

  it('still names the field when a value or a name cannot be stored, or a value nests', () => {
    expect(findUnstorable({ size: '100', q: 'a\u0000b' }, 'The query')).toMatchObject({ field: 'q', message: expect.stringMatching(/^q contains a NUL/) });
    expect(findUnstorable({ q: 'a\uD800' }, 'The query')?.message).toMatch(/lone UTF-16 surrogate/);
    expect(findUnstorable({ 'a\u0000': '1' }, 'The query')?.message).toMatch(/^A name in the query contains a NUL/);
    expect(findUnstorable({ q: ['x', 'a\u0000'] }, 'The query')).toMatchObject({ field: 'q[1]' });
    expect(findUnstorable({ a: 1 }, 'The body', 0)?.message).toMatch(/nests deeper than 0 levels/);
  });
});
