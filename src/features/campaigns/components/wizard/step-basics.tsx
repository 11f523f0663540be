import { zodResolver } from '@hookform/resolvers/zod';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Combobox } from '@/components/ui/combobox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { allAgentsQueryOptions, callableAgents } from '@/lib/shared-queries/agents';
import { basicsSchema, type BasicsValues } from '../../model/step-schemas';
import { StepFooter } from './step-footer';
import { useServerErrors, type StepProps } from './use-server-errors';

const ZONES: string[] = (() => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
})();

export function StepBasics({ values, onChange, onNext, serverErrors }: Omit<StepProps<BasicsValues>, 'onBack'>) {
  const { data: agents } = useSuspenseQuery({ ...allAgentsQueryOptions(), select: callableAgents });
  const agentOptions = useMemo(() => agents.map((a) => ({ value: a.id, label: a.name, hint: a.id })), [agents]);
  const zoneOptions = useMemo(() => {
    const list = ZONES.includes(values.timezone) ? ZONES : [values.timezone, ...ZONES];
    return list.map((z) => ({ value: z, label: z.replaceAll('_', ' ') }));
  }, [values.timezone]);
  const form = useForm<BasicsValues>({
    resolver: zodResolver(basicsSchema),
    defaultValues: values,
    mode: 'onTouched',
  });
  const { register, control, handleSubmit, watch, formState } = form;
  const serverError = useServerErrors(serverErrors, form);
  useEffect(() => {
    const sub = watch((v) =>
      onChange({
        name: v.name ?? '',
        agentId: v.agentId ?? '',
        timezone: v.timezone ?? '',
      }),
    );
    return () => sub.unsubscribe();
  }, [watch, onChange]);

  return (
    <form noValidate onSubmit={handleSubmit(onNext)} aria-labelledby="step-title">
      <h2 id="step-title" tabIndex={-1} className="text-lg font-semibold focus:outline-none">
        Basics
      </h2>
      <div className="mt-4 grid max-w-xl gap-4">
        <Field label="Campaign name" error={formState.errors.name?.message ?? serverError('name')}>
          <Input {...register('name')} autoComplete="off" />
        </Field>
        <Controller
          control={control}
          name="agentId"
          render={({ field, fieldState }) => {
            const message = fieldState.error?.message ?? serverError(field.name);
            return (
              <div>
                <Combobox
                  label="Agent (outbound, active)"
                  options={agentOptions}
                  value={field.value || null}
                  onValueChange={(v) => field.onChange(v ?? '')}
                  placeholder="Search agents"
                  emptyText="No active outbound agent matches."
                  aria-invalid={!!message}
                  aria-describedby={message ? 'agent-error' : undefined}
                />
                {message ? (
                  <p id="agent-error" className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
                    {message}
                  </p>
                ) : null}
                {agentOptions.length === 0 ? <p className="mt-1 text-sm">There is no active outbound agent: activate one first.</p> : null}
              </div>
            );
          }}
        />
        <Controller
          control={control}
          name="timezone"
          render={({ field, fieldState }) => {
            const message = fieldState.error?.message ?? serverError(field.name);
            return (
              <div>
                <Combobox
                  label="Time zone of the campaign"
                  options={zoneOptions}
                  value={field.value || null}
                  onValueChange={(v) => field.onChange(v ?? '')}
                  placeholder="Search time zones"
                  aria-invalid={!!message}
                  aria-describedby={message ? 'zone-error' : 'zone-help'}
                />
                <p id="zone-help" className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                  Calls are placed by this clock. Your browser’s zone is the default.
                </p>
                {message ? (
                  <p id="zone-error" className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
                    {message}
                  </p>
                ) : null}
              </div>
            );
          }}
        />
      </div>
      <StepFooter />
    </form>
  );
}
