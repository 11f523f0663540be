/**
 * Add one number: typed in any form (national numbers read with the chosen country), a reason.
 * What was typed stays when the server refuses it; its field error shows under the field. When
 * campaigns already created hold the number, they are named at once, each with a Pause.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { DncAddForm } from '@contract/bff/do-not-call';
import { HoldingCampaigns } from '@/components/do-not-call/holding-campaigns';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { errorMessage, fieldError } from '@/lib/api-client';
import { addToDoNotCall, invalidateDoNotCall } from '@/lib/do-not-call/api';
import { normalisePhone, type CountryCode } from '@/lib/recipients/phone';

export function AddNumberForm({ country }: { country: CountryCode }) {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<DncAddForm>({ resolver: zodResolver(DncAddForm), defaultValues: { phone: '', reason: '' } });
  const mutation = useMutation({
    mutationFn: addToDoNotCall,
    onSuccess: async (entry, body) => {
      await invalidateDoNotCall(queryClient);
      toast.success(entry.reason === body.reason ? `${entry.phone} is on the do-not-call list.` : `${entry.phone} was already on the list.`);
      reset();
    },
  });

  const onSubmit = handleSubmit((form) => {
    const phone = normalisePhone(form.phone, country);
    if (!phone.ok) return setError('phone', { message: `This number ${phone.reason}.` });
    mutation.mutate({ phone: phone.e164, reason: form.reason, source: 'manual' });
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="dnc-add-title"
      className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
    >
      <h2 id="dnc-add-title" className="font-semibold">
        Add a number
      </h2>
      <div className="grid gap-3 md:grid-cols-[14rem_1fr_auto] md:items-start">
        <Field label="Phone" error={errors.phone?.message ?? fieldError(mutation.error, 'phone')} description={`National numbers are read as ${country}.`}>
          <Input autoComplete="off" {...register('phone')} />
        </Field>
        <Field label="Reason" error={errors.reason?.message ?? fieldError(mutation.error, 'reason')}>
          <Input autoComplete="off" {...register('reason')} />
        </Field>
        <Button type="submit" variant="primary" className="md:mt-6" disabled={mutation.isPending}>
          {mutation.isPending ? 'Adding…' : 'Add to the list'}
        </Button>
      </div>
      {mutation.data ? <HoldingCampaigns key={mutation.data.phone} campaigns={mutation.data.campaigns} subject={`${mutation.data.phone} is`} /> : null}
      {mutation.isError && !fieldError(mutation.error, 'phone') && !fieldError(mutation.error, 'reason') ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {errorMessage(mutation.error)}
        </p>
      ) : null}
    </form>
  );
}
