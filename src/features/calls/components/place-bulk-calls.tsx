/**
 * Bulk calls from a CSV file or pasted text (src/lib/recipients): mapping, per-row problems and
 * duplicates shown before anything is sent; requests of at most the bulk limit, each with its own
 * Idempotency-Key kept across retries; the X-CallRateLimit headers shown after sending; a 429
 * explained with a way to send fewer; a summary linking to the calls.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useRef, useState } from 'react';
import type { Call } from '@contract/schemas/call';
import { errorMessage, isApiError } from '@/lib/api-client';
import { buildRecipients, chunk, guessMapping, mappingProblems, parseTable, type ColumnMapping, type ColumnRole, type CountryCode } from '@/lib/recipients';
import { Button } from '@/components/ui/button';
import { Combobox } from '@/components/ui/combobox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { allAgentsQueryOptions, callableAgents } from '@/lib/shared-queries/agents';
import { campaignChoicesQueryOptions } from '@/lib/shared-queries/campaign-registry';
import { placeBulk, readCallRateLimit, type CallRateLimit } from '../api/place-calls';
import { tooManyMessage } from '../model/rate-limit-message';
import { createSubmissionKeys } from '../model/submission-key';

const ROLES: { value: ColumnRole; label: string }[] = [
  { value: 'phone', label: 'Phone' },
  { value: 'tags', label: 'Segmentation tags' },
  { value: 'context', label: 'Context variable' },
  { value: 'ignore', label: 'Ignore' },
];

interface Outcome {
  placed: Call[];
  placedCount: number;
  rate?: CallRateLimit;
  error?: string;
  tooMany?: { remaining?: number; sent: number };
}

export function PlaceBulkCalls({ country }: { country: CountryCode }) {
  const agents = useQuery({ ...allAgentsQueryOptions(), select: callableAgents });
  const campaigns = useQuery({ ...campaignChoicesQueryOptions(), select: (page) => page.content });
  const keys = useRef(createSubmissionKeys());
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string>();
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [agentId, setAgentId] = useState<string | null>(null);
  const [campaignId, setCampaignId] = useState('none');
  const [limit, setLimit] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [agentError, setAgentError] = useState<string>();

  const table = useMemo(() => (text.trim() ? parseTable(text) : null), [text]);
  const activeMapping = table ? (mapping && mapping.roles.length === table.headers.length ? mapping : guessMapping(table, country)) : null;
  const built = useMemo(
    () => (table && activeMapping ? buildRecipients(table, activeMapping, { defaultCountry: country, max: Number.MAX_SAFE_INTEGER }) : null),
    [table, activeMapping, country],
  );
  const problemsOfMapping = activeMapping ? mappingProblems(activeMapping) : [];
  const toSend = built ? (limit !== null ? built.recipients.slice(0, limit) : built.recipients) : [];
  const outbound = agents.data ?? [];

  function load(next: string, name?: string) {
    setText(next);
    setFileName(name);
    setMapping(null);
    setLimit(null);
    setOutcome(null);
  }

  async function send() {
    if (!agentId) return setAgentError('Choose an outbound agent.');
    setAgentError(undefined);
    setSending(true);
    const result: Outcome = { placed: [], placedCount: 0 };
    const base = { agentId, ...(campaignId !== 'none' ? { campaignId } : {}) };
    for (const part of chunk(toSend)) {
      const body = { ...base, recipients: part };
      try {
        const r = await placeBulk(body, keys.current.keyFor(body));
        result.placed.push(...r.calls);
        result.placedCount += part.length;
        result.rate = r.rate;
      } catch (error) {
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
      <div className="grid gap-4 md:grid-cols-2">
        <Field label="CSV file" description="A header row is detected; comma, semicolon, tab or pipe.">
          <Input
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            onChange={async (e) => {
              const file = e.target.files?.[0];
              if (file) load(await file.text(), file.name);
            }}
          />
        </Field>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="bulk-paste" className="text-sm font-medium">
            Or paste recipients
          </label>
          <textarea
            id="bulk-paste"
            aria-describedby="bulk-paste-help"
            value={fileName ? '' : text}
            onChange={(e) => load(e.target.value)}
            rows={5}
            className="rounded-md border border-slate-300 bg-white p-2 font-mono text-sm dark:border-slate-600 dark:bg-slate-900"
          />
          <p id="bulk-paste-help" className="text-sm text-slate-600 dark:text-slate-400">
            One per line: a phone, then any other columns.
          </p>
        </div>
      </div>

      {table && activeMapping ? (
        <section aria-labelledby="mapping-heading" className="flex flex-col gap-2">
          <h2 id="mapping-heading" className="font-semibold">
            Columns {fileName ? <span className="font-normal text-slate-600 dark:text-slate-400">from {fileName}</span> : null}
          </h2>
          <div className="flex flex-wrap gap-3">
            {table.headers.map((header, i) => (
              <div key={i} className="flex flex-col gap-1 rounded border border-slate-200 p-2 dark:border-slate-800">
                <span className="text-sm font-medium">{header}</span>
                <Select
                  aria-label={`Use of column ${header}`}
                  value={activeMapping.roles[i] ?? 'context'}
                  options={ROLES}
                  onValueChange={(role) =>
                    setMapping({
                      ...activeMapping,
                      roles: activeMapping.roles.map((r, j) => (j === i ? role : role === 'phone' && r === 'phone' ? 'context' : r)),
                    })
                  }
                />
                {activeMapping.roles[i] === 'context' ? (
                  <Input
                    aria-label={`Variable name for column ${header}`}
                    value={activeMapping.keys[i] ?? ''}
                    onChange={(e) => setMapping({ ...activeMapping, keys: activeMapping.keys.map((k, j) => (j === i ? e.target.value : k)) })}
                  />
                ) : null}
              </div>
            ))}
          </div>
          {problemsOfMapping.map((p) => (
            <p key={p} role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
              {p}
            </p>
          ))}
        </section>
      ) : null}

      {built ? (
        <section aria-labelledby="check-heading" className="flex flex-col gap-2">
          <h2 id="check-heading" className="font-semibold">
            Check
          </h2>
          <p role="status" data-testid="bulk-summary">
            {built.recipients.length} ready to call · {built.problems.length} {built.problems.length === 1 ? 'problem' : 'problems'} ({built.duplicates}{' '}
            {built.duplicates === 1 ? 'duplicate' : 'duplicates'}) of {built.total} rows
          </p>
          {built.problems.length > 0 ? (
            <table className="w-full max-w-3xl text-left text-sm">
              <caption className="sr-only">Rows that will not be sent</caption>
              <thead>
                <tr>
                  <th scope="col" className="py-1 pr-4">
                    Line
                  </th>
                  <th scope="col" className="py-1 pr-4">
                    Phone
                  </th>
                  <th scope="col" className="py-1">
                    Problem
                  </th>
                </tr>
              </thead>
              <tbody data-testid="bulk-problems">
                {built.problems.map((p) => (
                  <tr key={p.line} className="border-t border-slate-200 dark:border-slate-800">
                    <td className="py-1 pr-4 tabular-nums">{p.line}</td>
                    <td className="py-1 pr-4 font-mono">{p.phone}</td>
                    <td className="py-1">{p.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          {table?.errors.map((e) => (
            <p key={`${e.line}-${e.message}`} className="text-sm text-amber-800 dark:text-amber-300">
              Line {e.line}: {e.message}
            </p>
          ))}
        </section>
      ) : null}

      {built && built.recipients.length > 0 && problemsOfMapping.length === 0 ? (
        <section aria-labelledby="send-heading" className="flex max-w-xl flex-col gap-3">
          <h2 id="send-heading" className="font-semibold">
            Send
          </h2>
          <Combobox
            label="Outbound agent"
            options={outbound.map((a) => ({ value: a.id, label: a.name }))}
            value={agentId}
            onValueChange={setAgentId}
            placeholder="Choose an agent"
            aria-invalid={!!agentError}
          />
          {agentError ? <p className="text-sm font-medium text-red-700 dark:text-red-400">{agentError}</p> : null}
          <Field label="Campaign (optional)">
            <Select
              value={campaignId}
              onValueChange={setCampaignId}
              options={[{ value: 'none', label: 'No campaign' }, ...(campaigns.data ?? []).map((c) => ({ value: c.id, label: c.name }))]}
            />
          </Field>
          {limit !== null ? (
            <p className="text-sm">
              Sending only the first {limit} of {built.recipients.length}.
            </p>
          ) : null}
          <Button variant="primary" className="self-start" disabled={sending || toSend.length === 0} onClick={send}>
            {sending ? 'Sending…' : `Place ${toSend.length} ${toSend.length === 1 ? 'call' : 'calls'}`}
          </Button>
        </section>
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
        {outcome.placedCount} {outcome.placedCount === 1 ? 'call' : 'calls'} placed.
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
