import type { UseFormRegister } from 'react-hook-form';
import { CALL_STATUS_BADGES } from '@/components/status/call-status';
import { focusRing } from '@/components/ui/styles';
import { cn } from '@/lib/cn';
import type { FilterForm } from '../../model/filter-form';
import { CALL_STATUSES } from '../../model/search-params';

/** The Status filter: a box per status (any of those ticked). */
export function StatusFields({ register }: { register: UseFormRegister<FilterForm> }) {
  return (
    <fieldset>
      <legend className="text-sm font-medium">Status</legend>
      <div className="mt-1 grid grid-cols-2 gap-x-4 gap-y-1">
        {CALL_STATUSES.map((status) => (
          <label key={status} className="flex items-center gap-1.5 text-sm">
            <input type="checkbox" value={status} {...register('status')} className={cn('size-4', focusRing)} />
            {CALL_STATUS_BADGES[status].label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
