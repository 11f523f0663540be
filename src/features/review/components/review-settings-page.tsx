/**
 * /review/settings (admins): an agent's rubric (pass/fail items with weights, a note), sampling
 * rules and automatic checks, each form react-hook-form + the contract's zod schema; what was
 * typed stays when the server refuses it, and its messages show under the fields. Rules run over
 * the call index when added; the list says how many calls each queued.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useFieldArray, useForm, useWatch, type FieldErrors, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { CHECK_KIND_LABELS, CHECK_KINDS, SAMPLING_MODES, type Check, type Rubric, type SamplingRule } from '@contract/bff/review';
import { TERMINAL_CALL_STATUSES } from '@contract/enums';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { TableSkeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { errorMessage, isApiError } from '@/lib/api-client';
import { allAgentsQueryOptions, type AgentSummary } from '@/lib/shared-queries/agents';
import { addCheck, addSamplingRule, fillQueue, invalidateReview, removeRule, rubricsQueryOptions, rulesQueryOptions, saveRubric } from '../api/review-api';
import { checkInput, CheckForm, RubricForm, SamplingRuleForm, type CheckFormValues, type RubricFormValues, type SamplingRuleFormValues } from '../model/forms';

const selectClass = 'rounded-md border border-slate-300 bg-white px-2 py-2 text-sm dark:border-slate-600 dark:bg-slate-900';
const panelClass = 'flex flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800';

/** The server's field errors, put under the fields they name (`items[1].label` → `items.1.label`). */
function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>): void {
  if (!isApiError(error)) return;
  for (const e of error.fieldErrors) setError(e.field.replace(/\[(\d+)\]/g, '.$1') as Path<T>, { type: 'server', message: e.message });
}

function FormAlert({ error, errors }: { error: unknown; errors: FieldErrors }) {
  const count = Object.keys(errors).length;
  if (!error && count === 0) return null;
  return (
    <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
      {error ? errorMessage(error) : 'Some fields need attention; see the messages under them.'}
    </p>
  );
}

export function ReviewSettingsPage({ isAdmin }: { isAdmin: boolean }) {
  const agents = useQuery(allAgentsQueryOptions());
  if (!isAdmin) {
    return (
      <EmptyState
        title="Only admins define rubrics and rules"
        description={
          <>
            Your role reviews calls: open the{' '}
            <Link to="/review" search={{ state: 'todo', page: 1 }} className="text-blue-700 underline dark:text-blue-400">
              review queue
            </Link>
            .
          </>
        }
      />
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <div>
        <Link to="/review" search={{ state: 'todo', page: 1 }} className="text-sm text-blue-700 underline dark:text-blue-400">
          ← Review queue
        </Link>
        <h1 className="mt-1 text-xl font-semibold">Rubrics and rules</h1>
      </div>
      {agents.isPending ? (
        <TableSkeleton label="Loading the agents" />
      ) : agents.isError ? (
        <ErrorState title="The agents could not be loaded" error={agents.error} onRetry={() => void agents.refetch()} />
      ) : (
        <>
          <RubricEditor agents={agents.data} />
          <div className="grid gap-4 xl:grid-cols-2">
            <SamplingRuleEditor agents={agents.data} />
            <CheckEditor agents={agents.data} />
          </div>
          <RulesList agents={agents.data} />
        </>
      )}
    </div>
  );
}

function AgentSelect({
  agents,
  id,
  value,
  onChange,
  anyLabel,
}: {
  agents: AgentSummary[];
  id?: string;
  value: string;
  onChange: (v: string) => void;
  anyLabel?: string;
}) {
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={selectClass}>
      {anyLabel !== undefined ? <option value="">{anyLabel}</option> : null}
      {agents.map((a) => (
        <option key={a.id} value={a.id}>
          {a.name}
        </option>
      ))}
    </select>
  );
}

const toValues = (rubric: Rubric | undefined): RubricFormValues => ({
  items: rubric ? rubric.items.map((i) => ({ label: i.label, weight: String(i.weight) })) : [{ label: '', weight: '1' }],
  note: rubric?.note ?? '',
});

