import type { AgentType } from '@contract/enums';
import { SegmentedControl } from '@/components/ui/segmented-control';

type TypeChoice = 'ALL' | AgentType;
const TYPE_OPTIONS = [
  { value: 'ALL', label: 'All' },
  { value: 'INBOUND', label: 'Inbound' },
  { value: 'OUTBOUND', label: 'Outbound' },
] as const satisfies readonly { value: TypeChoice; label: string }[];

export function AgentTypeFilter({ type, onTypeChange }: { type: AgentType | undefined; onTypeChange: (type: AgentType | undefined) => void }) {
  return (
    <SegmentedControl<TypeChoice> label="Type" value={type ?? 'ALL'} options={TYPE_OPTIONS} onValueChange={(v) => onTypeChange(v === 'ALL' ? undefined : v)} />
  );
}
