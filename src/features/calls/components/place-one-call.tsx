/** Place one call: an OUTBOUND agent, a phone, an optional campaign, context as key/value rows. */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import { z } from 'zod';
import { Uuid } from '@contract/formats';
import { errorMessage, fieldError, isApiError } from '@/lib/api-client';
import { normalisePhone, type CountryCode } from '@/lib/recipients/phone';
import { Button } from '@/components/ui/button';
import { Combobox } from '@/components/ui/combobox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { allAgentsQueryOptions, callableAgents } from '@/lib/shared-queries/agents';
import { campaignChoicesQueryOptions } from '@/lib/shared-queries/campaign-registry';
import { placeCall } from '../api/place-calls';
import { createSubmissionKeys } from '../model/submission-key';

const Form = z.object({
  agentId: Uuid.or(z.literal('')).refine((v) => v !== '', { error: 'Choose an outbound agent.' }),
  phone: z.string().trim().min(1, { error: 'Enter the phone number.' }),
  campaignId: z.string(),
  context: z
    .array(z.object({ key: z.string().trim(), value: z.string() }))
    .refine((rows) => rows.every((r) => r.key !== 'system'), { error: '"system" is reserved.' })
    .refine((rows) => new Set(rows.filter((r) => r.key).map((r) => r.key)).size === rows.filter((r) => r.key).length, { error: 'Each variable name once.' }),
});

export function PlaceOneCall({ country }: { country: CountryCode }) {
  const navigate = useNavigate();
  const agents = useQuery({ ...allAgentsQueryOptions(), select: callableAgents });
  const campaigns = useQuery({ ...campaignChoicesQueryOptions(), select: (page) => page.content });
  const keys = useRef(createSubmissionKeys());
  const [agentId, setAgentId] = useState<string | null>(null);
  const [phone, setPhone] = useState('');
  const [campaignId, setCampaignId] = useState('none');
  const [rows, setRows] = useState<{ key: string; value: string }[]>([{ key: '', value: '' }]);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const mutation = useMutation({
    mutationFn: ({ body, key }: { body: Parameters<typeof placeCall>[0]; key: string }) => placeCall(body, key),
    onSuccess: (call) => void navigate({ to: '/calls/$callId', params: { callId: call.id } }),
  });

  const outbound = agents.data ?? [];

  /** `fresh`: a new attempt after an unknown outcome (a new Idempotency-Key; the old one answers 409). */
  function submit(event?: FormEvent, fresh = false) {
    event?.preventDefault();
    const parsed = Form.safeParse({ agentId: agentId ?? '', phone, campaignId: campaignId === 'none' ? '' : campaignId, context: rows });
    const next: Record<string, string> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
    const normalised = normalisePhone(phone, country);
    if (!next.phone && !normalised.ok) next.phone = `This number ${normalised.reason}.`;
    setErrors(next);
    if (!parsed.success || !normalised.ok || Object.keys(next).length) return;
    const context = Object.fromEntries(parsed.data.context.filter((r) => r.key).map((r) => [r.key, r.value]));
    const body = {
      agentId: parsed.data.agentId,
      recipient: { phone: normalised.e164, ...(Object.keys(context).length ? { context } : {}) },
      ...(parsed.data.campaignId ? { campaignId: parsed.data.campaignId } : {}),
    };
    mutation.mutate({ body, key: fresh ? keys.current.renew(body) : keys.current.keyFor(body) });
  }

  const serverError = mutation.error;
  // The BFF could not learn whether the call was placed: the same key would only repeat that.
  const unknownOutcome = isApiError(serverError) && serverError.kind === 'unknown-outcome';
  const e164 = normalisePhone(phone, country);
  return (
    <form onSubmit={submit} aria-label="Place one call" className="flex max-w-xl flex-col gap-4">
      <Combobox
        label="Outbound agent"
        options={outbound.map((a) => ({ value: a.id, label: a.name }))}
        value={agentId}
        onValueChange={setAgentId}
        placeholder={agents.isPending ? 'Loading agents…' : 'Choose an agent'}
        aria-invalid={!!(errors.agentId || fieldError(serverError, 'agentId'))}
        aria-describedby={errors.agentId || fieldError(serverError, 'agentId') ? 'one-agent-error' : undefined}
      />
      {errors.agentId || fieldError(serverError, 'agentId') ? (
        <p id="one-agent-error" className="-mt-3 text-sm font-medium text-red-700 dark:text-red-400">
          {errors.agentId ?? fieldError(serverError, 'agentId')}
        </p>
      ) : null}
      <Field label="Phone" error={errors.phone ?? fieldError(serverError, 'recipient.phone')} description={`National numbers are read as ${country}.`}>
        <Input name="phone" value={phone} onChange={(e) => setPhone(e.target.value)} autoComplete="off" />
      </Field>
      <Field label="Campaign (optional)" error={fieldError(serverError, 'campaignId')}>
        <Select
          value={campaignId}
          onValueChange={setCampaignId}
          options={[{ value: 'none', label: 'No campaign' }, ...(campaigns.data ?? []).map((c) => ({ value: c.id, label: c.name }))]}
        />
      </Field>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium">Context variables</legend>
        {rows.map((row, i) => (
          <div key={i} className="flex items-center gap-2">
            <Input
              aria-label={`Variable ${i + 1} name`}
              placeholder="name"
              value={row.key}
              onChange={(e) => setRows(rows.map((r, j) => (j === i ? { ...r, key: e.target.value } : r)))}
            />
            <Input
              aria-label={`Variable ${i + 1} value`}
              placeholder="value"
              value={row.value}
              onChange={(e) => setRows(rows.map((r, j) => (j === i ? { ...r, value: e.target.value } : r)))}
            />
            <Button size="sm" variant="ghost" aria-label={`Remove variable ${i + 1}`} onClick={() => setRows(rows.filter((_, j) => j !== i))}>
              ✕
            </Button>
          </div>
        ))}
        {errors.context ? <p className="text-sm font-medium text-red-700 dark:text-red-400">{errors.context}</p> : null}
        <Button size="sm" className="self-start" onClick={() => setRows([...rows, { key: '', value: '' }])}>
          Add a variable
        </Button>
      </fieldset>
      {serverError ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {errorMessage(serverError)}
        </p>
      ) : null}
      {unknownOutcome ? (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <a href={`/calls${e164.ok ? `?phone=${encodeURIComponent(e164.e164)}` : ''}`} target="_blank" rel="noreferrer" className="underline">
            Look for it in the calls list
          </a>
          <Button size="sm" onClick={() => submit(undefined, true)} disabled={mutation.isPending}>
            It is not in the calls list: place it again
          </Button>
        </div>
      ) : null}
      <Button type="submit" variant="primary" className="self-start" disabled={mutation.isPending}>
        {mutation.isPending ? 'Placing the call…' : 'Place the call'}
      </Button>
    </form>
  );
}
