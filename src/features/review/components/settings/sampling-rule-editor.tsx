/** "Add a sampling rule": N calls a day or x % at random, of an agent, a campaign, dates and statuses. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useWatch, type Resolver } from 'react-hook-form';
import { SAMPLING_MODES } from '@contract/bff/review';
import { TERMINAL_CALL_STATUSES } from '@contract/enums';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { AgentSummary } from '@/lib/shared-queries/agents';
import { addSamplingRule } from '../../api/review-api';
import { SamplingRuleForm, type SamplingRuleFormValues } from '../../model/forms';
import { AddRuleForm, ScopeFields, useReviewForm } from './form-parts';
import { callStatusLabel } from '@/components/status/call-status';

export function SamplingRuleEditor({ agents }: { agents: AgentSummary[] }) {
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
            {callStatusLabel(s)}
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
