import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { LIMITS } from '@contract/limits';
import { Weekday } from '@contract/enums';
import { TimeSlots } from '@contract/schemas/campaign';
import { todayIn } from '@contract/timezone';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { scheduleSchema, type ScheduleValues } from '../../model/step-schemas';
import { DayBar } from './day-bar';
import { StepFooter } from './step-footer';
import { useServerErrors, type StepProps } from './use-server-errors';

const WEEKDAYS = Weekday.options;
const WORKDAYS = WEEKDAYS.slice(0, 5);
const label = (d: string) => d.charAt(0) + d.slice(1).toLowerCase();
const err = 'text-sm font-medium text-red-700 dark:text-red-400';

export function StepSchedule(props: StepProps<ScheduleValues> & { timezone: string }) {
  const { values, timezone, onChange, onNext, onBack, serverErrors } = props;
  const schema = useMemo(() => scheduleSchema(timezone), [timezone]);
  const form = useForm<ScheduleValues>({
    resolver: zodResolver(schema),
    defaultValues: values,
    mode: 'onTouched',
  });
  const { register, control, handleSubmit, watch, setValue, formState } = form;
  const { errors } = formState;
  const slots = useFieldArray({ control, name: 'timeSlots' });
  const serverError = useServerErrors(serverErrors, form);
  useEffect(() => {
    const sub = watch((v) => onChange(v as ScheduleValues));
    return () => sub.unsubscribe();
  }, [watch, onChange]);
  const watchedSlots = useWatch({ control, name: 'timeSlots' });
  // Slot problems straight from the contract's TimeSlots schema: per slot and for the list (count,
  // overlap), shown once the person has tried to go on or touched a slot.
  const slotIssues = useMemo(() => TimeSlots.safeParse(watchedSlots ?? []).error?.issues ?? [], [watchedSlots]);
  const showSlots = formState.submitCount > 0 || !!formState.touchedFields.timeSlots;
  const slotMessage = (i: number) => (showSlots ? slotIssues.find((x) => x.path[0] === i)?.message : undefined);
  const slotsError = (showSlots ? slotIssues.find((x) => x.path.length === 0)?.message : undefined) ?? serverError('timeSlots');

  return (
    <form noValidate onSubmit={handleSubmit(onNext)} aria-labelledby="step-title">
      <h2 id="step-title" tabIndex={-1} className="text-lg font-semibold focus:outline-none">
        Schedule
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">Times are in {timezone}.</p>
      <div className="mt-4 grid max-w-2xl gap-5">
        <Field
          label="Start date"
          description={`Today or later in ${timezone} (today there: ${todayIn(timezone)}).`}
          error={errors.startDate?.message ?? serverError('startDate')}
        >
          <Input type="date" {...register('startDate')} />
        </Field>

        <fieldset aria-describedby={errors.days ? 'days-error' : undefined}>
          <legend className="text-sm font-medium">Weekdays</legend>
          <div className="mt-2 flex flex-wrap gap-3">
            {WEEKDAYS.map((d) => (
              <label key={d} className="flex items-center gap-1 text-sm">
                <input type="checkbox" value={d} {...register('days')} /> {label(d)}
              </label>
            ))}
          </div>
          <div className="mt-2 flex gap-2">
            <Button
              size="sm"
              onClick={() =>
                setValue('days', [...WORKDAYS], {
                  shouldValidate: true,
                  shouldDirty: true,
                })
              }
            >
              Mon–Fri
            </Button>
            <Button
              size="sm"
              onClick={() =>
                setValue('days', [...WEEKDAYS], {
                  shouldValidate: true,
                  shouldDirty: true,
                })
              }
            >
              Every day
            </Button>
          </div>
          {errors.days ? (
            <p id="days-error" className={err}>
              {errors.days.message}
            </p>
          ) : null}
        </fieldset>

        <fieldset>
          <legend className="text-sm font-medium">
            Time slots ({LIMITS.timeSlots.min}–{LIMITS.timeSlots.max})
          </legend>
          <ul className="mt-2 grid gap-2">
            {slots.fields.map((f, i) => {
              const message = slotMessage(i) ?? serverError(`timeSlots.${i}.startTime`) ?? serverError(`timeSlots.${i}.endTime`);
              return (
                <li key={f.id} className="flex flex-wrap items-end gap-2">
                  <Field label={`Slot ${i + 1} from`} error={message ? ' ' : undefined}>
                    <Input type="time" {...register(`timeSlots.${i}.startTime`)} />
                  </Field>
                  <Field label={`Slot ${i + 1} to`} error={message ? ' ' : undefined}>
                    <Input type="time" {...register(`timeSlots.${i}.endTime`)} />
                  </Field>
                  <Button size="sm" variant="ghost" onClick={() => slots.remove(i)} aria-label={`Remove slot ${i + 1}`}>
                    Remove
                  </Button>
                  {message ? (
                    <p role="alert" className={`${err} w-full`}>
                      Slot {i + 1}: {message}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
          <Button size="sm" className="mt-2" onClick={() => slots.append({ startTime: '14:00', endTime: '20:00' })}>
            Add a slot
          </Button>
          {slotsError ? (
            <p role="alert" className={err}>
              {slotsError}
            </p>
          ) : null}
          <DayBar slots={watchedSlots ?? []} />
        </fieldset>

        <Field
          label="Calls per day"
          description={`${LIMITS.batchSize.min}–${LIMITS.batchSize.max.toLocaleString('en')}.`}
          error={errors.batchSize?.message ?? serverError('batchSize')}
        >
          <Input type="number" inputMode="numeric" {...register('batchSize', { valueAsNumber: true })} />
        </Field>
      </div>
      <StepFooter onBack={onBack} />
    </form>
  );
}
