/**
 * Place one call: an OUTBOUND agent, a phone, an optional campaign, context as key/value rows; one
 * react-hook-form with the zod schema of model/one-call-form.ts, errors on their fields.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useRef, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import type { CallCreate } from '@contract/schemas/calls-create';
import { isHoursReason } from '@contract/bff/local-hours';
import { errorMessage, fieldError, isApiError } from '@/lib/api-client';
import { normalisePhone, type CountryCode } from '@/lib/recipients/phone';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { CapsSkipNotice } from '@/components/compliance/caps-notice';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { allAgentsQueryOptions, callableAgents } from '@/lib/shared-queries/agents';
import { campaignChoicesQueryOptions } from '@/lib/shared-queries/campaign-registry';
import { placeCall } from '../api/place-calls';
import { NO_CAMPAIGN, oneCallDefaults, oneCallSchema, type OneCallInput } from '../model/one-call-form';
import { createSubmissionKeys } from '../model/submission-key';
import { parseCallsSearch } from '../model/search-params';
import { OutboundAgentField } from './outbound-agent-field';
import { OverrideHoursCheckbox } from './override-hours';

export function PlaceOneCall({ country }: { country: CountryCode }) {
  const navigate = useNavigate();
  const agents = useQuery({ ...allAgentsQueryOptions(), select: callableAgents });
  const campaigns = useQuery({ ...campaignChoicesQueryOptions(), select: (page) => page.content });
  const keys = useRef(createSubmissionKeys());
  const schema = useMemo(() => oneCallSchema(country), [country]);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<OneCallInput, unknown, CallCreate>({ resolver: zodResolver(schema), defaultValues: oneCallDefaults });
  const rows = useFieldArray({ control, name: 'context' });

  // Call anyway, outside the recipient's local hours (offered once the BFF held the call back).
  const [overrideHours, setOverrideHours] = useState(false);
  const mutation = useMutation({
    mutationFn: ({ body, key, override }: { body: CallCreate; key: string; override: boolean }) => placeCall(body, key, override),
    onSuccess: (call, { body }) => {
      if (call) return void navigate({ to: '/calls/$callId', params: { callId: call.id } });
      // Placed, but the upstream did not say which call it is: the calls to this number, and why there.
      toast.info('The call was placed.', `The Voice API did not say which call it is: here are the calls to ${body.recipient.phone}.`);
      void navigate({ to: '/calls', search: parseCallsSearch({ phone: body.recipient.phone }) });
    },
  });

  /** `fresh`: a new attempt after an unknown outcome (a new Idempotency-Key; the old one answers 409). */
  const submit = (fresh: boolean) =>
    handleSubmit((body) => {
      // An override is another request: its own key, so the held attempt's refusal is never replayed.
      const content = overrideHours ? { body, overrideHours } : body;
      mutation.mutate({ body, key: fresh ? keys.current.renew(content) : keys.current.keyFor(content), override: overrideHours });
    });

  const serverError = mutation.error;
  // The BFF could not learn whether the call was placed: the same key would only repeat that.
  const unknownOutcome = isApiError(serverError) && serverError.kind === 'unknown-outcome';
  // The BFF held the call back: it is outside the recipient's local hours (the reason is on the phone field).
  const heldForHours = isHoursReason(fieldError(serverError, 'recipient.phone'));
  const e164 = normalisePhone(useWatch({ control, name: 'phone' }), country);
  return (
    <form onSubmit={(e) => void submit(false)(e)} noValidate aria-label="Place one call" className="flex max-w-xl flex-col gap-4">
      <OutboundAgentField
        control={control}
        name="agentId"
        agents={agents.data ?? []}
        loading={agents.isPending}
        error={errors.agentId?.message ?? fieldError(serverError, 'agentId')}
      />
      <Field label="Phone" error={errors.phone?.message ?? fieldError(serverError, 'recipient.phone')} description={`National numbers are read as ${country}.`}>
        <Input {...register('phone')} autoComplete="off" />
      </Field>
      <CapsSkipNotice phones={e164.ok ? [e164.e164] : []} />
      {heldForHours || overrideHours ? <OverrideHoursCheckbox checked={overrideHours} onChange={setOverrideHours} /> : null}
      <Controller
        control={control}
        name="campaignId"
        render={({ field }) => (
          <Field label="Campaign (optional)" error={fieldError(serverError, 'campaignId')}>
            <Select
              value={field.value}
              onValueChange={field.onChange}
              options={[{ value: NO_CAMPAIGN, label: 'No campaign' }, ...(campaigns.data ?? []).map((c) => ({ value: c.id, label: c.name }))]}
            />
          </Field>
        )}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium">Context variables</legend>
        {rows.fields.map((row, i) => (
          <div key={row.id} className="flex items-center gap-2">
            <Input aria-label={`Variable ${i + 1} name`} placeholder="name" {...register(`context.${i}.key`)} />
            <Input aria-label={`Variable ${i + 1} value`} placeholder="value" {...register(`context.${i}.value`)} />
            <Button size="sm" variant="ghost" aria-label={`Remove variable ${i + 1}`} onClick={() => rows.remove(i)}>
              ✕
            </Button>
          </div>
        ))}
        {errors.context?.root?.message || errors.context?.message ? (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {errors.context?.root?.message ?? errors.context?.message}
          </p>
        ) : null}
        <Button size="sm" className="self-start" onClick={() => rows.append({ key: '', value: '' })}>
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
          <Button size="sm" onClick={() => void submit(true)()} disabled={mutation.isPending}>
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
