import { useMemo } from 'react';
import { effectiveWindows } from '@contract/time-slots';
import { DncSkipNotice } from '@/components/do-not-call/skip-notice';
import { Button } from '@/components/ui/button';
import { DateTime } from '@/components/ui/date-time';
import type { Agent } from '@contract/schemas/agent';
import type { Recipient } from '@contract/schemas/recipient';
import { forecast, formatInZone } from '../../model/forecast';
import { localTimeWarnings } from '../../model/local-time-check';
import type { CampaignPart } from '../../model/split-recipients';
import type { WizardStep } from '../../model/step-schemas';
import type { CampaignDraftData } from '../../model/wizard-draft';
import { STEP_LABELS } from './step-nav';
import type { SubmitState } from './use-submit-campaign';
import { UnknownOutcomePanel, type UnknownOutcomeActions } from './unknown-outcome-panel';

const dayName = (d: string) => d.charAt(0) + d.slice(1).toLowerCase();

export interface StepReviewProps {
  draft: CampaignDraftData;
  agent: Agent | undefined;
  parts: CampaignPart<Recipient>[];
  invalidSteps: WizardStep[];
  submitState: SubmitState;
  viewerZone: string;
  onGoTo: (s: WizardStep) => void;
  onBack: () => void;
  onRemovePhones: (phones: ReadonlySet<string>) => void;
  onCreate: (options?: { freshKeys?: boolean }) => void;
  unknownOutcome: UnknownOutcomeActions;
}

