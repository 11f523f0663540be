import type { PauseInfo } from '@contract/bff/alerts';
import { Badge } from '@/components/ui/badge';

/** Where an alert's auto-pause stands, in words a person acts on. */
export function PauseBadge({ pause }: { pause: PauseInfo }) {
  const campaign = pause.campaignName ?? pause.campaignId ?? 'the campaign';
  switch (pause.state) {
    case 'none':
      return <span className="text-slate-600 dark:text-slate-400">—</span>;
    case 'pending':
      return <Badge tone="amber">Pausing {campaign}…</Badge>;
    case 'retrying':
      return (
        <span className="flex flex-col gap-0.5">
          <Badge tone="amber">Pause failed, retrying ({pause.attempts})</Badge>
          {pause.lastError ? <span className="text-xs">{pause.lastError}</span> : null}
        </span>
      );
    case 'done':
      return <Badge tone="green">Paused {campaign}</Badge>;
    case 'failed':
      return (
        <span className="flex flex-col gap-0.5">
          <Badge tone="red">Pause failed</Badge>
          {pause.lastError ? <span className="text-xs">{pause.lastError}</span> : null}
        </span>
      );
  }
}