function RubricEditor({ agents }: { agents: AgentSummary[] }) {
  const rubrics = useQuery(rubricsQueryOptions());
  const [agentId, setAgentId] = useState(agents[0]?.id ?? '');
  const current = rubrics.data?.find((r) => r.agentId === agentId);
  if (rubrics.isPending) return <TableSkeleton label="Loading the rubrics" />;
  if (rubrics.isError) return <ErrorState title="The rubrics could not be loaded" error={rubrics.error} onRetry={() => void rubrics.refetch()} />;
  return (
    <section aria-labelledby="rubric-title" className={panelClass}>
      <h2 id="rubric-title" className="font-semibold">
        Rubric
      </h2>
      <div className="flex flex-col gap-1">
        <label htmlFor="rubric-agent" className="text-sm font-medium">
          Agent
        </label>
        <AgentSelect id="rubric-agent" agents={agents} value={agentId} onChange={setAgentId} />
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {current
            ? `Version ${current.version}, saved by ${current.updatedBy}. Saving a change makes a new version; past reviews keep theirs.`
            : 'No rubric yet.'}
        </p>
      </div>
      {/* A fresh form per agent and version: what was typed for one agent never shows for another. */}
      <RubricFields key={`${agentId}:${current?.version ?? 0}`} agentId={agentId} current={current} />
    </section>
  );
}

function RubricFields({ agentId, current }: { agentId: string; current: Rubric | undefined }) {
  const queryClient = useQueryClient();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RubricFormValues>({ resolver: zodResolver(RubricForm) as never, defaultValues: toValues(current) });
  const items = useFieldArray({ control, name: 'items' });
  const save = useMutation({
    mutationFn: (body: unknown) => saveRubric(agentId, body as never),
    onSuccess: async (saved) => {
      toast.success(`Rubric saved (version ${saved.version}).`);
      await invalidateReview(queryClient);
    },
    onError: (error) => applyServerErrors(error, setError),
  });
  return (
    <form noValidate aria-label="Rubric items" onSubmit={handleSubmit((body) => save.mutate(body))} className="flex flex-col gap-3">
      <ol className="flex flex-col gap-2">
        {items.fields.map((f, i) => (
          <li key={f.id} className="grid items-start gap-2 md:grid-cols-[1fr_8rem_auto]">
            <Field label={`Item ${i + 1}`} error={errors.items?.[i]?.label?.message}>
              <Input autoComplete="off" {...register(`items.${i}.label`)} />
            </Field>
            <Field label="Weight" error={errors.items?.[i]?.weight?.message}>
              <Input inputMode="numeric" {...register(`items.${i}.weight`)} />
            </Field>
            <Button
              type="button"
              variant="ghost"
              className="md:mt-6"
              onClick={() => items.remove(i)}
              aria-label={`Remove item ${i + 1}`}
              disabled={items.fields.length === 1}
            >
              Remove
            </Button>
          </li>
        ))}
      </ol>
      {errors.items?.root?.message || errors.items?.message ? (
        <p className="text-sm text-red-700 dark:text-red-400">{errors.items?.root?.message ?? errors.items?.message}</p>
      ) : null}
      <div>
        <Button type="button" onClick={() => items.append({ label: '', weight: '1' })}>
          Add an item
        </Button>
      </div>
      <Field label="Note for reviewers" error={errors.note?.message}>
        <Input autoComplete="off" {...register('note')} />
      </Field>
      <FormAlert error={save.error} errors={errors} />
      <div>
        <Button type="submit" variant="primary" disabled={save.isPending || !agentId}>
          {save.isPending ? 'Saving…' : 'Save the rubric'}
        </Button>
      </div>
    </form>
  );
}

