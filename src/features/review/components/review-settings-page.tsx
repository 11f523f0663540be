/**
 * /review/settings (admins): an agent's rubric (pass/fail items with weights, a note), sampling
 * rules and automatic checks, each form react-hook-form + the contract's zod schema; what was
 * typed stays when the server refuses it, and its messages show under the fields. Rules run over
 * the call index when added; the list says how many calls each queued.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import {
  useFieldArray,
  useForm,
  useWatch,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type PathValue,
  type Resolver,
  type UseFormReturn,
  type UseFormSetError,
} from 'react-hook-form';
import { CHECK_KIND_LABELS, CHECK_KINDS, REVIEW_ADMIN_ROLES, SAMPLING_MODES, type Check, type Rubric, type SamplingRule } from '@contract/bff/review';
import { TERMINAL_CALL_STATUSES } from '@contract/enums';
import { WritePage } from '@/components/auth/can';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { QueryStates } from '@/components/ui/query-states';
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

/**
 * One admin form: react-hook-form over the contract's schema, a mutation that sends it, the
 * server's field errors under the fields, the review lists read again after a success (and the
 * form emptied, for the "add" forms).
 */
function useReviewForm<V extends FieldValues, R>({
  resolver,
  defaultValues,
  send,
  done,
  resetOnSuccess = true,
}: {
  resolver: Resolver<V>;
  defaultValues: DefaultValues<V>;
  send: (body: never) => Promise<R>;
  done: (result: R) => string;
  resetOnSuccess?: boolean;
}) {
  const queryClient = useQueryClient();
  const form = useForm<V>({ resolver, defaultValues });
  const mutation = useMutation({
    mutationFn: (body: V) => send(body as never),
    onSuccess: async (result) => {
      toast.success(done(result));
      if (resetOnSuccess) form.reset();
      await invalidateReview(queryClient);
    },
    onError: (error) => applyServerErrors(error, form.setError),
  });
  return { form, mutation, register: form.register, errors: form.formState.errors, onSubmit: form.handleSubmit((body) => mutation.mutate(body)) };
}

/** The form's alert and its submit button. */
function FormFooter({
  mutation,
  errors,
  label,
  busyLabel,
  disabled,
}: {
  mutation: { error: unknown; isPending: boolean };
  errors: FieldErrors;
  label: string;
  busyLabel: string;
  disabled?: boolean;
}) {
  return (
    <>
      <FormAlert error={mutation.error} errors={errors} />
      <div>
        <Button type="submit" variant="primary" disabled={mutation.isPending || disabled}>
          {mutation.isPending ? busyLabel : label}
        </Button>
      </div>
    </>
  );
}

export function ReviewSettingsPage() {
  return (
    <div className="flex flex-col gap-6">
      <div>
        <Link to="/review" search={{ state: 'todo', page: 1 }} className="text-sm text-blue-700 underline dark:text-blue-400">
          ← Review queue
        </Link>
        <h1 className="mt-1 text-xl font-semibold">Rubrics and rules</h1>
      </div>
      <WritePage roles={REVIEW_ADMIN_ROLES} action="define rubrics and rules (your role reviews calls in the review queue)">
        <Editors />
      </WritePage>
    </div>
  );
}

function Editors() {
  const agents = useQuery(allAgentsQueryOptions());
  if (agents.isPending) return <TableSkeleton label="Loading the agents" />;
  if (agents.isError) return <ErrorState title="The agents could not be loaded" error={agents.error} onRetry={() => void agents.refetch()} />;
  return (
    <>
      <RubricEditor agents={agents.data} />
      <div className="grid gap-4 xl:grid-cols-2">
        <SamplingRuleEditor agents={agents.data} />
        <CheckEditor agents={agents.data} />
      </div>
      <RulesList agents={agents.data} />
    </>
  );
}

/** "Agent" and a select of the agents, with an "any agent" choice where `anyLabel` is given. */
function AgentField({
  agents,
  id,
  value,
  onChange,
  anyLabel,
  children,
}: {
  agents: AgentSummary[];
  id: string;
  value: string;
  onChange: (v: string) => void;
  anyLabel?: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        Agent
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={selectClass}>
        {anyLabel !== undefined ? <option value="">{anyLabel}</option> : null}
        {agents.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}
          </option>
        ))}
      </select>
      {children}
    </div>
  );
}

/** Which calls a rule looks at: one agent or any, one campaign or any (both forms share them). */
function ScopeFields<V extends { agentId: string; campaignName: string }>({
  form,
  agents,
  id,
}: {
  form: UseFormReturn<V>;
  agents: AgentSummary[];
  id: string;
}) {
  const agentPath = 'agentId' as Path<V>;
  const agentId = useWatch({ control: form.control, name: agentPath }) as string;
  return (
    <>
      <AgentField id={id} agents={agents} value={agentId} onChange={(v) => form.setValue(agentPath, v as PathValue<V, Path<V>>)} anyLabel="Any agent" />
      <Field label="Campaign name (optional)" error={form.formState.errors.campaignName?.message as string | undefined}>
        <Input autoComplete="off" {...form.register('campaignName' as Path<V>)} />
      </Field>
    </>
  );
}

