/**
 * The contact-frequency caps: attempts per number over a rolling window, and a quiet period after
 * a reached call. Admins edit (react-hook-form + the contract's schema; what was typed stays when
 * the server refuses it); every other role reads the same values, disabled, with who set them.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { CAP_LIMITS, ContactCapsForm, type ContactCaps } from '@contract/bff/contact-caps';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { errorMessage, fieldError } from '@/lib/api-client';
import { capsQueryOptions, saveCaps } from '@/lib/compliance/api';
import { useCan } from '@/lib/session';

export function CapsSection() {
  const caps = useQuery(capsQueryOptions());
  return (
    <section aria-labelledby="caps-title" className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <h2 id="caps-title" className="font-semibold">
        Contact-frequency caps
      </h2>
      <p className="max-w-3xl text-sm text-slate-600 dark:text-slate-400">
        Counted per number across single calls, bulk calls and campaigns (a campaign counts 1 + its retries per person). Numbers over a cap are left out of a
        list, with the reason, and a single call to one is refused.
      </p>
      {caps.isPending ? (
        <Skeleton className="h-24 w-full max-w-xl" />
      ) : caps.isError ? (
        <ErrorState title="The caps could not be loaded" error={caps.error} onRetry={() => void caps.refetch()} />
      ) : (
        <CapsForm key={caps.data.updatedAt ?? 'unset'} caps={caps.data} />
      )}
    </section>
  );
}

function CapsForm({ caps }: { caps: ContactCaps }) {
  const queryClient = useQueryClient();
  const mayEdit = useCan('compliance:admin');
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isDirty },
  } = useForm<ContactCapsForm, unknown, ContactCapsForm & { attempts: number; windowDays: number; quietDays: number }>({
    resolver: zodResolver(ContactCapsForm) as never,
    defaultValues: { capAttempts: caps.attempts !== null, attempts: caps.attempts ?? 7, windowDays: caps.windowDays, quietDays: caps.quietDays },
  });
  const capAttempts = useWatch({ control, name: 'capAttempts' });
  const mutation = useMutation({
    mutationFn: (form: { capAttempts: boolean; attempts: number; windowDays: number; quietDays: number }) =>
      saveCaps(queryClient, { attempts: form.capAttempts ? form.attempts : null, windowDays: form.windowDays, quietDays: form.quietDays }),
    onSuccess: () => toast.success('The contact caps are saved.'),
  });
  const onSubmit = handleSubmit((form) => mutation.mutate(form));
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Contact-frequency caps" className="flex max-w-xl flex-col gap-3">
      <fieldset disabled={!mayEdit} className="flex flex-col gap-3">
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" className="h-4 w-4" {...register('capAttempts')} />
          Cap the attempts per number
        </label>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            label="Attempts at most"
            disabled={!mayEdit || !capAttempts}
            error={errors.attempts?.message ?? fieldError(mutation.error, 'attempts')}
            description={`${CAP_LIMITS.attempts.min} to ${CAP_LIMITS.attempts.max}`}
          >
            <Input type="number" inputMode="numeric" {...register('attempts')} />
          </Field>
          <Field
            label="In a rolling window of (days)"
            error={errors.windowDays?.message ?? fieldError(mutation.error, 'windowDays')}
            description={`${CAP_LIMITS.windowDays.min} to ${CAP_LIMITS.windowDays.max}`}
          >
            <Input type="number" inputMode="numeric" {...register('windowDays')} />
          </Field>
        </div>
        <Field
          label="Quiet days after a reached call"
          error={errors.quietDays?.message ?? fieldError(mutation.error, 'quietDays')}
          description="0: none. No call to a number reached within this many days."
        >
          <Input type="number" inputMode="numeric" className="max-w-40" {...register('quietDays')} />
        </Field>
      </fieldset>
      <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="caps-updated">
        {caps.updatedBy && caps.updatedAt ? `Last set by ${caps.updatedBy} on ${caps.updatedAt.slice(0, 10)}.` : 'Never set: no caps apply.'}
        {mayEdit ? '' : ' Only admins change the caps.'}
      </p>
      {mayEdit ? (
        <Button type="submit" variant="primary" className="self-start" disabled={mutation.isPending || !isDirty}>
          {mutation.isPending ? 'Saving…' : 'Save the caps'}
        </Button>
      ) : null}
      {mutation.isError && !['attempts', 'windowDays', 'quietDays'].some((f) => fieldError(mutation.error, f)) ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {errorMessage(mutation.error)}
        </p>
      ) : null}
    </form>
  );
}
