/**
 * Campaigns already created that hold numbers on the do-not-call list: the list is checked when a
 * campaign is created, and the upstream cannot take a number out of it afterwards. Named at once
 * when a number is added (one, import) and on the list page while one may still call a listed
 * number; each that is not paused offers a confirmed Pause (the campaign page's status write).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { DncHoldingCampaign } from '@contract/bff/do-not-call';
import { Can } from '@/components/auth/can';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { pauseCampaign } from '@/lib/do-not-call/api';
import { countOf } from '@/lib/plural';
import { PhoneLink } from '@/components/phone/phone-link';

/** "This number is in 2 active campaigns: Spring, Renewals." (paused ones said apart). */
export function holdingSummary(campaigns: readonly DncHoldingCampaign[], subject: string): string {
  const paused = campaigns.filter((c) => c.status === 'PAUSED');
  const active = campaigns.filter((c) => c.status !== 'PAUSED');
  const names = (list: readonly DncHoldingCampaign[]) => list.map((c) => c.name).join(', ');
  const parts: string[] = [];
  if (active.length > 0) parts.push(`${subject} in ${countOf(active.length, 'active campaign')}: ${names(active)}.`);
  if (paused.length > 0)
    parts.push(
      `${active.length > 0 ? 'Also in' : `${subject} in`} ${countOf(paused.length, 'paused campaign')}, which would call it if resumed: ${names(paused)}.`,
    );
  return parts.join(' ');
}

function PauseButton({ campaign, onPaused }: { campaign: DncHoldingCampaign; onPaused: () => void }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const mutation = useMutation({
    mutationFn: () => pauseCampaign(queryClient, campaign.id),
    onSuccess: () => {
      toast.success(`Campaign "${campaign.name}" paused.`);
      setOpen(false);
      onPaused();
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button size="sm" variant="secondary" aria-label={`Pause ${campaign.name}`}>
          Pause
        </Button>
      }
      title={`Pause "${campaign.name}"?`}
      description="No new calls are placed until it is resumed. Calls in progress finish."
      confirmLabel="Pause"
      pending={mutation.isPending}
      onConfirm={() => mutation.mutate()}
    />
  );
}

export function HoldingCampaigns({ campaigns, subject = 'This number is' }: { campaigns: readonly DncHoldingCampaign[]; subject?: string }) {
  // Paused here: shown as paused at once, before the list is read again.
  const [paused, setPaused] = useState<ReadonlySet<string>>(new Set());
  if (campaigns.length === 0) return null;
  const shown = campaigns.map((c) => (paused.has(c.id) ? { ...c, status: 'PAUSED' } : c));
  return (
    <div role="status" data-testid="dnc-holding" className="flex flex-col gap-2 rounded-md border border-amber-600 p-3 text-sm">
      <p className="font-medium">{holdingSummary(shown, subject)}</p>
      <ul className="grid gap-1">
        {shown.map((c) => (
          <li key={c.id} className="flex flex-wrap items-center gap-2">
            <Link to="/campaigns/$campaignId" params={{ campaignId: c.id }} className="text-blue-700 underline dark:text-blue-400">
              {c.name}
            </Link>
            <span className="text-slate-600 dark:text-slate-400">
              {c.status === null ? 'status unknown' : c.status.toLowerCase()} · {countOf(c.phones.length, 'listed number')}:{' '}
              {c.phones.map((phone, i) => (
                <span key={phone}>
                  {i > 0 ? ', ' : ''}
                  <PhoneLink phone={phone} />
                </span>
              ))}
            </span>
            {c.status !== 'PAUSED' ? (
              <Can permission="campaigns:write">
                <PauseButton campaign={c} onPaused={() => setPaused((s) => new Set(s).add(c.id))} />
              </Can>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
