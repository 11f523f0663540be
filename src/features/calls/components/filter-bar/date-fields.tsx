import { Fragment } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { DATE_PRESETS, type DatePreset } from '../../model/date-presets';
import type { FilterForm } from '../../model/filter-form';

/** The Started filter: two days in `zone` (the legend names it), and presets that apply at once. */
export function DateFields({ form, zone, onPreset }: { form: UseFormReturn<FilterForm>; zone: string; onPreset: (p: DatePreset) => void }) {
  const {
    register,
    formState: { errors },
  } = form;
  const dateError = errors.from?.message ?? errors.to?.message;
  return (
    <fieldset className="flex min-w-0 flex-col gap-1.5">
      <legend className="text-sm font-medium">Started between ({zone} days)</legend>
      <div className="flex items-center gap-2">
        {(['from', 'to'] as const).map((end) => (
          <Fragment key={end}>
            {end === 'to' ? <span aria-hidden="true">–</span> : null}
            <Input
              type="date"
              aria-label={end === 'from' ? 'From date' : 'To date'}
              className="min-w-0 flex-1 basis-36"
              {...register(end)}
              aria-invalid={!!dateError}
              aria-describedby={dateError ? 'bar-dates-error' : undefined}
            />
          </Fragment>
        ))}
      </div>
      {dateError ? (
        <p id="bar-dates-error" className="text-sm font-medium text-red-700 dark:text-red-400">
          {dateError}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-1" role="group" aria-label="Date presets">
        {DATE_PRESETS.map((p) => (
          <Button key={p.id} size="sm" variant="ghost" onClick={() => onPreset(p.id)}>
            {p.label}
          </Button>
        ))}
      </div>
    </fieldset>
  );
}
