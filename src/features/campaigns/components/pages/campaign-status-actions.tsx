/** Pause, resume and cancel, each confirmed; cancel says it is final. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { canChangeCampaignStatus } from '@contract/campaign-rules';
import type { CampaignStatus } from '@contract/enums';
import type { Campaign } from '@contract/schemas/campaign';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { changeCampaignStatus } from '../../api/campaign-mutations';
import { campaignKeys } from '../../api/keys';

const ACTIONS: {
  to: CampaignStatus;
  label: string;
  title: string;
  description: string;
  destructive?: boolean;
}[] = [
  {
    to: 'PAUSED',
    label: 'Pause',
    title: 'Pause this campaign?',
    description: 'No new calls are placed until it is resumed. Calls in progress finish.',
  },
  {
    to: 'ACTIVE',
    label: 'Resume',
    title: 'Resume this campaign?',
    description: 'Calls start again inside its windows on its days.',
  },
  {
    to: 'CANCELLED',
    label: 'Cancel campaign',
    title: 'Cancel this campaign for good?',
    description: 'Cancelling is final: no more calls are placed and it can never be resumed. Calls in progress finish.',
    destructive: true,
  },
];

export function CampaignStatusActions({ campaign }: { campaign: Campaign }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<CampaignStatus | null>(null);
  const mutation = useMutation({
    mutationFn: (to: CampaignStatus) => changeCampaignStatus(campaign.id, to),
    onSuccess: (updated) => {
      queryClient.setQueryData(campaignKeys.detail(campaign.id), updated);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.all });
      toast.success(`Campaign ${updated.status.toLowerCase()}.`);
      setOpen(null);
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  const available = ACTIONS.filter((a) => a.to !== campaign.status && canChangeCampaignStatus(campaign.status, a.to));
  if (available.length === 0) return <p className="text-sm">Cancelled campaigns cannot change any more.</p>;
  return (
    <div className="flex gap-2">
      {available.map((a) => (
        <ConfirmDialog
          key={a.to}
          open={open === a.to}
          onOpenChange={(o) => setOpen(o ? a.to : null)}
          trigger={<Button variant={a.destructive ? 'danger' : 'secondary'}>{a.label}</Button>}
          title={a.title}
          description={a.description}
          confirmLabel={a.label}
          destructive={a.destructive}
          pending={mutation.isPending}
          onConfirm={() => mutation.mutate(a.to)}
        />
      ))}
    </div>
  );
}
