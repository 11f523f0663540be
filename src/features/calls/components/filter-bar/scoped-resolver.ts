import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { FilterForm } from '../../model/filter-form';

/** The one schema, with only these fields' messages reported (a bad value elsewhere, from a link, is another chip's). */
export function scopedResolver(fields: readonly (keyof FilterForm)[]): Resolver<FilterForm> {
  const full = zodResolver(FilterForm);
  return async (values, context, options) => {
    const result = await full(values, context, options);
    const errors = Object.fromEntries(Object.entries(result.errors).filter(([key]) => (fields as string[]).includes(key))) as FieldErrors<FilterForm>;
    if (Object.keys(errors).length) return { values: {}, errors };
    return { values: Object.keys(result.errors).length ? values : (result.values as FilterForm), errors: {} };
  };
}
