/**
 * The calls list's filter bar (ADR 0051): the saved views' menu, one chip per active filter (its
 * popover edits it, × removes it), "Add filter" offering every upstream and index filter, "Clear
 * all", and the transcript search box. Each popover is a small react-hook-form form checked by the
 * list's one zod schema (model/filter-form.ts), reporting only its own fields' messages; applying
 * changes only that filter's URL keys, on the search as last chosen. The phone is normalised to
 * E.164 (libphonenumber-js, loaded on Apply). Loaded after the rows, as the form was.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Menu } from '@base-ui/react/menu';
import { Popover } from '@base-ui/react/popover';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useMemo, useRef, useState, type ComponentProps, type ReactNode, type RefObject } from 'react';
import { useForm, type FieldErrors, type Resolver, type UseFormReturn } from 'react-hook-form';
import { Button, buttonClasses } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { controlSurface, focusRing, popupSurface } from '@/components/ui/styles';
import { CALL_STATUS_BADGES } from '@/components/status/call-status';
import { cn } from '@/lib/cn';
import type { AgentSummary } from '@/lib/shared-queries/agents';
import { outcomesQueryOptions } from '@/lib/shared-queries/outcomes';
import { reviewRulesQueryOptions } from '@/lib/shared-queries/review-rules';
import { DATE_PRESETS, presetRange } from '../model/date-presets';
import {
  FILTERS,
  activeFilters,
  chipText,
  filterDef,
  isActive,
  withFilter,
  withoutFilter,
  withoutWindow,
  type ChipNames,
  type FilterId,
} from '../model/filter-bar';
import { FilterForm, formDefaults, toSearch } from '../model/filter-form';
import { CALL_STATUSES, hasFilters, type CallsSearch, type CallsSearchUpdate } from '../model/search-params';
import { SavedViews } from './saved-views';
import { Select } from '@/components/ui/select';

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

/** The one schema, with only these fields' messages reported (a bad value elsewhere, from a link, is another chip's). */
function scopedResolver(fields: readonly (keyof FilterForm)[]): Resolver<FilterForm> {
  const full = zodResolver(FilterForm);
  return async (values, context, options) => {
    const result = await full(values, context, options);
    const errors = Object.fromEntries(Object.entries(result.errors).filter(([key]) => (fields as string[]).includes(key))) as FieldErrors<FilterForm>;
    if (Object.keys(errors).length) return { values: {}, errors };
    return { values: Object.keys(result.errors).length ? values : (result.values as FilterForm), errors: {} };
  };
}

export interface FilterBarProps {
  search: CallsSearch;
  agents: AgentSummary[];
  /** The display time zone the dates are days in. */
  zone: string;
  onApply: (update: CallsSearchUpdate) => void;
  onClear: () => void;
}

