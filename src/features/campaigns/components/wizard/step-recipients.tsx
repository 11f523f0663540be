/**
 * Wizard step 4: the recipient list (the one table import) and, past the limit, the split into
 * campaigns. The step is a react-hook-form form over recipientsStepSchema: the list's count and
 * column problems come in as values, the split is its one field. Next is never disabled: pressing it
 * while blocked keeps the person here, says why (and moves focus to the split when that is the
 * answer); once pressed, the check follows every edit.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { getCountries } from 'libphonenumber-js';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { LIMITS } from '@contract/limits';
import { Button } from '@/components/ui/button';
import { mappingProblems, type BuiltRecipients } from '@/lib/recipients';
import type { StepFieldError } from '../../model/field-errors';
import { importTable, type RecipientsDraft } from '@/lib/recipients/import-draft';
import { RejectedRowsDownload } from '@/components/table-import/rejected-rows-download';
import { fixableRows, RecipientsTableImport } from '@/components/table-import/recipients-table-import';
import { hasTable } from '@/components/table-import/table-import';
import { limitState } from '../../model/recipient-limit';
import { recipientsStepSchema, type RecipientsStepValues } from '../../model/step-schemas';
import { splitName } from '../../model/split-recipients';
import { RecipientsPreview } from './recipients-preview';
import { countOf } from '@/lib/plural';
import { Select } from '@/components/ui/select';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const COUNTRIES = getCountries()
  .map((c) => ({ code: c, name: regionNames.of(c) ?? c }))
  .sort((a, b) => a.name.localeCompare(b.name));
const err = 'text-sm font-medium text-red-700 dark:text-red-400';

export interface StepRecipientsProps {
  draft: RecipientsDraft | null;
  built: BuiltRecipients | null;
  campaignName: string;
  defaultCountry: string;
  split: boolean;
  onChange: (d: RecipientsDraft | null) => void;
  onSplit: (split: boolean) => void;
  onNext: () => void;
  onBack: () => void;
  serverErrors: StepFieldError[];
  /** The submitted list's positions back to source lines, for upstream row errors. */
  submittedLines: readonly number[];
  /** The recipients by time zone, with the "own local hours" choice (zone-groups.tsx). */
  zoneSection?: ReactNode;
}

export function StepRecipients(props: StepRecipientsProps) {
  const { draft, built, campaignName, split, onChange, onSplit, onNext, onBack, serverErrors, submittedLines } = props;
  const country = draft?.defaultCountry ?? props.defaultCountry;
  const fixable = useMemo(() => fixableRows(built), [built]);
  const count = built?.recipients.length ?? 0;
  const limit = limitState(count);
  const mapping = useMemo(() => (draft ? mappingProblems({ roles: draft.roles, keys: draft.keys }) : []), [draft]);
  const values = useMemo<RecipientsStepValues>(() => ({ count, mappingProblems: mapping, split }), [count, mapping, split]);
  const {
    register,
    handleSubmit,
    trigger,
    formState: { errors, isSubmitted },
  } = useForm<RecipientsStepValues>({ resolver: zodResolver(recipientsStepSchema), values, resetOptions: { keepIsSubmitted: true } });
  // The list changes outside the form: check it again (the count alone while Next was never pressed).
  const listed = hasTable(draft);
  useEffect(() => {
    if (isSubmitted) void trigger();
    else if (listed) void trigger('count');
  }, [values, isSubmitted, listed, trigger]);
  const rowErrors = serverErrors.filter((e) => e.row !== undefined);
  const countError = errors.count ? (
    <p className={err} role="alert">
      {errors.count.message}
    </p>
  ) : null;

  return (
    <form noValidate aria-labelledby="step-title" onSubmit={(e) => void handleSubmit(() => onNext())(e)}>
      <h2 id="step-title" tabIndex={-1} className="text-lg font-semibold focus:outline-none">
        Recipients
      </h2>
      <div className="mt-2 flex flex-wrap items-end gap-4">
        <label className="flex flex-col gap-1 text-sm font-medium">
          Country of numbers written without +
          <Select
            value={country}
            onValueChange={(next) => onChange(draft ? { ...draft, defaultCountry: next } : importTable('', null, next))}
            className="w-auto!"
            options={COUNTRIES.map((c) => ({ value: c.code, label: `${c.name} (${c.code})` }))}
          />
        </label>
      </div>
      <div className="mt-4">
        <RecipientsTableImport draft={draft} built={built} country={country} onChange={onChange}>
          <p className="mt-4 font-medium" role="status" aria-live="polite">
            {countOf(count, 'recipient')} ready; {countOf(built?.duplicates ?? 0, 'duplicate')} removed; {countOf(fixable.length, 'row needs', 'rows need')}{' '}
            attention.
          </p>
          {countError}
          {limit.kind === 'over' ? (
            <div role="alert" className="mt-2 rounded-md border border-amber-600 p-3 text-sm">
              <p className="font-medium">
                At most {LIMITS.campaignRecipients.max.toLocaleString('en')} recipients per campaign; this list has {count.toLocaleString('en')}.
              </p>
              <p>
                It can be split into {limit.parts} campaigns created one after another: {splitName(campaignName || 'Campaign', 0, limit.parts)} …{' '}
                {splitName(campaignName || 'Campaign', limit.parts - 1, limit.parts)}.
              </p>
              <label className="mt-2 flex items-center gap-2">
                <input
                  type="checkbox"
                  {...register('split', { onChange: (e: { target: HTMLInputElement }) => onSplit(e.target.checked) })}
                  aria-invalid={errors.split ? true : undefined}
                  aria-describedby={errors.split ? 'split-error' : undefined}
                />{' '}
                Split into {limit.parts} campaigns
              </label>
              {errors.split ? (
                <p id="split-error" className={err}>
                  {errors.split.message}
                </p>
              ) : null}
            </div>
          ) : null}
          {rowErrors.length > 0 ? (
            <ul className="mt-2" aria-label="Refused by the Voice API">
              {rowErrors.map((e) => (
                <li key={`${e.row}-${e.field}`} className={err}>
                  Recipient {e.row} (line {submittedLines[e.row! - 1] ?? '?'}): {e.message}
                </li>
              ))}
            </ul>
          ) : null}
        </RecipientsTableImport>
        {/* Without a list the import shows only its source: the reason goes under it. */}
        {listed ? null : countError}
      </div>
      {draft ? (
        <>
          {built ? <RejectedRowsDownload draft={draft} problems={built.problems} className="mt-2" /> : null}
          {built && built.recipients.length > 0 ? (
            <div className="mt-4">
              <h3 className="font-medium">Preview</h3>
              <RecipientsPreview recipients={built.recipients} lines={built.lines} />
            </div>
          ) : null}
          {built && built.recipients.length > 0 && props.zoneSection ? (
            <div className="mt-4">
              <h3 className="font-medium">Time zones</h3>
              {props.zoneSection}
            </div>
          ) : null}
        </>
      ) : null}
      <div className="mt-6 flex gap-2">
        <Button onClick={onBack}>Back</Button>
        {/* Never disabled: pressing it while blocked keeps the person here, with the reason above. */}
        <Button type="submit" variant="primary">
          Next
        </Button>
      </div>
    </form>
  );
}
