import type { ReactElement } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { AgentSummary } from '@/lib/shared-queries/agents';
import type { DatePreset } from '../../model/date-presets';
import type { FilterId } from '../../model/filter-bar';
import type { FilterForm } from '../../model/filter-form';
import type { CallsSearch } from '../../model/search-params';
import { COUNTRIES } from './countries';
import { DateFields } from './date-fields';
import { LabelledSelect, TRI, withChosen, type Option } from './labelled-select';
import { StatusFields } from './status-fields';

/** What the editors show besides the search: names to choose from, the zone dates are days in, the phone's country. */
export interface EditorContext {
  search: CallsSearch;
  zone: string;
  agents: AgentSummary[];
  checks: Option[];
  outcomes: Option[];
  country: string;
}

interface Box {
  name: 'minDuration' | 'maxDuration' | 'classifierName' | 'classifierValue' | 'extractedPath' | 'extractedValue';
  label: string;
  placeholder?: string;
  numeric?: boolean;
}

/** The filters edited in two text boxes side by side: a range's ends, a name and its value. */
const BOX_PAIRS: Record<'duration' | 'classifier' | 'extracted', [Box, Box]> = {
  duration: [
    { name: 'minDuration', label: 'Shortest (s)', numeric: true },
    { name: 'maxDuration', label: 'Longest (s)', numeric: true },
  ],
  classifier: [
    { name: 'classifierName', label: 'Classifier', placeholder: 'interest' },
    { name: 'classifierValue', label: 'Classifier value', placeholder: 'no' },
  ],
  extracted: [
    { name: 'extractedPath', label: 'Extracted field', placeholder: 'address.city' },
    { name: 'extractedValue', label: 'Field value' },
  ],
};

function BoxPair({ form, boxes }: { form: UseFormReturn<FilterForm>; boxes: [Box, Box] }) {
  return (
    <div className="flex gap-2">
      {boxes.map((box) => (
        <Field key={box.name} label={box.label} error={form.formState.errors[box.name]?.message} className="flex-1">
          <Input {...form.register(box.name)} placeholder={box.placeholder} inputMode={box.numeric ? 'numeric' : undefined} autoComplete="off" />
        </Field>
      ))}
    </div>
  );
}

/** The fields of one filter's editor (its form's fields: model/filter-bar.ts); a filter without its case does not compile. */
export function FilterFields({
  id,
  form,
  ctx,
  onPreset,
}: {
  id: FilterId;
  form: UseFormReturn<FilterForm>;
  ctx: EditorContext;
  onPreset: (p: DatePreset) => void;
}): ReactElement | null {
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
    case 'started':
      return <DateFields form={form} zone={search.tz ?? zone} onPreset={onPreset} />;
    case 'status':
      return <StatusFields register={register} />;
    case 'recording':
      return <LabelledSelect id="bar-has-recording" label="Has recording" {...register('hasRecording')} options={TRI} />;
    case 'duration':
    case 'classifier':
    case 'extracted':
      return <BoxPair form={form} boxes={BOX_PAIRS[id]} />;
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
    case 'outcome': {
      const [label, choices, noun] = id === 'check' ? ['Flagged by (QA check or category)', ctx.checks, 'Check'] : ['Met outcome', ctx.outcomes, 'Outcome'];
      return (
        <LabelledSelect
          id={`bar-${id}`}
          label={label}
          error={errors[id]?.message}
          {...register(id)}
          options={withChosen([{ value: '', label: 'Any call' }, ...choices], search[id]?.[0], noun)}
        />
      );
    }
    case 'q':
      return null;
  }
}
