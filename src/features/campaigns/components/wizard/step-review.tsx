import { useQuery } from '@tanstack/react-query';
import { DateTime as Luxon } from 'luxon';
import { useMemo, type ReactNode } from 'react';
import { BLACKOUT_LIMITS } from '@contract/bff/blackout';
import { effectiveWindows } from '@contract/time-slots';
import { CapsSkipNotice } from '@/components/compliance/caps-notice';
import { DncSkipNotice } from '@/components/do-not-call/skip-notice';
import { blackoutQueryOptions } from '@/lib/compliance/api';
import { retryOnInWords } from '../../model/retry-on';
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
import { ZoneParts } from './zone-parts';

const dayName = (d: string) => d.charAt(0) + d.slice(1).toLowerCase();

export interface StepReviewProps {
  draft: CampaignDraftData;
  agent: Agent | undefined;
  parts: CampaignPart<Recipient>[];
  /** "Own local hours": the numbers held back, and whether the zones are still being found or failed. */
  local: { held: number; pending: boolean; error: boolean } | null;
  /** The recipients by time zone (zone-groups.tsx). */
  zoneSection: ReactNode;
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
  const { draft, agent, parts, local, zoneSection, invalidSteps, submitState, viewerZone, onGoTo, onBack, onRemovePhones, onCreate, unknownOutcome } = props;
  const { basics, schedule, retry } = draft;
  const recipients = useMemo(() => parts.flatMap((p) => p.recipients), [parts]);
  const notReady = local !== null && (local.pending || parts.length === 0);
  const phones = useMemo(() => recipients.map((r) => r.phone), [recipients]);
  // Blackout dates from the start date on (the BFF pauses the campaign on them): not calling days.
  const blackoutRange = useMemo(() => {
    const from = Luxon.fromISO(schedule.startDate);
    return from.isValid ? { from: from.toISODate()!, to: from.plus({ days: BLACKOUT_LIMITS.rangeDaysMax }).toISODate()! } : null;
  }, [schedule.startDate]);
  const blackout = useQuery({ ...blackoutQueryOptions(blackoutRange?.from ?? '', blackoutRange?.to ?? ''), enabled: blackoutRange !== null });
  const blackoutDays = useMemo(() => new Map((blackout.data?.days ?? []).map((d) => [d.date, d.label])), [blackout.data]);
  const f = forecast({
    blackout: blackoutDays,
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

      <h3 className="mt-4 font-medium">Time zones of the people called</h3>
      {zoneSection}
      {local ? null : warnings.length === 0 ? (
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

      {local ? (
        <ZoneParts parts={parts} held={local.held} pending={local.pending} error={local.error} batchSize={schedule.batchSize} viewerZone={viewerZone} />
      ) : null}

      <h3 className="mt-4 font-medium">Do-not-call list</h3>
      <DncSkipNotice phones={phones} />

      <h3 className="mt-4 font-medium">Contact caps</h3>
      <CapsSkipNotice phones={phones} attemptsEach={retry.enabled ? 1 + retry.max : 1} />

      <h3 className="mt-4 font-medium">The campaign</h3>
      <p className="mt-1 max-w-3xl text-sm">
        {parts.length > 1 ? `${parts.length} campaigns, “${parts[0]!.name}” to “${parts[parts.length - 1]!.name}”,` : `“${basics.name}”`} with the agent{' '}
        {agent?.name ?? basics.agentId} will call {recipients.length.toLocaleString('en')} people, at most {schedule.batchSize.toLocaleString('en')} a day, on{' '}
        {schedule.days.map(dayName).join(', ')}, from {schedule.startDate}, between {windows || '—'} ({local ? 'each person’s own time zone' : basics.timezone}
        ).{' '}
        {retry.enabled
          ? `Unreached people are called up to ${retry.max} more times, ${retry.delay} minutes apart, when the call ended as ${retryOnInWords(retry.retryOn)}.`
          : 'Each person is called once.'}
      </p>

      <h3 className="mt-4 font-medium">Forecast</h3>
      {local ? (
        <p className="text-sm">Each time zone’s campaign has its own first call, in the table above and the list of campaigns.</p>
      ) : f ? (
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
      <BlackoutNote state={blackout.isPending && blackoutRange ? 'pending' : blackout.isError ? 'error' : 'ready'} skipped={f?.skipped ?? []} />
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
        <Button variant="primary" disabled={submitting || invalidSteps.length > 0 || notReady} onClick={() => onCreate()}>
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

/** The forecast's blackout dates: which calling days it skips, and why (the BFF pauses the campaign on them). */
function BlackoutNote({ state, skipped }: { state: 'pending' | 'ready' | 'error'; skipped: readonly { date: string; label: string }[] }) {
  if (state === 'pending') return <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Reading the blackout dates…</p>;
  if (state === 'error')
    return (
      <p role="alert" className="mt-1 text-sm">
        The blackout dates could not be read: this forecast may count days on which the campaign will be paused.
      </p>
    );
  if (skipped.length === 0) return null;
  return (
    <div data-testid="blackout-note" className="mt-2 max-w-3xl rounded-md border border-amber-600 p-3 text-sm">
      <p className="font-medium">
        Skips {skipped.length === 1 ? '1 blackout date' : `${skipped.length} blackout dates`}: the campaign is paused on {skipped.length === 1 ? 'it' : 'them'}{' '}
        and resumes the day after.
      </p>
      <ul className="mt-1 grid gap-0.5">
        {skipped.map((d) => (
          <li key={d.date}>
            {Luxon.fromISO(d.date).toFormat('ccc d LLL yyyy')}: {d.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
