/**
 * The creation wizard: five steps, each with its URL (the route owns `step`), one draft saved to
 * the BFF as it is typed, and the create with the draft's Idempotency-Key.
 */
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import type { Recipient } from '@contract/schemas/recipient';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { guessDefaultCountry } from '@/lib/recipients/phone';
import { allAgentsQueryOptions } from '@/lib/shared-queries/agents';
import { deleteDraft, draftQueryOptions, NEW_CAMPAIGN_DRAFT } from '../../api/drafts';
import { buildFromDraft, withoutLines } from '@/lib/recipients/import-draft';
import { planZoneParts } from '@contract/zone-parts';
import { recipientZonesQueryOptions } from '../../api/recipient-zones';
import { splitRecipients, type CampaignPart } from '../../model/split-recipients';
import { basicsSchema, recipientsStepSchema, retrySchema, scheduleSchema, WIZARD_STEPS, type WizardStep } from '../../model/step-schemas';
import { browserZone, emptyDraft, readDraft, type CampaignDraftData } from '../../model/wizard-draft';
import { mappingProblems } from '@/lib/recipients';
import { StepBasics } from './step-basics';
import type { StepFieldError } from '../../model/field-errors';
import { StepNav } from './step-nav';
import { StepRecipients } from './step-recipients';
import { StepRetry } from './step-retry';
import { StepReview } from './step-review';
import { StepSchedule } from './step-schedule';
import { useDraftAutosave, type SaveState } from './use-draft-autosave';
import { useSubmitCampaign } from './use-submit-campaign';
import { ZoneGroups } from './zone-groups';

/**
 * A step's `values` only seed its form (defaultValues): the form then owns them. Ignoring them in
 * the comparison keeps a keystroke from re-rendering the step (and its 400-zone combobox) through
 * the wizard's state, which matters with 1,000 recipients loaded.
 */
function sameExceptValues<P extends { values: unknown }>(a: P, b: P): boolean {
  return (Object.keys(a) as (keyof P)[]).every((k) => k === 'values' || a[k] === b[k]);
}
const MemoBasics = memo(StepBasics, sameExceptValues);
const MemoSchedule = memo(StepSchedule, sameExceptValues);
const MemoRetry = memo(StepRetry, sameExceptValues);

const SAVE_TEXT: Record<SaveState, string> = {
  saved: 'Draft saved',
  pending: 'Saving soon…',
  saving: 'Saving…',
  error: 'Draft not saved: it will retry',
};

