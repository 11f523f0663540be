import type { CampaignStatus } from '@contract/enums';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const BADGES: Record<CampaignStatus, { label: string; tone: BadgeTone }> = {
  ACTIVE: { label: 'Active', tone: 'green' },
  PAUSED: { label: 'Paused', tone: 'amber' },
  CANCELLED: { label: 'Cancelled', tone: 'neutral' },
};

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return <Badge tone={BADGES[status].tone}>{BADGES[status].label}</Badge>;
}
