/**
 * Bulk calls from a CSV file or pasted rows, through the one table import the campaign wizard
 * also uses (src/components/table-import): header, column roles, refused rows fixable in place,
 * duplicates counted, every refused row (duplicates too) downloadable with its line and reason,
 * before anything is sent; requests of at most the bulk limit, each with its own
 * Idempotency-Key kept across retries; the X-CallRateLimit headers shown after sending; a 429
 * explained with a way to send fewer; a summary linking to the calls. The agent and campaign are a
 * react-hook-form form over bulkSendSchema.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { Call } from '@contract/schemas/call';
import { isHoursReason } from '@contract/bff/local-hours';
import { errorMessage, isApiError } from '@/lib/api-client';
import { chunk, mappingProblems, type CountryCode } from '@/lib/recipients';
import { buildFromDraft, type RecipientsDraft } from '@/lib/recipients/import-draft';
import { RecipientsTableImport } from '@/components/table-import/recipients-table-import';
import { RejectedRowsDownload } from '@/components/table-import/rejected-rows-download';
import { CapsSkipNotice } from '@/components/compliance/caps-notice';
import { DncSkipNotice } from '@/components/do-not-call/skip-notice';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { allAgentsQueryOptions, callableAgents } from '@/lib/shared-queries/agents';
import { campaignChoicesQueryOptions } from '@/lib/shared-queries/campaign-registry';
import { placeBulk, readCallRateLimit, type CallRateLimit } from '../api/place-calls';
import { bulkSendSchema, NO_CAMPAIGN, type BulkSend, type BulkSendInput } from '../model/one-call-form';
import { tooManyMessage } from '../model/rate-limit-message';
import { parseCallsSearch } from '../model/search-params';
import { createSubmissionKeys } from '../model/submission-key';
import { OutboundAgentField } from './outbound-agent-field';
import { OverrideHoursCheckbox } from './override-hours';
import { countOf } from '@/lib/plural';

interface Outcome {
  placed: Call[];
  placedCount: number;
  /** Left out by the BFF: on the do-not-call list. */
  skipped: number;
  /** Left out for the contact caps. */
  capped: number;
  /** Held back: outside their local calling hours (the number and why). */
  held: { phone: string; reason: string }[];
  rate?: CallRateLimit;
  error?: string;
  tooMany?: { remaining?: number; sent: number };
}

