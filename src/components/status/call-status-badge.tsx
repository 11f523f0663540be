import type { CallStatus } from '@contract/enums';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { CALL_STATUS_BADGES, type BadgeTone as StatusTone } from './call-status';

const TONE: Record<StatusTone, BadgeTone> = { info: 'blue', success: 'green', warning: 'amber', danger: 'red', neutral: 'neutral' };

/** A call's status in words, coloured to help the eye (never colour alone). */
export function CallStatusBadge({ status }: { status: CallStatus }) {
  const badge = CALL_STATUS_BADGES[status] ?? { label: String(status), tone: 'neutral' as const };
  return <Badge tone={TONE[badge.tone]}>{badge.label}</Badge>;
}
