/**
 * After a create whose answer was lost: what the checks found (the attempt by its key and its audit
 * trail, the registry, the campaign read back by id), and only then, when nothing was found, a way
 * to send it again under a new key, with a plain warning that a duplicate would call people twice.
 * A person who finds the campaign in the Voice API can give its id instead (read back and recorded):
 * a react-hook-form field with its zod rule, the read-back's refusal under it.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { SubmitState } from './use-submit-campaign';

type Unknown = Extract<SubmitState, { kind: 'unknown' }>;

export interface UnknownOutcomeActions {
  onCheck: (state: Unknown) => void;
  /** Goes on with the draft: the created part is skipped (and the campaign opened when it was the last). */
  onContinue: () => void;
  onRecordFound: (state: Unknown, campaignId: string) => Promise<string | null>;
  onCreateAgain: (state: Unknown) => void;
}

/** An id as the Voice API gives them: any 8-4-4-4-12 hex (tolerant, as the contract reads them). */
export const FoundCampaign = z.object({
  campaignId: z
    .string()
    .trim()
    .pipe(z.guid({ error: 'A campaign id looks like 3f2b…-…: 36 letters, digits and dashes.' })),
});
type FoundCampaign = z.input<typeof FoundCampaign>;

export function UnknownOutcomePanel({ state, lastPart, actions }: { state: Unknown; lastPart: boolean; actions: UnknownOutcomeActions }) {
  const [accepted, setAccepted] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FoundCampaign, unknown, z.output<typeof FoundCampaign>>({ resolver: zodResolver(FoundCampaign), defaultValues: { campaignId: '' } });
  const { finding } = state;

  // The read-back's refusal (not found, another name) goes under the field; what was typed stays.
  const record = handleSubmit(async ({ campaignId }) => {
    const refused = await actions.onRecordFound(state, campaignId);
    if (refused) setError('campaignId', { type: 'server', message: refused });
  });

  return (
    <div role="alert" className="mt-4 flex flex-col items-start gap-2 rounded-md border border-amber-600 p-3 text-sm">
      <p className="font-medium">{state.message}</p>
      {state.checkError ? (
        <>
          <p>Switchboard could not check what became of it: {state.checkError}</p>
          <Button onClick={() => actions.onCheck(state)}>Check again</Button>
        </>
      ) : !finding ? (
        <p role="status">Checking the campaign registry, the audit log and the Voice API…</p>
      ) : finding.kind === 'created' ? (
        <>
          <p>
            The campaign “{state.name}” was created. {finding.how}
          </p>
          <Button variant="primary" onClick={actions.onContinue}>
            {lastPart ? 'Open the campaign' : 'Go on with the next campaigns'}
          </Button>
        </>
      ) : finding.kind === 'in-flight' ? (
        <>
          <p>The first attempt is still waiting for the Voice API’s answer.</p>
          <Button onClick={() => actions.onCheck(state)}>Check again</Button>
        </>
      ) : finding.kind === 'never-sent' ? (
        <>
          <p>It never reached the Voice API. Sending it again is safe: it keeps the same key, so it cannot make a second campaign.</p>
          <Button variant="primary" onClick={actions.onContinue}>
            Create campaign
          </Button>
        </>
      ) : (
        <>
          <p>{finding.detail}</p>
          {finding.duplicateRisk ? (
            <>
              <form noValidate aria-label="Record the campaign found" className="flex flex-col gap-2" onSubmit={(e) => void record(e)}>
                <p>If you find it in the Voice API, give its id: Switchboard reads it back and records it.</p>
                <div className="flex items-end gap-2">
                  <Field label="Campaign id found in the Voice API" error={errors.campaignId?.message}>
                    <Input autoComplete="off" {...register('campaignId')} className="w-96! max-w-full" />
                  </Field>
                  <Button type="submit" disabled={isSubmitting}>
                    Record it
                  </Button>
                </div>
              </form>
              <p className="font-medium text-red-800 dark:text-red-300">
                Creating it again sends it as a new campaign. If the first attempt did create it, there will be two campaigns and every recipient will be called
                twice.
              </p>
              <label className="flex items-center gap-2">
                <input type="checkbox" checked={accepted} onChange={(e) => setAccepted(e.target.checked)} />I checked: it was not created
              </label>
              <Button disabled={!accepted} onClick={() => actions.onCreateAgain(state)}>
                Create it again as a new campaign
              </Button>
            </>
          ) : (
            <Button variant="primary" onClick={() => actions.onCreateAgain(state)}>
              Create it again
            </Button>
          )}
        </>
      )}
    </div>
  );
}
