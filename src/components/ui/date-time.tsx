/** A time on screen: in the display zone with the zone named, the UTC instant on hover. */
import { useTimeFormat } from '@/lib/time/display-zone';

export function DateTime({ value, as = 'dateTime', className }: { value: string | null | undefined; as?: 'dateTime' | 'date' | 'time'; className?: string }) {
  const f = useTimeFormat();
  if (!value) return null;
  return (
    <time dateTime={value} title={f.utc(value)} className={className}>
      {as === 'date' ? f.date(value) : as === 'time' ? f.time(value) : f.dateTime(value)}
    </time>
  );
}