export function FilterBar({ search, agents, zone, onApply, onClear }: FilterBarProps) {
  const checksData = useQuery(reviewRulesQueryOptions()).data?.checks;
  const outcomesData = useQuery(outcomesQueryOptions()).data;
  const checks = useMemo(() => checksData ?? [], [checksData]);
  const outcomes = useMemo(() => outcomesData ?? [], [outcomesData]);
  const names = useMemo<ChipNames>(() => {
    const agentNames = new Map(agents.map((a) => [a.id, a.name]));
    return {
      agent: (id) => agentNames.get(id) ?? 'Unknown agent',
      check: (id) => {
        const c = checks.find((x) => String(x.id) === id);
        return c ? (c.condition.kind === 'category' ? `Category: ${c.name}` : c.name) : `Check #${id}`;
      },
      outcome: (id) => outcomes.find((o) => String(o.id) === id)?.name ?? `Outcome #${id}`,
    };
  }, [agents, checks, outcomes]);
  const [country] = useState(initialCountry);
  // A filter picked from "Add filter" shows as a chip with its popover open until it is applied (then
  // the search has it) or its popover closes unapplied (then it goes, and the focus returns to "Add filter").
  const [adding, setAdding] = useState<FilterId | null>(null);
  const [open, setOpen] = useState<FilterId | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  // The filter whose popover was just applied: its chip keeps the focus (a draft's stays until the search has it).
  const appliedRef = useRef<FilterId | null>(null);
  const searchBoxRef = useRef<HTMLInputElement>(null);
  const active = activeFilters(search);
  const shown = FILTERS.filter((f) => f.id !== 'q' && (active.includes(f) || adding === f.id));
  // Once the search has the added filter, its chip is an active one (the same element: the focus stays).
  if (adding && open !== adding && active.some((f) => f.id === adding)) setAdding(null);

  const ctx: EditorContext = {
    search,
    zone,
    agents,
    checks: checks.map((c) => ({ value: String(c.id), label: c.condition.kind === 'category' ? `Category: ${c.name}` : c.name })),
    outcomes: outcomes.map((o) => ({ value: String(o.id), label: o.name })),
    country,
  };

  function choose(id: FilterId) {
    if (id === 'q') {
      searchBoxRef.current?.focus();
      return;
    }
    if (!active.some((f) => f.id === id)) setAdding(id);
    setOpen(id);
  }

  function remove(id: FilterId) {
    if (adding === id) setAdding(null);
    onApply((current) => withoutFilter(current, id));
    addRef.current?.focus();
  }

  return (
    <div role="group" aria-label="Filters" className="flex min-h-8 flex-wrap items-center gap-2">
      <SavedViews search={search} />
      {shown.map((def) => (
        <FilterChip
          key={def.id}
          id={def.id}
          text={active.includes(def) ? chipText(search, def.id, names) : `${def.label}: …`}
          open={open === def.id}
          onOpenChange={(next) => {
            if (next) appliedRef.current = null;
            setOpen(next ? def.id : null);
            if (!next && adding === def.id && !active.includes(def)) setAdding(null);
          }}
          draft={!active.includes(def)}
          // A chip picked from "Add filter" and closed unapplied goes: the focus returns to "Add filter".
          finalFocus={() => (!active.includes(def) && appliedRef.current !== def.id ? addRef.current : true)}
          onRemove={() => remove(def.id)}
        >
          <FilterEditor
            id={def.id}
            ctx={ctx}
            onDone={(update) => {
              // Applied empty ("Any agent"), an added filter sets nothing: its chip goes, as if closed.
              const sets = isActive(update(search), def);
              appliedRef.current = sets ? def.id : null;
              if (!sets && adding === def.id) setAdding(null);
              onApply(update);
              setOpen(null);
            }}
          />
        </FilterChip>
      ))}
      {search.startedFrom || search.startedBefore ? (
        <span className={chipClass}>
          <span className="px-2.5">Hour window: {windowText(search)}</span>
          <RemoveButton label="Hour window" onClick={() => (onApply(withoutWindow), addRef.current?.focus())} />
        </span>
      ) : null}
      <AddFilter addRef={addRef} onChoose={choose} />
      {hasFilters(search) ? (
        <Button size="sm" variant="ghost" onClick={() => (setAdding(null), onClear())}>
          Clear all
        </Button>
      ) : null}
      <TranscriptSearch search={search} country={country} inputRef={searchBoxRef} onApply={onApply} />
    </div>
  );
}

const chipClass =
  'inline-flex h-8 items-center rounded-full border border-slate-300 bg-white text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

function windowText(search: CallsSearch): string {
  const time = (iso: string | undefined) => (iso ? iso.slice(0, 16).replace('T', ' ') : '…');
  return `${time(search.startedFrom)} – ${time(search.startedBefore)} UTC`;
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label={`Remove filter ${label}`}
      onClick={onClick}
      className={cn(
        'mr-1 flex size-6 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
        focusRing,
      )}
    >
      <span aria-hidden="true">×</span>
    </button>
  );
}

function FilterChip({
  id,
  text,
  open,
  onOpenChange,
  draft,
  finalFocus,
  onRemove,
  children,
}: {
  id: FilterId;
  text: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  draft: boolean;
  finalFocus: () => HTMLElement | null | true;
  onRemove: () => void;
  children: ReactNode;
}) {
  const label = filterDef(id).label;
  return (
    <span className={cn(chipClass, draft && 'border-dashed')} data-filter={id}>
      <Popover.Root open={open} onOpenChange={(next) => onOpenChange(next)}>
        <Popover.Trigger className={cn('h-full max-w-80 truncate rounded-full px-2.5 text-left', draft ? '' : 'pr-1', focusRing)}>{text}</Popover.Trigger>
        <Popover.Portal>
          <Popover.Positioner sideOffset={6} align="start" className="z-50">
            <Popover.Popup finalFocus={finalFocus} className={cn(popupSurface, 'w-[min(24rem,var(--available-width))] p-3')}>
              <Popover.Title className="mb-2 text-sm font-semibold">{draft ? `Add filter: ${label}` : `Filter: ${label}`}</Popover.Title>
              {children}
            </Popover.Popup>
          </Popover.Positioner>
        </Popover.Portal>
      </Popover.Root>
      {draft ? null : <RemoveButton label={label} onClick={onRemove} />}
    </span>
  );
}