export function CampaignWizard({ step, onStep, onCreated }: { step: WizardStep; onStep: (s: WizardStep) => void; onCreated: (ids: string[]) => void }) {
  const { data: stored } = useSuspenseQuery(draftQueryOptions(NEW_CAMPAIGN_DRAFT));
  const { data: agents } = useSuspenseQuery(allAgentsQueryOptions());
  const initial = useMemo(() => readDraft(stored?.data), [stored]);
  const { draft, update, flush, reset, saveState, refusal, latest } = useDraftAutosave(initial);
  const [discardOpen, setDiscardOpen] = useState(false);
  // Bumped on discard so every step's form starts again from the fresh draft.
  const [generation, setGeneration] = useState(0);

  const built = useMemo(() => (draft.recipients ? buildFromDraft(draft.recipients) : null), [draft.recipients]);
  const recipients = useMemo(() => built?.recipients ?? [], [built]);
  const phones = useMemo(() => recipients.map((r) => r.phone), [recipients]);
  // "Own local hours" needs each number's zone before its parts exist (the same query the zone table reads).
  const zones = useQuery({ ...recipientZonesQueryOptions(phones), enabled: draft.localHours });
  const local = useMemo(() => {
    if (!draft.localHours || !zones.data) return null;
    const plan = planZoneParts({
      name: draft.basics.name,
      recipients,
      groups: zones.data.groups,
      defaultZone: draft.unsureZones === 'hold' ? null : draft.basics.timezone,
      batchSize: draft.schedule.batchSize,
      startDate: draft.schedule.startDate,
      now: new Date(),
    });
    return {
      held: plan.held.length,
      parts: plan.parts.map((p): CampaignPart<Recipient> => ({
        name: p.name,
        recipients: p.recipients,
        schedule: { timezone: p.timezone, batchSize: p.batchSize, startDate: p.startDate, startMoved: p.startMoved, unsure: p.unsure },
      })),
    };
  }, [
    draft.localHours,
    draft.unsureZones,
    draft.basics.name,
    draft.basics.timezone,
    draft.schedule.batchSize,
    draft.schedule.startDate,
    recipients,
    zones.data,
  ]);
  const parts: CampaignPart<Recipient>[] = useMemo(() => {
    if (draft.localHours) return local?.parts ?? [];
    return draft.split ? splitRecipients(draft.basics.name, recipients) : [{ name: draft.basics.name, recipients }];
  }, [draft.localHours, local, draft.split, draft.basics.name, recipients]);
  const onLocal = useCallback((localHours: boolean) => update((d) => ({ ...d, localHours, submission: null })), [update]);
  const onUnsure = useCallback((unsureZones: CampaignDraftData['unsureZones']) => update((d) => ({ ...d, unsureZones, submission: null })), [update]);
  const zoneSection = (
    <ZoneGroups
      phones={phones}
      campaignZone={draft.basics.timezone}
      viewerZone={browserZone()}
      timeSlots={draft.schedule.timeSlots}
      days={draft.schedule.days}
      startDate={draft.schedule.startDate}
      batchSize={draft.schedule.batchSize}
      local={draft.localHours}
      unsure={draft.unsureZones}
      onLocal={onLocal}
      onUnsure={onUnsure}
      locked={draft.submission?.parts.some((p) => p.campaignId) ?? false}
    />
  );
  const {
    state: submitState,
    submit,
    check,
    recordFound,
    createAgain,
  } = useSubmitCampaign({
    latest,
    update,
    flush,
    parts,
    onCreated,
  });

  const invalidSteps = useMemo(() => {
    const bad: WizardStep[] = [];
    if (!basicsSchema.safeParse(draft.basics).success) bad.push('basics');
    if (!scheduleSchema(draft.basics.timezone).safeParse(draft.schedule).success) bad.push('schedule');
    if (!retrySchema.safeParse(draft.retry).success) bad.push('retry');
    const mapping = draft.recipients ? mappingProblems({ roles: draft.recipients.roles, keys: draft.recipients.keys }) : [];
    if (!recipientsStepSchema.safeParse({ count: recipients.length, mappingProblems: mapping, split: draft.split }).success) bad.push('recipients');
    return bad;
  }, [draft, recipients.length]);

  // Each step is a new page for keyboard and screen-reader users: start them at its heading.
  useEffect(() => {
    document.getElementById('step-title')?.focus();
  }, [step]);

  const serverErrors = submitState.kind === 'refused' ? submitState.errors : [];
  const index = WIZARD_STEPS.indexOf(step);
  const flagged = new Set<WizardStep>([...serverErrors.map((e) => e.step), ...invalidSteps.filter((s) => WIZARD_STEPS.indexOf(s) < index)]);
  // Stable per step, so a memoised step does not re-render when another field of the draft changes.
  const errorsByStep = useMemo(() => {
    const all = submitState.kind === 'refused' ? submitState.errors : [];
    return Object.fromEntries(WIZARD_STEPS.map((s) => [s, all.filter((e) => e.step === s)])) as Record<WizardStep, StepFieldError[]>;
  }, [submitState]);
  const errorsOf = (s: WizardStep) => errorsByStep[s];

  // Any edit after a refused or failed submission belongs to the next attempt's key (see use-submit-campaign).
  const edit = useCallback(
    <K extends keyof CampaignDraftData>(key: K) =>
      (value: CampaignDraftData[K]) =>
        update((d) => ({
          ...d,
          [key]: value,
          submission: d.submission?.parts.some((p) => p.campaignId) ? d.submission : null,
        })),
    [update],
  );
  const onBasics = useMemo(() => edit('basics'), [edit]);
  const onSchedule = useMemo(() => edit('schedule'), [edit]);
  const onRetry = useMemo(() => edit('retry'), [edit]);
  const onRecipients = useMemo(() => edit('recipients'), [edit]);
  const go = useCallback(
    (s: WizardStep) => {
      void flush();
      onStep(s);
    },
    [flush, onStep],
  );
  const next = useCallback(() => go(WIZARD_STEPS[Math.min(index + 1, WIZARD_STEPS.length - 1)]!), [go, index]);
  const back = useCallback(() => go(WIZARD_STEPS[Math.max(index - 1, 0)]!), [go, index]);

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <StepNav current={step} flagged={flagged} onStep={go} />
        <div className="flex items-center gap-3">
          <span className="text-sm text-slate-600 dark:text-slate-400" role="status">
            {saveState === 'error' && refusal ? `Draft not saved: ${refusal}` : SAVE_TEXT[saveState]}
          </span>
          <ConfirmDialog
            open={discardOpen}
            onOpenChange={setDiscardOpen}
            trigger={
              <Button size="sm" variant="ghost">
                Discard draft
              </Button>
            }
            title="Discard this draft?"
            description="Everything entered in this wizard, recipients included, is deleted. This cannot be undone."
            confirmLabel="Discard draft"
            destructive
            onConfirm={() => {
              setDiscardOpen(false);
              void deleteDraft(NEW_CAMPAIGN_DRAFT).then(() => {
                reset(emptyDraft());
                setGeneration((g) => g + 1);
                onStep('basics');
              });
            }}
          />
        </div>
      </div>
      <div key={generation}>
        {step === 'basics' ? <MemoBasics values={draft.basics} onChange={onBasics} onNext={next} serverErrors={errorsOf('basics')} /> : null}
        {step === 'schedule' ? (
          <MemoSchedule
            values={draft.schedule}
            timezone={draft.basics.timezone}
            onChange={onSchedule}
            onNext={next}
            onBack={back}
            serverErrors={errorsOf('schedule')}
          />
        ) : null}
        {step === 'retry' ? <MemoRetry values={draft.retry} onChange={onRetry} onNext={next} onBack={back} serverErrors={errorsOf('retry')} /> : null}
        {step === 'recipients' ? (
          <StepRecipients
            draft={draft.recipients}
            built={built}
            campaignName={draft.basics.name}
            defaultCountry={guessDefaultCountry()}
            split={draft.split}
            onChange={onRecipients}
            onSplit={(split) => update((d) => ({ ...d, split, submission: null }))}
            onNext={next}
            onBack={back}
            serverErrors={errorsOf('recipients')}
            submittedLines={built?.lines ?? []}
            zoneSection={zoneSection}
          />
        ) : null}
        {step === 'review' ? (
          <StepReview
            draft={draft}
            agent={agents.find((a) => a.id === draft.basics.agentId)}
            parts={parts}
            local={draft.localHours ? { held: local?.held ?? 0, pending: local === null, error: zones.isError } : null}
            zoneSection={zoneSection}
            invalidSteps={invalidSteps}
            submitState={submitState}
            viewerZone={browserZone()}
            onGoTo={go}
            onBack={back}
            onRemovePhones={(phones) => {
              if (!draft.recipients || !built) return;
              const lines = new Set(built.recipients.flatMap((r, i) => (phones.has(r.phone) ? [built.lines[i]!] : [])));
              onRecipients(withoutLines(draft.recipients, lines));
            }}
            onCreate={(o) => void submit(o)}
            unknownOutcome={{
              onCheck: (s) => void check(s),
              onContinue: () => void submit(),
              onRecordFound: recordFound,
              onCreateAgain: (s) => void createAgain(s),
            }}
          />
        ) : null}
      </div>
    </div>
  );
}