/** An "add a rule" form: its title, a name, the rule's own fields (children), the alert and the button. */
function AddRuleForm<V extends { name: string }>({
  id,
  title,
  form,
  mutation,
  onSubmit,
  submitLabel,
  children,
}: {
  id: string;
  title: string;
  form: UseFormReturn<V>;
  mutation: { error: unknown; isPending: boolean };
  onSubmit: () => void;
  submitLabel: string;
  children: ReactNode;
}) {
  const errors = form.formState.errors;
  return (
    <form noValidate aria-labelledby={`${id}-title`} onSubmit={onSubmit} className={panelClass}>
      <h2 id={`${id}-title`} className="font-semibold">
        {title}
      </h2>
      <Field label="Name" error={errors.name?.message as string | undefined}>
        <Input autoComplete="off" {...form.register('name' as Path<V>)} />
      </Field>
      {children}
      <FormFooter mutation={mutation} errors={errors} label={submitLabel} busyLabel="Adding…" />
    </form>
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
      <AgentField id="rubric-agent" agents={agents} value={agentId} onChange={setAgentId}>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {current
            ? `Version ${current.version}, saved by ${current.updatedBy}. Saving a change makes a new version; past reviews keep theirs.`
            : 'No rubric yet.'}
        </p>
      </AgentField>
      {/* A fresh form per agent and version: what was typed for one agent never shows for another. */}
      <RubricFields key={`${agentId}:${current?.version ?? 0}`} agentId={agentId} current={current} />
    </section>
  );
}

function RubricFields({ agentId, current }: { agentId: string; current: Rubric | undefined }) {
  const { form, mutation, onSubmit, register, errors } = useReviewForm<RubricFormValues, Rubric>({
    resolver: zodResolver(RubricForm) as never,
    defaultValues: toValues(current),
    send: (body) => saveRubric(agentId, body),
    done: (saved) => `Rubric saved (version ${saved.version}).`,
    resetOnSuccess: false,
  });
  const items = useFieldArray({ control: form.control, name: 'items' });
  return (
    <form noValidate aria-label="Rubric items" onSubmit={onSubmit} className="flex flex-col gap-3">
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
      <FormFooter mutation={mutation} errors={errors} label="Save the rubric" busyLabel="Saving…" disabled={!agentId} />
    </form>
  );
}

function SamplingRuleEditor({ agents }: { agents: AgentSummary[] }) {
  const { form, mutation, onSubmit, register, errors } = useReviewForm({
    resolver: zodResolver(SamplingRuleForm) as never as Resolver<SamplingRuleFormValues>,
    defaultValues: { name: '', agentId: '', campaignName: '', from: '', to: '', status: [], mode: 'perDay', amount: '5' },
    send: addSamplingRule,
    done: (rule) => `"${rule.name}" queued ${rule.queued} calls.`,
  });
  const mode = useWatch({ control: form.control, name: 'mode' });
  return (
    <AddRuleForm id="sampling" title="Add a sampling rule" form={form} mutation={mutation} onSubmit={onSubmit} submitLabel="Add the rule">
      <ScopeFields form={form} agents={agents} id="sampling-agent" />
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
    </AddRuleForm>
  );
}

function CheckEditor({ agents }: { agents: AgentSummary[] }) {
  const { form, mutation, onSubmit, register, errors } = useReviewForm({
    resolver: ((values: CheckFormValues, ctx: unknown, options: never) =>
      zodResolver(CheckForm)(checkInput(values) as never, ctx, options)) as never as Resolver<CheckFormValues>,
    defaultValues: {
      name: '',
      agentId: '',
      campaignName: '',
      condition: { kind: 'transferredWithoutSummary', classifier: '', value: '', field: '', seconds: '10' },
    },
    send: addCheck,
    done: (check) => `"${check.name}" flagged ${check.flagged} calls.`,
  });
  const kind = useWatch({ control: form.control, name: 'condition.kind' });
  const c = errors.condition;
  return (
    <AddRuleForm id="check" title="Add an automatic check" form={form} mutation={mutation} onSubmit={onSubmit} submitLabel="Add the check">
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
      <ScopeFields form={form} agents={agents} id="check-agent" />
    </AddRuleForm>
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
      <QueryStates
        query={rules}
        loading={<TableSkeleton label="Loading the rules" />}
        errorTitle="The rules could not be loaded"
        isEmpty={(data) => data.sampling.length + data.checks.length === 0}
        empty={<EmptyState title="No rule yet" description="Add a sampling rule or an automatic check: calls then enter the review queue." />}
      >
        {(data) => (
          <ul className="flex flex-col gap-2 text-sm">
            {[
              ...data.sampling.map((r) => ({ id: r.id, name: r.name, kind: 'Sampling', what: describeRule(r, agentName), n: `${r.queued} queued` })),
              ...data.checks.map((c) => ({ id: c.id, name: c.name, kind: 'Check', what: describeCheck(c), n: `${c.flagged} flagged` })),
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
      </QueryStates>
    </section>
  );
}
