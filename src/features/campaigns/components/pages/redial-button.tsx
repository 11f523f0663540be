/**
 * "Redial those not reached": reads the BFF's plan (last call NO_ANSWER, VOICE_BOX or UNREACHABLE,
 * do-not-call numbers left out), says what it found, and opens the wizard pre-filled. A draft in
 * progress is replaced only after the person agrees.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { RedialPlan } from '@contract/bff/redial';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { skippedNumbers } from '@/lib/do-not-call/skip-summary';
import { campaignKeys } from '../../api/keys';
import { NEW_CAMPAIGN_DRAFT } from '../../api/drafts';
import { hasDraftInProgress, readRedialPlan, startRedial } from '../../api/redial';
import { pluralWord } from '@/lib/plural';

/** Calls carry a campaign's name, not its id: campaigns created here with the same name and agent are mixed in. */
function namesakesNote(namesakes: number): string | null {
  if (namesakes === 0) return null;
  return `${namesakes === 1 ? 'Another campaign' : `${namesakes} other campaigns`} created here ${namesakes === 1 ? 'has' : 'have'} the same name and agent: the Voice API's calls carry a campaign's name, not its id, so ${namesakes === 1 ? 'its' : 'their'} calls were read as this one's. Check the numbers in the wizard.`;
}

/**
 * `only`: redial these numbers alone (the recipients table's selection), among those the plan
 * holds (not reached by their last call, not on the do-not-call list).
 */
export function RedialButton({ campaignId, only, label = 'Redial those not reached' }: { campaignId: string; only?: readonly string[]; label?: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState<RedialPlan | null>(null);

  async function open(plan: RedialPlan) {
    setPending(null);
    if (!(await startRedial(plan))) {
      setMessage(
        plan.skipped.length > 0
          ? `Nobody to redial: the ${skippedNumbers(plan.skipped.length)} not reached ${pluralWord(plan.skipped.length, 'is', 'are')} on the do-not-call list.`
          : 'Nobody to redial: every number called was reached, or its last call ended otherwise.',
      );
      return;
    }
    queryClient.removeQueries({ queryKey: campaignKeys.draft(NEW_CAMPAIGN_DRAFT) });
    const notes = [
      plan.skipped.length > 0 ? `${skippedNumbers(plan.skipped.length)} left out: on the do-not-call list.` : null,
      namesakesNote(plan.namesakes),
    ].filter(Boolean);
    toast.info(`${skippedNumbers(plan.recipients.length)} not reached, in the wizard.`, notes.length > 0 ? notes.join(' ') : undefined);
    await navigate({ to: '/campaigns/new', search: { step: 'basics' } });
  }

  async function start() {
    setBusy(true);
    setMessage(null);
    try {
      const read = await readRedialPlan(campaignId);
      const chosen = only ? new Set(only) : null;
      const plan = chosen ? { ...read, recipients: read.recipients.filter((r) => chosen.has(r.phone)) } : read;
      if (plan.recipients.length > 0 && (await hasDraftInProgress())) setPending(plan);
      else await open(plan);
    } catch (error) {
      setMessage(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col items-start gap-1">
      <Button onClick={() => void start()} disabled={busy || (only !== undefined && only.length === 0)}>
        {busy ? 'Finding who was not reached…' : label}
      </Button>
      {message ? (
        <p role="status" className="text-sm">
          {message}
        </p>
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(o) => !o && setPending(null)}
        title="Replace the campaign draft in progress?"
        description="A new campaign is being prepared in the wizard. The redial replaces it with the people not reached."
        confirmLabel="Replace it"
        destructive
        onConfirm={() => pending && void open(pending)}
      />
    </div>
  );
}