function SamplingRuleEditor({ agents }: { agents: AgentSummary[] }) {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    control,
    setValue,
    reset,
    formState: { errors },
  } = useForm<SamplingRuleFormValues>({
    resolver: zodResolver(SamplingRuleForm) as never,
    defaultValues: { name: '', agentId: '', campaignName: '', from: '', to: '', status: [], mode: 'perDay', amount: '5' },
  });
  const add = useMutation({
    mutationFn: (body: unknown) => addSamplingRule(body as never),
    onSuccess: async (rule) => {
      toast.success(`"${rule.name}" queued ${rule.queued} calls.`);
      reset();
      await invalidateReview(queryClient);
    },
    onError: (error) => applyServerErrors(error, setError),
  });
  const mode = useWatch({ control, name: 'mode' });
  const agentId = useWatch({ control, name: 'agentId' });
  return (
    <form noValidate aria-labelledby="sampling-title" onSubmit={handleSubmit((body) => add.mutate(body))} className={panelClass}>
      <h2 id="sampling-title" className="font-semibold">
        Add a sampling rule
      </h2>
      <Field label="Name" error={errors.name?.message}>
        <Input autoComplete="off" {...register('name')} />
      </Field>
      <div className="flex flex-col gap-1">
        <label htmlFor="sampling-agent" className="text-sm font-medium">
          Agent
        </label>
        <AgentSelect id="sampling-agent" agents={agents} value={agentId} onChange={(v) => setValue('agentId', v)} anyLabel="Any agent" />
      </div>
      <Field label="Campaign name (optional)" error={errors.campaignName?.message}>
        <Input autoComplete="off" {...register('campaignName')} />
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="From (optional)" error={errors.from?.message}>
          <Input type="date" {...register('from')} />
        </Field>
        <Field label="To (optional)" error={errors.to?.message}>
          <Input type="date" {...register('to')} />
        </Field>
      </div>
      <fieldset className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
        <legend className="mb-1 font-medium">Statuses (none: every ended call)</legend>
        {TERMINAL_CALL_STATUSES.map((s) => (
          <label key={s} className="inline-flex items-center gap-1">
            <input type="checkbox" value={s} {...register('status')} />
            {s}
          </label>
        ))}
      </fieldset>
      <fieldset className="flex flex-wrap items-center gap-3 text-sm">
        <legend className="float-left mr-2 font-medium">Take</legend>
        {SAMPLING_MODES.map((m) => (
          <label key={m} className="inline-flex items-center gap-1">
            <input type="radio" value={m} {...register('mode')} />
            {m === 'perDay' ? 'N calls per day' : 'x % at random'}
          </label>
        ))}
      </fieldset>
      <Field label={mode === 'perDay' ? 'Calls per day' : 'Share (%)'} error={errors.amount?.message} className="w-40">
        <Input inputMode="decimal" {...register('amount')} />
      </Field>
      <FormAlert error={add.error} errors={errors} />
      <div>
        <Button type="submit" variant="primary" disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add the rule'}
        </Button>
      </div>
    </form>
  );
}

function CheckEditor({ agents }: { agents: AgentSummary[] }) {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    control,
    setValue,
    reset,
    formState: { errors },
  } = useForm<CheckFormValues>({
    resolver: ((values: CheckFormValues, ctx: unknown, options: never) => zodResolver(CheckForm)(checkInput(values) as never, ctx, options)) as never,
    defaultValues: {
      name: '',
      agentId: '',
      campaignName: '',
      condition: { kind: 'transferredWithoutSummary', classifier: '', value: '', field: '', seconds: '10' },
    },
  });
  const add = useMutation({
    mutationFn: (body: unknown) => addCheck(body as never),
    onSuccess: async (check) => {
      toast.success(`"${check.name}" flagged ${check.flagged} calls.`);
      reset();
      await invalidateReview(queryClient);
    },
    onError: (error) => applyServerErrors(error, setError),
  });
  const kind = useWatch({ control, name: 'condition.kind' });
  const agentId = useWatch({ control, name: 'agentId' });
  const c = errors.condition;
  return (
    <form noValidate aria-labelledby="check-title" onSubmit={handleSubmit((body) => add.mutate(body))} className={panelClass}>
      <h2 id="check-title" className="font-semibold">
        Add an automatic check
      </h2>
      <Field label="Name" error={errors.name?.message}>
        <Input autoComplete="off" {...register('name')} />
      </Field>
      <div className="flex flex-col gap-1">
        <label htmlFor="check-kind" className="text-sm font-medium">
          Flag a call when
        </label>
        <select id="check-kind" className={selectClass} {...register('condition.kind')}>
          {CHECK_KINDS.map((k) => (
            <option key={k} value={k}>
              {CHECK_KIND_LABELS[k]}
            </option>
          ))}
        </select>
        {c?.kind?.message ? <p className="text-sm text-red-700 dark:text-red-400">{c.kind.message}</p> : null}
      </div>
      {kind === 'classifierWithoutExtracted' ? (
        <div className="grid gap-3 sm:grid-cols-3">
          <Field label="Classifier" error={c?.classifier?.message}>
            <Input autoComplete="off" {...register('condition.classifier')} />
          </Field>
          <Field label="is" error={c?.value?.message}>
            <Input autoComplete="off" {...register('condition.value')} />
          </Field>
          <Field label="but extracted field is empty" error={c?.field?.message} description="group.name for nested fields">
            <Input autoComplete="off" {...register('condition.field')} />
          </Field>
        </div>
      ) : kind === 'hangUpAfterAnswer' || kind === 'shortDuration' ? (
        <Field label="Seconds" error={c?.seconds?.message} className="w-40">
          <Input inputMode="numeric" {...register('condition.seconds')} />
        </Field>
      ) : null}
      <div className="flex flex-col gap-1">
        <label htmlFor="check-agent" className="text-sm font-medium">
          Agent
        </label>
        <AgentSelect id="check-agent" agents={agents} value={agentId} onChange={(v) => setValue('agentId', v)} anyLabel="Any agent" />
      </div>
      <Field label="Campaign name (optional)" error={errors.campaignName?.message}>
        <Input autoComplete="off" {...register('campaignName')} />
      </Field>
      <FormAlert error={add.error} errors={errors} />
      <div>
        <Button type="submit" variant="primary" disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add the check'}
        </Button>
      </div>
    </form>
  );
}

