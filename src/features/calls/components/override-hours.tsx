/**
 * "Call anyway, outside their local hours": shown only to roles holding 'calls:override-hours'
 * (the BFF checks the same permission and audits each use, contract/bff/local-hours.ts).
 */
import { useId } from 'react';
import { Can } from '@/components/auth/can';

export function OverrideHoursCheckbox({ checked, onChange }: { checked: boolean; onChange: (next: boolean) => void }) {
  const id = useId();
  return (
    <Can permission="calls:override-hours">
      <div className="flex items-center gap-2 text-sm">
        <input id={id} type="checkbox" className="size-4" checked={checked} onChange={(e) => onChange(e.target.checked)} />
        <label htmlFor={id}>Call anyway, outside their local hours</label>
      </div>
    </Can>
  );
}