function AddFilter({ addRef, onChoose }: { addRef: RefObject<HTMLButtonElement | null>; onChoose: (id: FilterId) => void }) {
  // A filter chosen opens its chip's popover, which takes the focus: the menu does not take it back.
  const chosen = useRef(false);
  return (
    <Menu.Root onOpenChange={(next) => void (next && (chosen.current = false))}>
      <Menu.Trigger ref={addRef} className={buttonClasses('secondary', 'sm')}>
        + Add filter
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Positioner sideOffset={4} align="start" className="z-50">
          <Menu.Popup finalFocus={() => !chosen.current} className={cn(popupSurface, 'max-h-[var(--available-height)] overflow-y-auto py-1')}>
            {FILTERS.map((f) => (
              <Menu.Item
                key={f.id}
                onClick={() => {
                  chosen.current = f.id !== 'q';
                  // After the menu has closed, so the popover opens on its own chip.
                  setTimeout(() => onChoose(f.id), 0);
                }}
                className="flex cursor-default items-center justify-between gap-6 px-3 py-1.5 text-sm outline-none select-none data-highlighted:bg-blue-50 data-highlighted:text-blue-950 dark:data-highlighted:bg-blue-950 dark:data-highlighted:text-blue-50"
              >
                {f.label}
                {f.index ? <span className="text-xs text-slate-600 dark:text-slate-400">call index</span> : null}
              </Menu.Item>
            ))}
          </Menu.Popup>
        </Menu.Positioner>
      </Menu.Portal>
    </Menu.Root>
  );
}

interface EditorContext {
  search: CallsSearch;
  zone: string;
  agents: AgentSummary[];
  checks: { value: string; label: string }[];
  outcomes: { value: string; label: string }[];
  country: string;
}

/** One filter's form, checked by the one schema; Apply changes only this filter's URL keys. */
function FilterEditor({ id, ctx, onDone }: { id: FilterId; ctx: EditorContext; onDone: (update: CallsSearchUpdate) => void }) {
  const def = filterDef(id);
  const { search, zone } = ctx;
  const form = useForm<FilterForm>({ resolver: scopedResolver(def.fields), defaultValues: formDefaults(search, ctx.country) });
  const {
    handleSubmit,
    setError,
    setValue,
    formState: { isSubmitting },
  } = form;

  async function submit(values: FilterForm) {
    let e164 = search.phone;
    if (id === 'phone') {
      e164 = undefined;
      if (values.phone) {
        const { normalisePhone, isCountryCode } = await import('@/lib/recipients/phone');
        const result = normalisePhone(values.phone, isCountryCode(values.country) ? values.country : undefined);
        if (!result.ok) {
          setError('phone', { message: `This number ${result.reason}.` }, { shouldFocus: true });
          return;
        }
        e164 = result.e164;
      }
    }
    onDone((current) => withFilter(current, id, toSearch(values, e164, current)));
  }

  function preset(p: (typeof DATE_PRESETS)[number]['id']) {
    const range = presetRange(p, search.tz ?? zone);
    setValue('from', range.from);
    setValue('to', range.to);
    void handleSubmit(submit)();
  }

  return (
    <form onSubmit={(e) => void handleSubmit(submit)(e)} noValidate aria-label={`Filter by ${def.label}`} className="flex flex-col gap-3">
      <Fields id={id} form={form} ctx={ctx} onPreset={preset} />
      <div className="flex justify-end gap-2">
        <Button type="submit" variant="primary" size="sm" disabled={isSubmitting}>
          Apply
        </Button>
      </div>
    </form>
  );
}

