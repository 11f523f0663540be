/** The outbound agent of a call form (one call, bulk calls): a combobox under react-hook-form, its message tied to it. */
import { useId } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Combobox } from '@/components/ui/combobox';

export function OutboundAgentField<T extends FieldValues, O extends FieldValues>({
  control,
  name,
  agents,
  loading,
  error,
}: {
  control: Control<T, unknown, O>;
  name: Path<T>;
  agents: readonly { id: string; name: string }[];
  loading?: boolean;
  error?: string;
}) {
  const errorId = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Controller
        control={control}
        name={name}
        render={({ field: { value, onChange } }) => (
          <Combobox
            label="Outbound agent"
            options={agents.map((a) => ({ value: a.id, label: a.name }))}
            value={(value as string) || null}
            onValueChange={(v) => onChange(v ?? '')}
            placeholder={loading ? 'Loading agents…' : 'Choose an agent'}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        )}
      />
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
