/** Custom dates for Insights (react-hook-form + zod, as every form; loaded when "Custom" is picked). */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { CustomRange } from '../model/custom-range';

export function CustomRangeForm({ from, to, onApply }: { from: string; to: string; onApply: (range: CustomRange) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CustomRange>({ resolver: zodResolver(CustomRange), defaultValues: { from, to } });
  return (
    <form onSubmit={handleSubmit(onApply)} aria-label="Custom dates" noValidate className="flex flex-wrap items-end gap-2">
      <Field label="From" error={errors.from?.message}>
        <Input type="date" {...register('from')} />
      </Field>
      <Field label="To" error={errors.to?.message}>
        <Input type="date" {...register('to')} />
      </Field>
      <Button type="submit" variant="primary">
        Show these dates
      </Button>
    </form>
  );
}
