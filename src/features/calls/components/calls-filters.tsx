/**
 * The calls list's filter box: one react-hook-form form with one zod schema (model/filter-form.ts).
 * The first row holds the upstream's filters; "More filters" the ones only the call index answers
 * (setting any of them reads the list from the index). The phone is normalised to E.164
 * (libphonenumber-js, loaded on submit so it stays out of the list's chunk). Dates are days in the
 * display time zone. "Clear filters" drops every filter from the URL (fields and list follow).
 * The parent remounts this form (key) whenever the URL's filters change, so fields never drift.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { ComponentProps } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Combobox } from '@/components/ui/combobox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { CALL_STATUS_BADGES } from '@/components/status/call-status';
import type { AgentSummary } from '@/lib/shared-queries/agents';
import { DATE_PRESETS, presetRange } from '../model/date-presets';
import { FilterForm, formDefaults, toSearch } from '../model/filter-form';
import { CALL_STATUSES, usesIndex, type CallsSearch, type CallsSearchUpdate } from '../model/search-params';
import { NativeSelect } from './native-select';

const COUNTRIES = ['FR', 'US', 'GB', 'DE', 'ES', 'IT', 'BE', 'CH', 'CA', 'NL'] as const;
const TRI = [
  { value: 'any', label: 'Any' },
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

function initialCountry(): string {
  const region = (typeof navigator === 'undefined' ? [] : navigator.languages).map((l) => l.split(/[-_]/)[1]?.toUpperCase()).find(Boolean);
  return region && (COUNTRIES as readonly string[]).includes(region) ? region : 'US';
}

export interface CallsFiltersProps {
  search: CallsSearch;
  agents: AgentSummary[];
  /** The display time zone the dates are days in. */
  zone: string;
  /** The whole next search (filters replaced, not merged), from the search as last chosen. */
  onApply: (update: CallsSearchUpdate) => void;
  onClear: () => void;
}

