import { describe, expect, it } from 'vitest';
import { savedViewResolver } from './saved-views';

const resolve = (name: string) => savedViewResolver({ name }, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('the saved view form', () => {
  it('takes a name by the contract (trimmed), loading its rule on the first check', async () => {
    expect(await resolve('  Lapsed members  ')).toEqual({ values: { name: 'Lapsed members' }, errors: {} });
  });

  it('refuses an empty or an over-long name with the contract message', async () => {
    expect((await resolve('   ')).errors.name?.message).toBe('Name the view.');
    expect((await resolve('x'.repeat(81))).errors.name?.message).toBe('A view name is at most 80 characters.');
  });
});