export function PlaceBulkCalls({ country }: { country: CountryCode }) {
  const agents = useQuery({ ...allAgentsQueryOptions(), select: callableAgents });
  const campaigns = useQuery({ ...campaignChoicesQueryOptions(), select: (page) => page.content });
  const keys = useRef(createSubmissionKeys());
  const [draft, setDraft] = useState<RecipientsDraft | null>(null);
  const {
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<BulkSendInput, unknown, BulkSend>({ resolver: zodResolver(bulkSendSchema), defaultValues: { agentId: '', campaignId: NO_CAMPAIGN } });
  const [limit, setLimit] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // The agent and campaign of the last send: the held numbers are called anyway with the same.
  const lastBase = useRef<BulkSend | null>(null);

  // The default country is the page's: a change re-reads the national numbers of the same draft.
  const built = useMemo(() => (draft ? buildFromDraft({ ...draft, defaultCountry: country }) : null), [draft, country]);
  const problemsOfMapping = draft ? mappingProblems(draft) : [];
  const toSend = useMemo(() => (built ? (limit !== null ? built.recipients.slice(0, limit) : built.recipients) : []), [built, limit]);
  const toSendPhones = useMemo(() => toSend.map((r) => r.phone), [toSend]);
  const outbound = agents.data ?? [];

  function edit(next: RecipientsDraft | null) {
    setDraft(next);
    setLimit(null);
    setOutcome(null);
  }

  /** `overrideHours`: the held numbers, called anyway outside their local hours (their own key each request). */
  async function send(base: BulkSend, recipients: typeof toSend = toSend, overrideHours = false) {
    setSending(true);
    lastBase.current = base;
    const result: Outcome = { placed: [], placedCount: 0, skipped: 0, capped: 0, held: [] };
    for (const part of chunk(recipients)) {
      const body = { ...base, recipients: part };
      try {
        const r = await placeBulk(body, keys.current.keyFor(overrideHours ? { body, overrideHours } : body), overrideHours);
        result.placed.push(...r.calls);
        result.placedCount += part.length - r.skipped.length - r.capped.length - r.held.length;
        result.skipped += r.skipped.length;
        result.capped += r.capped.length;
        result.held.push(...r.held.map((h) => ({ phone: h.phone, reason: h.reason })));
        result.rate = r.rate;
      } catch (error) {
        // Every number of this request is on the do-not-call list, over the contact caps or outside
        // its local hours: nothing was sent; go on.
        if (isApiError(error) && error.status === 422 && error.fieldErrors.length > 0 && error.fieldErrors.every((f) => f.field.startsWith('recipients['))) {
          const listed = error.fieldErrors.filter((f) => f.message.startsWith('On the do-not-call list')).length;
          const held = error.fieldErrors.filter((f) => isHoursReason(f.message));
          result.skipped += listed;
          result.capped += error.fieldErrors.length - listed - held.length;
          result.held.push(...held.map((f) => ({ phone: String(f.rejectedValue ?? ''), reason: f.message })));
          continue;
        }
        result.rate = isApiError(error) ? readCallRateLimit(error.headers) : undefined;
        if (isApiError(error) && error.status === 429) result.tooMany = { remaining: result.rate?.remaining, sent: part.length };
        else result.error = errorMessage(error);
        break;
      }
    }
    setOutcome(result);
    setSending(false);
  }

  return (
    <div className="flex flex-col gap-4">
      <RecipientsTableImport draft={draft} built={built} country={country} onChange={edit}>
        {built ? (
          <p role="status" data-testid="bulk-summary" className="mt-4 font-medium">
            {built.recipients.length.toLocaleString('en')} ready to call · {countOf(built.problems.length, 'problem')} ({countOf(built.duplicates, 'duplicate')}
            ) of {countOf(built.total, 'row')}
          </p>
        ) : null}
        {draft && built ? <RejectedRowsDownload draft={draft} problems={built.problems} className="mt-2" /> : null}
      </RecipientsTableImport>

      {built && built.recipients.length > 0 && problemsOfMapping.length === 0 ? (
        <form
          noValidate
          aria-labelledby="send-heading"
          className="flex max-w-xl flex-col gap-3"
          onSubmit={(e) => void handleSubmit((body) => (sending ? undefined : send(body)))(e)}
        >
          <h2 id="send-heading" className="font-semibold">
            Send
          </h2>
          <OutboundAgentField control={control} name="agentId" agents={outbound} error={errors.agentId?.message} />
          <Controller
            control={control}
            name="campaignId"
            render={({ field }) => (
              <Field label="Campaign (optional)">
                <Select
                  value={field.value}
                  onValueChange={field.onChange}
                  options={[{ value: NO_CAMPAIGN, label: 'No campaign' }, ...(campaigns.data ?? []).map((c) => ({ value: c.id, label: c.name }))]}
                />
              </Field>
            )}
          />
          <DncSkipNotice phones={toSendPhones} />
          <CapsSkipNotice phones={toSendPhones} />
          {limit !== null ? (
            <p className="text-sm">
              Sending only the first {limit} of {built.recipients.length}.
            </p>
          ) : null}
          <Button type="submit" variant="primary" className="self-start" disabled={sending || toSend.length === 0}>
            {sending ? 'Sending…' : `Place ${countOf(toSend.length, 'call')}`}
          </Button>
        </form>
      ) : null}

      {outcome ? (
        <OutcomePanel
          outcome={outcome}
          sending={sending}
          onSendFewer={(n) => (setLimit(n), setOutcome(null))}
          onCallHeld={() => {
            const base = lastBase.current;
            const held = new Set(outcome.held.map((h) => h.phone));
            if (base)
              void send(
                base,
                toSend.filter((r) => held.has(r.phone)),
                true,
              );
          }}
        />
      ) : null}
    </div>
  );
}

function OutcomePanel({
  outcome,
  sending,
  onSendFewer,
  onCallHeld,
}: {
  outcome: Outcome;
  sending: boolean;
  onSendFewer: (n: number) => void;
  onCallHeld: () => void;
}) {
  const { rate, tooMany } = outcome;
  const [overrideHours, setOverrideHours] = useState(false);
  return (
    <section aria-labelledby="outcome-heading" className="flex flex-col gap-2 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <h2 id="outcome-heading" className="font-semibold">
        Result
      </h2>
      <p role="status">
        {countOf(outcome.placedCount, 'call')} placed.
        {outcome.skipped > 0 ? ` ${countOf(outcome.skipped, 'number was', 'numbers were')} left out: on the do-not-call list.` : ''}
        {outcome.capped > 0 ? ` ${countOf(outcome.capped, 'number was', 'numbers were')} left out: over the contact caps.` : ''}
        {outcome.held.length > 0 ? ` ${countOf(outcome.held.length, 'number was', 'numbers were')} held back: outside their local calling hours.` : ''}
      </p>
      {outcome.held.length > 0 ? (
        <div className="flex flex-col gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950/50 dark:text-amber-100">
          <h3 className="font-medium">Held back for their local hours</h3>
          <ul data-testid="hours-held" className="flex flex-col gap-1">
            {outcome.held.slice(0, 20).map((h) => (
              <li key={h.phone}>
                {h.phone}: {h.reason}
              </li>
            ))}
          </ul>
          {outcome.held.length > 20 ? <p>and {countOf(outcome.held.length - 20, 'more number')}.</p> : null}
          <OverrideHoursCheckbox checked={overrideHours} onChange={setOverrideHours} />
          {overrideHours ? (
            <Button size="sm" className="self-start" disabled={sending} onClick={onCallHeld}>
              {`Call the ${countOf(outcome.held.length, 'held number')} anyway`}
            </Button>
          ) : null}
        </div>
      ) : null}
      {rate && (rate.limit !== undefined || rate.remaining !== undefined) ? (
        <p data-testid="call-rate-limit">
          Concurrent calls: limit {rate.limit ?? '?'}, {rate.remaining ?? '?'} free now.
        </p>
      ) : null}
      {tooMany ? (
        <div role="alert" className="flex flex-col items-start gap-2 text-red-800 dark:text-red-300">
          <p>{tooManyMessage(tooMany.remaining, tooMany.sent)}</p>
          {tooMany.remaining !== undefined && tooMany.remaining > 0 ? (
            <Button onClick={() => onSendFewer(outcome.placedCount + tooMany.remaining!)}>Send only {tooMany.remaining} now</Button>
          ) : null}
          {tooMany.remaining === 0 ? (
            <Link to="/calls" search={parseCallsSearch({ status: ['IN_PROGRESS'] })} className="text-blue-700 underline dark:text-blue-400">
              See the calls in progress
            </Link>
          ) : null}
        </div>
      ) : null}
      {outcome.error ? (
        <p role="alert" className="text-red-800 dark:text-red-300">
          {outcome.error}
        </p>
      ) : null}
      {outcome.placed.length > 0 ? (
        <ul className="flex flex-col gap-1 text-sm">
          {outcome.placed.slice(0, 20).map((c) => (
            <li key={c.id}>
              <Link to="/calls/$callId" params={{ callId: c.id }} className="text-blue-700 underline dark:text-blue-400">
                {c.phone}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <Link to="/calls" className="text-blue-700 underline dark:text-blue-400">
        See all calls
      </Link>
    </section>
  );
}
