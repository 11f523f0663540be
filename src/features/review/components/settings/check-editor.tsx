/** "Add an automatic check": the kinds of the contract, each with its own fields. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useWatch, type Resolver } from 'react-hook-form';
import { CHECK_KIND_LABELS, CHECK_KINDS, REVIEW_LIMITS, SPEAKER_LABELS, SPEAKERS } from '@contract/bff/review';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import type { AgentSummary } from '@/lib/shared-queries/agents';
import { addCheck } from '../../api/review-api';
import { checkInput, CheckForm, phrasesError, type CheckFormValues } from '../../model/forms';
import { AddRuleForm, ScopeFields, useReviewForm } from './form-parts';
import { Select } from '@/components/ui/select';

export function CheckEditor({ agents }: { agents: AgentSummary[] }) {
  const { form, mutation, onSubmit, register, errors } = useReviewForm({
    resolver: ((values: CheckFormValues, ctx: unknown, options: never) =>
      zodResolver(CheckForm)(checkInput(values) as never, ctx, options)) as never as Resolver<CheckFormValues>,
    defaultValues: {
      name: '',
      agentId: '',
      campaignName: '',
      condition: { kind: 'transferredWithoutSummary', classifier: '', value: '', field: '', seconds: '10', phrases: '', speaker: 'AGENT' },
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
        <Select id="check-kind" {...register('condition.kind')} options={CHECK_KINDS.map((k) => ({ value: k, label: CHECK_KIND_LABELS[k] }))} />
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
      {kind === 'phraseWithin' || kind === 'phraseNeverSaid' || kind === 'forbiddenPhrase' || kind === 'category' ? (
        <div className="flex flex-col gap-3">
          <Textarea
            label={`Phrases, one a line (any of them counts; at most ${REVIEW_LIMITS.phrasesMax})`}
            rows={3}
            error={phrasesError(c?.phrases)}
            {...register('condition.phrases')}
          />
          <p className="text-sm text-slate-600 dark:text-slate-400">
            A phrase matches its words in this order within one line of the transcript, whatever the case and accents, in the call&apos;s language (words are
            not reduced to their stem: list the forms you mean).
          </p>
          {kind === 'phraseWithin' ? (
            <Field label="Said by the agent within (seconds of the answer)" error={c?.seconds?.message} className="w-72">
              <Input inputMode="numeric" {...register('condition.seconds')} />
            </Field>
          ) : (
            <div className="flex flex-col gap-1">
              <label htmlFor="check-speaker" className="text-sm font-medium">
                Said by
              </label>
              <Select id="check-speaker" {...register('condition.speaker')} options={SPEAKERS.map((s) => ({ value: s, label: SPEAKER_LABELS[s] }))} />
            </div>
          )}
        </div>
      ) : null}
      <ScopeFields form={form} agents={agents} id="check-agent" />
    </AddRuleForm>
  );
}