export function StepReview(props: StepReviewProps) {
  const { draft, agent, parts, invalidSteps, submitState, viewerZone, onGoTo, onBack, onRemovePhones, onCreate, unknownOutcome } = props;
  const { basics, schedule, retry } = draft;
  const recipients = useMemo(() => parts.flatMap((p) => p.recipients), [parts]);
  const phones = useMemo(() => recipients.map((r) => r.phone), [recipients]);
  const f = forecast({
    recipients: recipients.length,
    batchSize: schedule.batchSize,
    days: schedule.days,
    startDate: schedule.startDate,
    timeSlots: schedule.timeSlots,
    timezone: basics.timezone,
  });
  const warnings = useMemo(
    () =>
      localTimeWarnings({
        phones: recipients.map((r) => r.phone),
        timezone: basics.timezone,
        timeSlots: schedule.timeSlots,
        day: f?.firstDay ?? schedule.startDate,
      }),
    [recipients, basics.timezone, schedule.timeSlots, f?.firstDay, schedule.startDate],
  );
  const windows = effectiveWindows(schedule.timeSlots)
    .map((w) => `${w.startTime}–${w.endTime}`)
    .join(' and ');
  const submitting = submitState.kind === 'submitting';

  return (
    <section aria-labelledby="step-title">
      <h2 id="step-title" tabIndex={-1} className="text-lg font-semibold focus:outline-none">
        Review
      </h2>
      {invalidSteps.length > 0 ? (
        <div role="alert" className="mt-2 rounded-md border border-red-700 p-3 text-sm">
          <p className="font-medium">Some steps need attention before the campaign can be created:</p>
          <ul className="mt-1 flex gap-2">
            {invalidSteps.map((s) => (
              <li key={s}>
                <Button size="sm" onClick={() => onGoTo(s)}>
                  Go to {STEP_LABELS[s]}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <h3 className="mt-4 font-medium">Local time of the people called</h3>
      {warnings.length === 0 ? (
        <p className="text-sm">Every number is on the campaign’s clock ({basics.timezone}).</p>
      ) : (
        <ul className="mt-1 grid gap-2" aria-label="Local-time warnings">
          {warnings.map((w) => (
            <li key={w.country ?? 'none'} className="flex flex-wrap items-center gap-2 rounded-md border border-amber-600 p-2 text-sm">
              <span>{w.text}</span>
              <Button size="sm" onClick={() => onRemovePhones(new Set(w.phones))}>
                Remove these {w.count}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => onGoTo('basics')}>
                Change the time zone
              </Button>
            </li>
          ))}
        </ul>
      )}

      <h3 className="mt-4 font-medium">Do-not-call list</h3>
      <DncSkipNotice phones={phones} />

      <h3 className="mt-4 font-medium">The campaign</h3>
      <p className="mt-1 max-w-3xl text-sm">
        {parts.length > 1 ? `${parts.length} campaigns, “${parts[0]!.name}” to “${parts[parts.length - 1]!.name}”,` : `“${basics.name}”`} with the agent{' '}
        {agent?.name ?? basics.agentId} will call {recipients.length.toLocaleString('en')} people, at most {schedule.batchSize.toLocaleString('en')} a day, on{' '}
        {schedule.days.map(dayName).join(', ')}, from {schedule.startDate}, between {windows || '—'} ({basics.timezone}).{' '}
        {retry.enabled
          ? `Unreached people are called up to ${retry.max} more times, ${retry.delay} minutes apart, when the call ended as ${retry.retryOn.join(', ').toLowerCase().replaceAll('_', ' ')}.`
          : 'Each person is called once.'}
      </p>

      <h3 className="mt-4 font-medium">Forecast</h3>
      {f ? (
        <dl className="mt-1 grid max-w-3xl grid-cols-[12rem_1fr] gap-1 text-sm">
          <dt>Calls per day</dt>
          <dd>{f.callsPerDay.toLocaleString('en')}</dd>
          <dt>Calling days</dt>
          <dd>{f.callingDays}</dd>
          <dt>First calls</dt>
          <dd>
            {formatInZone(f.firstCallAt, basics.timezone)}
            {viewerZone !== basics.timezone ? `; ${formatInZone(f.firstCallAt, viewerZone)} for you` : ''}
          </dd>
          <dt>Expected last calls by</dt>
          <dd>
            {formatInZone(f.lastCallBy, basics.timezone)}
            {viewerZone !== basics.timezone ? `; ${formatInZone(f.lastCallBy, viewerZone)} for you` : ''}
          </dd>
        </dl>
      ) : (
        <p className="text-sm">No forecast until the schedule and the recipients are complete.</p>
      )}
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">Retries are not counted: they add days only for people not reached.</p>

      {draft.submission && !submitting && submitState.kind === 'idle' ? (
        <p className="mt-4 text-sm" role="status">
          A submission of this draft began <DateTime value={draft.submission.startedAt} />. Create finishes it; it cannot make a second campaign.
        </p>
      ) : null}
      {submitState.kind === 'refused' ? (
        <div role="alert" className="mt-4 text-sm text-red-700 dark:text-red-400">
          <p className="font-medium">The Voice API refused the campaign: {submitState.message}</p>
          <ul>
            {submitState.errors.map((e, i) => (
              <li key={i}>
                <button type="button" className="underline" onClick={() => onGoTo(e.step)}>
                  {STEP_LABELS[e.step]}
                  {e.row ? `, recipient ${e.row}` : ''}: {e.message}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {submitState.kind === 'unknown' ? (
        <UnknownOutcomePanel key={submitState.key} state={submitState} lastPart={submitState.part === parts.length - 1} actions={unknownOutcome} />
      ) : null}
      {submitState.kind === 'failed' ? (
        <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-400">
          {submitState.message}
        </p>
      ) : null}

      <div className="mt-6 flex gap-2">
        <Button onClick={onBack} disabled={submitting}>
          Back
        </Button>
        <Button variant="primary" disabled={submitting || invalidSteps.length > 0} onClick={() => onCreate()}>
          {submitting
            ? `Creating${parts.length > 1 ? ` ${submitState.done + 1} of ${submitState.total}` : ''}…`
            : parts.length > 1
              ? `Create ${parts.length} campaigns`
              : 'Create campaign'}
        </Button>
      </div>
    </section>
  );
}
