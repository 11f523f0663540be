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
import { errorMessage, isApiError } from '@/lib/api-client';
import { chunk, mappingProblems, type CountryCode } from '@/lib/recipients';
import { buildFromDraft, type RecipientsDraft } from '@/lib/recipients/import-draft';
import { RecipientsTableImport } from '@/components/table-import/recipients-table-import';
import { RejectedRowsDownload } from '@/components/table-import/rejected-rows-download';
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
import { countOf } from '@/lib/plural';

interface Outcome {
  placed: Call[];
  placedCount: number;
  /** Left out by the BFF: on the do-not-call list. */
  skipped: number;
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

  async function send(base: BulkSend) {
    setSending(true);
    const result: Outcome = { placed: [], placedCount: 0, skipped: 0 };
    for (const part of chunk(toSend)) {
      const body = { ...base, recipients: part };
      try {
        const r = await placeBulk(body, keys.current.keyFor(body));
        result.placed.push(...r.calls);
        result.placedCount += part.length - r.skipped.length;
        result.skipped += r.skipped.length;
        result.rate = r.rate;
      } catch (error) {
        // Every number of this request is on the do-not-call list: nothing was sent; go on.
        if (isApiError(error) && error.status === 422 && error.fieldErrors.length === part.length) {
          result.skipped += part.length;
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

      {outcome ? <OutcomePanel outcome={outcome} onSendFewer={(n) => (setLimit(n), setOutcome(null))} /> : null}
    </div>
  );
}

function OutcomePanel({ outcome, onSendFewer }: { outcome: Outcome; onSendFewer: (n: number) => void }) {
  const { rate, tooMany } = outcome;
  return (
    <section aria-labelledby="outcome-heading" className="flex flex-col gap-2 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <h2 id="outcome-heading" className="font-semibold">
        Result
      </h2>
      <p role="status">
        {countOf(outcome.placedCount, 'call')} placed.
        {outcome.skipped > 0 ? ` ${countOf(outcome.skipped, 'number was', 'numbers were')} left out: on the do-not-call list.` : ''}
      </p>
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
