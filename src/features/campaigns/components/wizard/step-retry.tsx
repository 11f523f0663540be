import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { DEFAULT_RETRY_ON, RetryOn } from '@contract/enums';
import { LIMITS } from '@contract/limits';
import { Button } from '@/components/ui/button';
import { callStatusLabel } from '@/components/status/call-status';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { retrySchema, type RetryValues } from '../../model/step-schemas';
import { StepFooter } from './step-footer';
import { useServerErrors, type StepProps } from './use-server-errors';

const PRESETS = [
  { label: '15 minutes', minutes: 15 },
  { label: '1 hour', minutes: 60 },
  { label: '4 hours', minutes: 240 },
  { label: '1 day', minutes: LIMITS.retryDelayMinutes.max },
].filter((p) => p.minutes >= LIMITS.retryDelayMinutes.min && p.minutes <= LIMITS.retryDelayMinutes.max);

type Form = { enabled: boolean; max: number; delay: number; retryOn: string[] };

export function StepRetry({ values, onChange, onNext, onBack, serverErrors }: StepProps<RetryValues>) {
  const defaults: Form = values.enabled
    ? { ...values, retryOn: [...values.retryOn] }
    : {
        enabled: false,
        max: 2,
        delay: LIMITS.retryDelayMinutes.default,
        retryOn: [...DEFAULT_RETRY_ON],
      };
  const form = useForm<Form>({
    resolver: zodResolver(retrySchema) as never,
    defaultValues: defaults,
    mode: 'onTouched',
    shouldUnregister: false,
  });
  const { register, handleSubmit, watch, setValue, formState } = form;
  const { errors } = formState;
  const serverError = useServerErrors(serverErrors, form, 'retry.');
  const toValues = (v: Partial<Form>): RetryValues =>
    v.enabled
      ? {
          enabled: true,
          max: Number(v.max),
          delay: Number(v.delay),
          retryOn: (v.retryOn ?? []) as RetryOn[],
        }
      : { enabled: false };
  useEffect(() => {
    const sub = watch((v) => onChange(toValues(v as Partial<Form>)));
    return () => sub.unsubscribe();
  }, [watch, onChange]);
  const enabled = watch('enabled');

  return (
    <form noValidate onSubmit={handleSubmit(onNext)} aria-labelledby="step-title">
      <h2 id="step-title" tabIndex={-1} className="text-lg font-semibold focus:outline-none">
        Retry
      </h2>
      <label className="mt-4 flex items-center gap-2 text-sm">
        <input type="checkbox" {...register('enabled')} /> Call unreached recipients again
      </label>
      {enabled ? (
        <div className="mt-4 grid max-w-xl gap-4">
          <Field label="More attempts at most" description={`Up to ${LIMITS.retryMax.max}.`} error={errors.max?.message ?? serverError('max')}>
            <Input type="number" inputMode="numeric" {...register('max', { valueAsNumber: true })} />
          </Field>
          <Field label="Wait before calling again (minutes)" error={errors.delay?.message ?? serverError('delay')}>
            <Input type="number" inputMode="numeric" {...register('delay', { valueAsNumber: true })} />
          </Field>
          <div className="flex flex-wrap gap-2" role="group" aria-label="Delay presets">
            {PRESETS.map((p) => (
              <Button
                key={p.minutes}
                size="sm"
                onClick={() =>
                  setValue('delay', p.minutes, {
                    shouldValidate: true,
                    shouldDirty: true,
                  })
                }
              >
                {p.label}
              </Button>
            ))}
          </div>
          <fieldset>
            <legend className="text-sm font-medium">Retry when the call ended as</legend>
            <div className="mt-2 flex flex-wrap gap-3">
              {RetryOn.options.map((o) => (
                <label key={o} className="flex items-center gap-1 text-sm">
                  <input type="checkbox" value={o} {...register('retryOn')} /> {callStatusLabel(o)}
                </label>
              ))}
            </div>
            {errors.retryOn ? <p className="text-sm font-medium text-red-700 dark:text-red-400">{errors.retryOn.message}</p> : null}
          </fieldset>
        </div>
      ) : (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Each recipient is called once.</p>
      )}
      <StepFooter onBack={onBack} />
    </form>
  );
}
