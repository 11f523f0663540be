/**
 * "Define an outcome" (admins): a name, the agent or campaign it belongs to, and conditions that
 * must all hold. Validated by the contract's OutcomeBody (and again by the BFF, whose field errors
 * land under the same fields); what was typed stays on an error.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useFieldArray, useForm, useWatch, type FieldErrors, type Path, type Resolver } from 'react-hook-form';
import { CLAUSE_KIND_LABELS, CLAUSE_KINDS, OutcomeBody, TRANSCRIPT_EVENT_LABELS, TRANSCRIPT_EVENTS, type ClauseKind } from '@contract/bff/outcomes';
import { CallStatus } from '@contract/enums';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { errorMessage, isApiError } from '@/lib/api-client';
import type { AgentSummary } from '@/lib/shared-queries/agents';
import { addOutcome, invalidateOutcomes } from '../api/outcomes';
import { emptyClause, OUTCOME_FORM_DEFAULTS, outcomeInput, type OutcomeFormValues } from '../model/outcome-form';
import { Select } from '@/components/ui/select';
import { callStatusLabel } from '@/components/status/call-status';

const errorClass = 'text-sm text-red-700 dark:text-red-400';

const resolver = ((values: OutcomeFormValues, ctx: unknown, options: never) =>
  zodResolver(OutcomeBody)(outcomeInput(values) as never, ctx, options)) as never as Resolver<OutcomeFormValues>;

function Err({ message, id }: { message?: string; id: string }) {
  return message ? (
    <p id={id} className={errorClass}>
      {message}
    </p>
  ) : null;
}

function ClauseFields({ index, form }: { index: number; form: ReturnType<typeof useForm<OutcomeFormValues>> }) {
  const kind = useWatch({ control: form.control, name: `clauses.${index}.kind` });
  const errors = (form.formState.errors.clauses?.[index] ?? {}) as FieldErrors<Record<string, unknown>>;
  const id = (name: string) => `clause-${index}-${name}`;
  const text = (name: 'classifier' | 'value' | 'field' | 'seconds' | 'tag', label: string) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={id(name)} className="text-sm font-medium">
        {label}
      </label>
      <Input
        id={id(name)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? id(`${name}-error`) : undefined}
        {...form.register(`clauses.${index}.${name}` as Path<OutcomeFormValues>)}
      />
      <Err id={id(`${name}-error`)} message={errors[name]?.message as string | undefined} />
    </div>
  );
  return (
    <div className="flex flex-wrap items-start gap-3">
      {kind === 'status' ? (
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-medium">Statuses</legend>
          <div className="flex max-w-xl flex-wrap gap-x-3 gap-y-1">
            {CallStatus.options.map((s) => (
              <label key={s} className="flex items-center gap-1 text-sm">
                <input type="checkbox" value={s} className="size-4" {...form.register(`clauses.${index}.statuses`)} />
                {callStatusLabel(s)}
              </label>
            ))}
          </div>
          <Err id={id('statuses-error')} message={errors.statuses?.message as string | undefined} />
        </fieldset>
      ) : null}
      {kind === 'classifier' ? (
        <>
          {text('classifier', 'Classifier')}
          {text('value', 'Value')}
        </>
      ) : null}
      {kind === 'extracted' ? (
        <>
          {text('field', 'Extracted field (group.name)')}
          {text('value', 'Equals (empty: present)')}
        </>
      ) : null}
      {kind === 'duration' ? (
        <>
          <div className="flex flex-col gap-1">
            <label htmlFor={id('op')} className="text-sm font-medium">
              Compare
            </label>
            <Select
              id={id('op')}
              {...form.register(`clauses.${index}.op`)}
              options={[
                { value: 'atLeast', label: 'at least' },
                { value: 'under', label: 'under' },
              ]}
            />
          </div>
          {text('seconds', 'Seconds')}
        </>
      ) : null}
      {kind === 'tag' ? text('tag', 'Tag') : null}
      {kind === 'transcript' ? (
        <>
          <div className="flex flex-col gap-1">
            <label htmlFor={id('event')} className="text-sm font-medium">
              Event
            </label>
            <Select
              id={id('event')}
              {...form.register(`clauses.${index}.event`)}
              options={TRANSCRIPT_EVENTS.map((e) => ({ value: e, label: TRANSCRIPT_EVENT_LABELS[e] }))}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={id('happened')} className="text-sm font-medium">
              It
            </label>
            <Select
              id={id('happened')}
              {...form.register(`clauses.${index}.happened`)}
              options={[
                { value: 'yes', label: 'happened' },
                { value: 'no', label: 'did not happen' },
              ]}
            />
          </div>
        </>
      ) : null}
    </div>
  );
}

export function OutcomeForm({ agents }: { agents: AgentSummary[] }) {
  const queryClient = useQueryClient();
  const form = useForm<OutcomeFormValues>({ resolver, defaultValues: OUTCOME_FORM_DEFAULTS });
  const clauses = useFieldArray({ control: form.control, name: 'clauses' });
  const attach = useWatch({ control: form.control, name: 'attach' });
  const errors = form.formState.errors;
  const mutation = useMutation({
    mutationFn: (values: OutcomeFormValues) => addOutcome(outcomeInput(values)),
    onSuccess: async (outcome) => {
      toast.success(`"${outcome.name}" defined: ${outcome.calls.toLocaleString('en')} calls meet it.`);
      form.reset(OUTCOME_FORM_DEFAULTS);
      await invalidateOutcomes(queryClient);
    },
    onError: (error) => {
      if (!isApiError(error)) return;
      for (const e of error.fieldErrors) form.setError(e.field.replace(/\[(\d+)\]/g, '.$1') as Path<OutcomeFormValues>, { type: 'server', message: e.message });
    },
  });
  const attachError = (errors.agentId?.message ?? errors.campaignName?.message) as string | undefined;
  const clausesError = (errors.clauses?.message ?? errors.clauses?.root?.message) as string | undefined;

  return (
    <form
      aria-labelledby="outcome-form-title"
      noValidate
      className="flex max-w-3xl flex-col gap-4 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
      onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
    >
      <h2 id="outcome-form-title" className="text-lg font-semibold">
        Define an outcome
      </h2>
      <div className="flex flex-col gap-1">
        <label htmlFor="outcome-name" className="text-sm font-medium">
          Outcome name
        </label>
        <Input
          id="outcome-name"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? 'outcome-name-error' : undefined}
          {...form.register('name')}
        />
        <Err id="outcome-name-error" message={errors.name?.message} />
      </div>
      <fieldset className="flex flex-wrap items-end gap-3">
        <legend className="mb-1 text-sm font-medium">For</legend>
        <label className="flex items-center gap-1 text-sm">
          <input type="radio" value="agent" {...form.register('attach')} /> an agent
        </label>
        <label className="flex items-center gap-1 text-sm">
          <input type="radio" value="campaign" {...form.register('attach')} /> a campaign
        </label>
        {attach === 'agent' ? (
          <div className="flex flex-col gap-1">
            <label htmlFor="outcome-agent" className="text-sm font-medium">
              Agent
            </label>
            <Select
              id="outcome-agent"
              aria-invalid={attachError ? true : undefined}
              {...form.register('agentId')}
              options={[{ value: '', label: 'Choose an agent' }, ...agents.map((a) => ({ value: a.id, label: a.name }))]}
            />
          </div>
        ) : (
          <div className="flex flex-col gap-1">
            <label htmlFor="outcome-campaign" className="text-sm font-medium">
              Campaign name
            </label>
            <Input id="outcome-campaign" aria-invalid={attachError ? true : undefined} {...form.register('campaignName')} />
          </div>
        )}
      </fieldset>
      <Err id="outcome-attach-error" message={attachError} />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-medium">Conditions (all must hold)</legend>
        {clauses.fields.map((f, i) => (
          <div key={f.id} className="flex flex-col gap-2 rounded border border-slate-200 p-3 dark:border-slate-700">
            <div className="flex flex-wrap items-end gap-3">
              <div className="flex flex-col gap-1">
                <label htmlFor={`clause-${i}-kind`} className="text-sm font-medium">
                  Condition {i + 1}
                </label>
                <Select
                  id={`clause-${i}-kind`}
                  {...form.register(`clauses.${i}.kind`, {
                    onChange: (e: { target: { value: ClauseKind } }) => {
                      if (e.target.value === 'status' && form.getValues(`clauses.${i}.statuses`).length === 0)
                        form.setValue(`clauses.${i}.statuses`, ['COMPLETED']);
                    },
                  })}
                  options={CLAUSE_KINDS.map((k) => ({ value: k, label: CLAUSE_KIND_LABELS[k] }))}
                />
              </div>
              {clauses.fields.length > 1 ? (
                <Button type="button" variant="ghost" onClick={() => clauses.remove(i)}>
                  Remove condition {i + 1}
                </Button>
              ) : null}
            </div>
            <ClauseFields index={i} form={form} />
          </div>
        ))}
        <Err id="outcome-clauses-error" message={clausesError} />
        <div>
          <Button type="button" onClick={() => clauses.append(emptyClause('classifier'))}>
            Add a condition
          </Button>
        </div>
      </fieldset>
      {mutation.error || Object.keys(errors).length > 0 ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {mutation.error ? errorMessage(mutation.error) : 'Some fields need attention; see the messages under them.'}
        </p>
      ) : null}
      <div>
        <Button type="submit" variant="primary" disabled={mutation.isPending}>
          {mutation.isPending ? 'Defining…' : 'Define the outcome'}
        </Button>
      </div>
    </form>
  );
}
