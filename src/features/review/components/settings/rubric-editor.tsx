/** An agent's rubric: pass/fail items with weights and a note; saving makes a new version. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import type { Rubric } from '@contract/bff/review';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { TableSkeleton } from '@/components/ui/skeleton';
import type { AgentSummary } from '@/lib/shared-queries/agents';
import { rubricsQueryOptions, saveRubric } from '../../api/review-api';
import { RubricForm, type RubricFormValues } from '../../model/forms';
import { AgentField, FormFooter, panelClass, useReviewForm } from './form-parts';

const toValues = (rubric: Rubric | undefined): RubricFormValues => ({
  items: rubric ? rubric.items.map((i) => ({ label: i.label, weight: String(i.weight) })) : [{ label: '', weight: '1' }],
  note: rubric?.note ?? '',
});

export function RubricEditor({ agents }: { agents: AgentSummary[] }) {
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
