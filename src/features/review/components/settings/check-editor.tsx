/** "Add an automatic check": the kinds of the contract, each with its own fields. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useWatch, type Resolver } from 'react-hook-form';
import { CHECK_KIND_LABELS, CHECK_KINDS } from '@contract/bff/review';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { AgentSummary } from '@/lib/shared-queries/agents';
import { addCheck } from '../../api/review-api';
import { checkInput, CheckForm, type CheckFormValues } from '../../model/forms';
import { AddRuleForm, ScopeFields, selectClass, useReviewForm } from './form-parts';

export function CheckEditor({ agents }: { agents: AgentSummary[] }) {
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