function describeCheck(check: Check): string {
  const c = check.condition;
  if (c.kind === 'classifierWithoutExtracted') return `classifier ${c.classifier} is ${c.value} but ${c.field} is empty`;
  if (c.kind === 'hangUpAfterAnswer') return `hang-up within ${c.seconds} s of the answer`;
  if (c.kind === 'shortDuration') return `a reached call under ${c.seconds} s`;
  return 'TRANSFERRED without a summary';
}

function describeRule(rule: SamplingRule, agentName: (id: string) => string): string {
  const take = rule.mode === 'perDay' ? `${rule.amount} per day` : `${rule.amount} % at random`;
  const parts = [
    rule.agentId ? agentName(rule.agentId) : 'any agent',
    rule.campaignName ? `campaign ${rule.campaignName}` : null,
    rule.from || rule.to ? `${rule.from ?? '…'} to ${rule.to ?? '…'}` : null,
    rule.status.length ? rule.status.join(', ') : null,
  ].filter(Boolean);
  return `${take} of ${parts.join(', ')}`;
}

function RulesList({ agents }: { agents: AgentSummary[] }) {
  const queryClient = useQueryClient();
  const rules = useQuery(rulesQueryOptions());
  const agentName = (id: string) => agents.find((a) => a.id === id)?.name ?? id;
  const remove = useMutation({
    mutationFn: removeRule,
    onSuccess: async () => {
      toast.success('Removed. Calls it queued stay in the queue.');
      await invalidateReview(queryClient);
    },
    onError: (error) => toast.error('The rule could not be removed', errorMessage(error)),
  });
  const fill = useMutation({
    mutationFn: fillQueue,
    onSuccess: async (r) => {
      toast.success(`${r.sampled} calls sampled, ${r.flagged} flagged.`);
      await invalidateReview(queryClient);
    },
    onError: (error) => toast.error('The queue could not be filled', errorMessage(error)),
  });
  return (
    <section aria-labelledby="rules-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="rules-title" className="font-semibold">
          Rules in force
        </h2>
        <Button onClick={() => fill.mutate()} disabled={fill.isPending}>
          Run every rule now
        </Button>
      </div>
      {rules.isPending ? (
        <TableSkeleton label="Loading the rules" />
      ) : rules.isError ? (
        <ErrorState title="The rules could not be loaded" error={rules.error} onRetry={() => void rules.refetch()} />
      ) : rules.data.sampling.length + rules.data.checks.length === 0 ? (
        <EmptyState title="No rule yet" description="Add a sampling rule or an automatic check: calls then enter the review queue." />
      ) : (
        <ul className="flex flex-col gap-2 text-sm">
          {[
            ...rules.data.sampling.map((r) => ({ id: r.id, name: r.name, kind: 'Sampling', what: describeRule(r, agentName), n: `${r.queued} queued` })),
            ...rules.data.checks.map((c) => ({ id: c.id, name: c.name, kind: 'Check', what: describeCheck(c), n: `${c.flagged} flagged` })),
          ].map((r) => (
            <li key={r.id} className="flex flex-wrap items-center gap-2 rounded-md border border-slate-200 p-2 dark:border-slate-800">
              <Badge tone={r.kind === 'Check' ? 'amber' : 'neutral'}>{r.kind}</Badge>
              <span className="font-medium">{r.name}</span>
              <span>{r.what}</span>
              <span className="text-slate-600 dark:text-slate-400">({r.n})</span>
              <Button size="sm" variant="ghost" onClick={() => remove.mutate(r.id)} aria-label={`Remove ${r.name}`}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