function Fields({
  id,
  form,
  ctx,
  onPreset,
}: {
  id: FilterId;
  form: UseFormReturn<FilterForm>;
  ctx: EditorContext;
  onPreset: (p: (typeof DATE_PRESETS)[number]['id']) => void;
}) {
  const {
    register,
    formState: { errors },
  } = form;
  const { search, zone } = ctx;
  switch (id) {
    case 'agent':
      return (
        <LabelledSelect
          id="bar-agent"
          label="Agent"
          {...register('agentId', { setValueAs: (v: string) => (v ? v : null) })}
          options={[{ value: '', label: 'Any agent' }, ...ctx.agents.map((a) => ({ value: a.id, label: a.name }))]}
        />
      );
    case 'phone':
      return (
        <div className="flex gap-2">
          <Field label="Phone" error={errors.phone?.message} description="Any common form; national numbers use the country." className="flex-1">
            <Input {...register('phone')} placeholder="+33 6 12 34 56 78" autoComplete="off" />
          </Field>
          <LabelledSelect
            id="bar-phone-country"
            label="Country"
            className="w-24"
            {...register('country')}
            options={COUNTRIES.map((c) => ({ value: c, label: c }))}
          />
        </div>
      );
    case 'campaign':
      return (
        <Field label="Campaign name" description="The exact name." error={errors.campaignName?.message}>
          <Input {...register('campaignName')} autoComplete="off" />
        </Field>
      );
    case 'started': {
      const dateError = errors.from?.message ?? errors.to?.message;
      return (
        <fieldset className="flex min-w-0 flex-col gap-1.5">
          <legend className="text-sm font-medium">Started between ({search.tz ?? zone} days)</legend>
          <div className="flex items-center gap-2">
            <Input
              type="date"
              aria-label="From date"
              className="min-w-0 flex-1 basis-36"
              {...register('from')}
              aria-invalid={!!dateError}
              aria-describedby={dateError ? 'bar-dates-error' : undefined}
            />
            <span aria-hidden="true">–</span>
            <Input
              type="date"
              aria-label="To date"
              className="min-w-0 flex-1 basis-36"
              {...register('to')}
              aria-invalid={!!dateError}
              aria-describedby={dateError ? 'bar-dates-error' : undefined}
            />
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
    case 'status':
      return (
        <fieldset>
          <legend className="text-sm font-medium">Status</legend>
          <div className="mt-1 grid grid-cols-2 gap-x-4 gap-y-1">
            {CALL_STATUSES.map((status) => (
              <label key={status} className="flex items-center gap-1.5 text-sm">
                <input type="checkbox" value={status} {...register('status')} className={cn('size-4', focusRing)} />
                {CALL_STATUS_BADGES[status].label}
              </label>
            ))}
          </div>
        </fieldset>
      );
    case 'recording':
      return <LabelledSelect id="bar-has-recording" label="Has recording" {...register('hasRecording')} options={TRI} />;
    case 'duration':
      return (
        <div className="flex gap-2">
          <Field label="Shortest (s)" error={errors.minDuration?.message} className="flex-1">
            <Input {...register('minDuration')} inputMode="numeric" autoComplete="off" />
          </Field>
          <Field label="Longest (s)" error={errors.maxDuration?.message} className="flex-1">
            <Input {...register('maxDuration')} inputMode="numeric" autoComplete="off" />
          </Field>
        </div>
      );
    case 'classifier':
      return (
        <div className="flex gap-2">
          <Field label="Classifier" error={errors.classifierName?.message} className="flex-1">
            <Input {...register('classifierName')} placeholder="interest" autoComplete="off" />
          </Field>
          <Field label="Classifier value" error={errors.classifierValue?.message} className="flex-1">
            <Input {...register('classifierValue')} placeholder="no" autoComplete="off" />
          </Field>
        </div>
      );
    case 'extracted':
      return (
        <div className="flex gap-2">
          <Field label="Extracted field" error={errors.extractedPath?.message} className="flex-1">
            <Input {...register('extractedPath')} placeholder="address.city" autoComplete="off" />
          </Field>
          <Field label="Field value" error={errors.extractedValue?.message} className="flex-1">
            <Input {...register('extractedValue')} autoComplete="off" />
          </Field>
        </div>
      );
    case 'tag':
      return (
        <Field label="Tag" error={errors.tag?.message}>
          <Input {...register('tag')} autoComplete="off" />
        </Field>
      );
    case 'answeringMachine':
      return <LabelledSelect id="bar-answering-machine" label="Answering machine" {...register('answeringMachine')} options={TRI} />;
    case 'transfer':
      return <LabelledSelect id="bar-transfer" label="Transferred" {...register('transfer')} options={TRI} />;
    case 'hangUp':
      return (
        <Field label="Hung up within (s of the answer)" error={errors.hangUpWithin?.message}>
          <Input {...register('hangUpWithin')} inputMode="numeric" autoComplete="off" />
        </Field>
      );
    case 'check':
      return (
        <LabelledSelect
          id="bar-check"
          label="Flagged by (QA check or category)"
          error={errors.check?.message}
          {...register('check')}
          options={withChosen([{ value: '', label: 'Any call' }, ...ctx.checks], search.check?.[0], 'Check')}
        />
      );
    case 'outcome':
      return (
        <LabelledSelect
          id="bar-outcome"
          label="Met outcome"
          error={errors.outcome?.message}
          {...register('outcome')}
          options={withChosen([{ value: '', label: 'Any call' }, ...ctx.outcomes], search.outcome?.[0], 'Outcome')}
        />
      );
    case 'q':
      return null;
  }
}

/** A chosen id not in the list (removed since) stays, by its number. */
function withChosen(options: { value: string; label: string }[], chosen: string | undefined, noun: string) {
  return chosen && !options.some((o) => o.value === chosen) ? [...options, { value: chosen, label: `${noun} #${chosen}` }] : options;
}

function LabelledSelect({
  id,
  label,
  error,
  className,
  options,
  ...props
}: { id: string; label: string; error?: string; options: { value: string; label: string }[] } & Omit<
  ComponentProps<'select'>,
  'id' | 'value' | 'defaultValue'
>) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Select id={id} {...props} options={options} aria-invalid={!!error} aria-describedby={error ? `${id}-error` : undefined} />
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The transcript text, always in the bar (`/` focuses it): Enter applies it, an empty box lifts it. */
function TranscriptSearch({
  search,
  country,
  inputRef,
  onApply,
}: {
  search: CallsSearch;
  country: string;
  inputRef: RefObject<HTMLInputElement | null>;
  onApply: (update: CallsSearchUpdate) => void;
}) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FilterForm>({ resolver: scopedResolver(['q']), defaultValues: formDefaults(search, country) });
  // The box follows the URL's text when another hand changes it (a link, a saved view, "Clear all").
  // Its own Enter coming back through the URL is not followed: the list may render it after the person
  // has gone on typing (a CI run saw the next text's first character undone), and the box holds it.
  const applied = useRef<string | null>(null);
  const urlText = search.q ?? '';
  const follow = useEffectEvent((text: string) => {
    const own = applied.current === text;
    applied.current = null;
    if (!own) reset(formDefaults(search, country));
  });
  useEffect(() => follow(urlText), [urlText]);
  const { ref, ...field } = register('q');
  const error = errors.q?.message;
  return (
    <form
      role="search"
      aria-label="Search transcripts"
      noValidate
      className="relative ml-auto w-full sm:w-72"
      onSubmit={(e) =>
        void handleSubmit((values) => {
          applied.current = values.q;
          onApply((current) => withFilter(current, 'q', toSearch(values, current.phone, current)));
        })(e)
      }
    >
      <input
        {...field}
        ref={(el) => {
          ref(el);
          inputRef.current = el;
        }}
        type="search"
        aria-label="Transcript text"
        title={'Words, "an exact phrase", -excluded, OR. Enter to search.'}
        placeholder="Search transcripts…"
        autoComplete="off"
        data-page-search
        aria-invalid={!!error}
        aria-describedby={error ? 'bar-q-error' : undefined}
        className={cn('h-8', controlSurface)}
      />
      {error ? (
        <p id="bar-q-error" className={cn(popupSurface, 'absolute top-full right-0 z-10 mt-1 w-full p-2 text-sm font-medium text-red-700 dark:text-red-400')}>
          {error}
        </p>
      ) : null}
    </form>
  );
}