export function CallsFilters({ search, agents, zone, onApply, onClear }: CallsFiltersProps) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FilterForm>({ resolver: zodResolver(FilterForm), defaultValues: formDefaults(search, initialCountry()) });

  async function submit(values: FilterForm) {
    let e164: string | undefined;
    if (values.phone) {
      const { normalisePhone, isCountryCode } = await import('@/lib/recipients/phone');
      const result = normalisePhone(values.phone, isCountryCode(values.country) ? values.country : undefined);
      if (!result.ok) {
        setError('phone', { message: `This number ${result.reason}.` }, { shouldFocus: true });
        return;
      }
      e164 = result.e164;
    }
    onApply((current) => toSearch(values, e164, current));
  }

  function preset(id: (typeof DATE_PRESETS)[number]['id']) {
    const range = presetRange(id, search.tz ?? zone);
    setValue('from', range.from);
    setValue('to', range.to);
    void handleSubmit(submit)();
  }

  function clear() {
    reset(formDefaults({ page: 1, size: search.size, sort: search.sort }, getValues('country')));
    onClear();
  }

  const dateError = errors.from?.message ?? errors.to?.message;
  const moreOpen = usesIndex(search);

  return (
    <form
      onSubmit={handleSubmit(submit)}
      aria-label="Filter calls"
      noValidate
      className="flex flex-col gap-4 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Controller
          control={control}
          name="agentId"
          render={({ field }) => (
            <Combobox
              label="Agent"
              options={agents.map((a) => ({ value: a.id, label: a.name, hint: a.type === 'OUTBOUND' ? 'Outbound' : 'Inbound' }))}
              value={field.value}
              onValueChange={field.onChange}
              placeholder="Any agent"
            />
          )}
        />
        <div className="flex gap-2">
          <Field label="Phone" error={errors.phone?.message} description="Any common form; national numbers use the country." className="flex-1">
            <Input {...register('phone')} placeholder="+33 6 12 34 56 78" autoComplete="off" />
          </Field>
          <div className="flex w-24 flex-col gap-1.5">
            <label htmlFor="calls-phone-country" className="text-sm font-medium">
              Country
            </label>
            <NativeSelect id="calls-phone-country" {...register('country')} options={COUNTRIES.map((c) => ({ value: c, label: c }))} />
          </div>
        </div>
        <Field label="Campaign name" description="The exact name." error={errors.campaignName?.message}>
          <Input {...register('campaignName')} autoComplete="off" />
        </Field>
        <fieldset className="flex min-w-0 flex-col gap-1.5">
          <legend className="text-sm font-medium">Started between ({search.tz ?? zone} days)</legend>
          <div className="flex flex-wrap items-center gap-2">
            <Input
              type="date"
              aria-label="From date"
              {...register('from')}
              aria-invalid={!!dateError}
              aria-describedby={dateError ? 'calls-dates-error' : undefined}
            />
            <span aria-hidden="true">–</span>
            <Input
              type="date"
              aria-label="To date"
              {...register('to')}
              aria-invalid={!!dateError}
              aria-describedby={dateError ? 'calls-dates-error' : undefined}
            />
          </div>
          {dateError ? (
            <p id="calls-dates-error" className="text-sm font-medium text-red-700 dark:text-red-400">
              {dateError}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-1" role="group" aria-label="Date presets">
            {DATE_PRESETS.map((p) => (
              <Button key={p.id} size="sm" variant="ghost" onClick={() => preset(p.id)}>
                {p.label}
              </Button>
            ))}
          </div>
        </fieldset>
      </div>
      <details open={moreOpen} className="group rounded-md border border-slate-200 dark:border-slate-800">
        <summary className="cursor-pointer px-3 py-2 text-sm font-medium">More filters (answered from the call index)</summary>
        <div className="grid gap-4 p-3 sm:grid-cols-2 lg:grid-cols-4">
          <fieldset className="sm:col-span-2 lg:col-span-4">
            <legend className="text-sm font-medium">Status</legend>
            <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {CALL_STATUSES.map((status) => (
                <label key={status} className="flex items-center gap-1.5 text-sm">
                  <input type="checkbox" value={status} {...register('status')} className="size-4" />
                  {CALL_STATUS_BADGES[status].label}
                </label>
              ))}
            </div>
          </fieldset>
          <Tri id="calls-has-recording" label="Has recording" {...register('hasRecording')} />
          <div className="flex gap-2">
            <Field label="Shortest (s)" error={errors.minDuration?.message} className="flex-1">
              <Input {...register('minDuration')} inputMode="numeric" autoComplete="off" />
            </Field>
            <Field label="Longest (s)" error={errors.maxDuration?.message} className="flex-1">
              <Input {...register('maxDuration')} inputMode="numeric" autoComplete="off" />
            </Field>
          </div>
          <div className="flex gap-2">
            <Field label="Classifier" error={errors.classifierName?.message} className="flex-1">
              <Input {...register('classifierName')} placeholder="interest" autoComplete="off" />
            </Field>
            <Field label="Classifier value" error={errors.classifierValue?.message} className="flex-1">
              <Input {...register('classifierValue')} placeholder="no" autoComplete="off" />
            </Field>
          </div>
          <div className="flex gap-2">
            <Field label="Extracted field" error={errors.extractedPath?.message} className="flex-1">
              <Input {...register('extractedPath')} placeholder="address.city" autoComplete="off" />
            </Field>
            <Field label="Field value" error={errors.extractedValue?.message} className="flex-1">
              <Input {...register('extractedValue')} autoComplete="off" />
            </Field>
          </div>
          <Field label="Tag" error={errors.tag?.message}>
            <Input {...register('tag')} autoComplete="off" />
          </Field>
          <Tri id="calls-answering-machine" label="Answering machine" {...register('answeringMachine')} />
          <Tri id="calls-transfer" label="Transferred" {...register('transfer')} />
          <Field label="Hung up within (s of the answer)" error={errors.hangUpWithin?.message}>
            <Input {...register('hangUpWithin')} inputMode="numeric" autoComplete="off" />
          </Field>
          <Field
            label="Transcript text"
            error={errors.q?.message}
            description={'Words, "an exact phrase", -excluded, OR.'}
            className="sm:col-span-2 lg:col-span-4"
          >
            <Input {...register('q')} type="search" placeholder={'"cancel my subscription" -refund'} autoComplete="off" />
          </Field>
        </div>
      </details>
      <div className="flex gap-2">
        <Button type="submit" variant="primary" disabled={isSubmitting}>
          Apply filters
        </Button>
        <Button onClick={clear}>Clear filters</Button>
      </div>
    </form>
  );
}

function Tri({ id, label, ...props }: { id: string; label: string } & Omit<ComponentProps<'select'>, 'id'>) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <NativeSelect id={id} {...props} options={TRI} />
    </div>
  );
}
