/**
 * The pieces every admin form of /review/settings shares: the form hook over the contract's schema
 * and its mutation, the server's field errors under the fields, the alert and submit button, the
 * agent select and a rule's scope fields.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode } from 'react';
import {
  useForm,
  useWatch,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type PathValue,
  type Resolver,
  type UseFormReturn,
  type UseFormSetError,
} from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { errorMessage, isApiError } from '@/lib/api-client';
import type { AgentSummary } from '@/lib/shared-queries/agents';
import { invalidateReview } from '../../api/review-api';
import { Select } from '@/components/ui/select';

export const panelClass = 'flex flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800';

/** The server's field errors, put under the fields they name (`items[1].label` → `items.1.label`). */
function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>): void {
  if (!isApiError(error)) return;
  for (const e of error.fieldErrors) setError(e.field.replace(/\[(\d+)\]/g, '.$1') as Path<T>, { type: 'server', message: e.message });
}

function FormAlert({ error, errors }: { error: unknown; errors: FieldErrors }) {
  const count = Object.keys(errors).length;
  if (!error && count === 0) return null;
  return (
    <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
      {error ? errorMessage(error) : 'Some fields need attention; see the messages under them.'}
    </p>
  );
}

/**
 * One admin form: react-hook-form over the contract's schema, a mutation that sends it, the
 * server's field errors under the fields, the review lists read again after a success (and the
 * form emptied, for the "add" forms).
 */
export function useReviewForm<V extends FieldValues, R>({
  resolver,
  defaultValues,
  send,
  done,
  resetOnSuccess = true,
}: {
  resolver: Resolver<V>;
  defaultValues: DefaultValues<V>;
  send: (body: never) => Promise<R>;
  done: (result: R) => string;
  resetOnSuccess?: boolean;
}) {
  const queryClient = useQueryClient();
  const form = useForm<V>({ resolver, defaultValues });
  const mutation = useMutation({
    mutationFn: (body: V) => send(body as never),
    onSuccess: async (result) => {
      toast.success(done(result));
      if (resetOnSuccess) form.reset();
      await invalidateReview(queryClient);
    },
    onError: (error) => applyServerErrors(error, form.setError),
  });
  return { form, mutation, register: form.register, errors: form.formState.errors, onSubmit: form.handleSubmit((body) => mutation.mutate(body)) };
}

/** The form's alert and its submit button. */
export function FormFooter({
  mutation,
  errors,
  label,
  busyLabel,
  disabled,
}: {
  mutation: { error: unknown; isPending: boolean };
  errors: FieldErrors;
  label: string;
  busyLabel: string;
  disabled?: boolean;
}) {
  return (
    <>
      <FormAlert error={mutation.error} errors={errors} />
      <div>
        <Button type="submit" variant="primary" disabled={mutation.isPending || disabled}>
          {mutation.isPending ? busyLabel : label}
        </Button>
      </div>
    </>
  );
}

/** "Agent" and a select of the agents, with an "any agent" choice where `anyLabel` is given. */
export function AgentField({
  agents,
  id,
  value,
  onChange,
  anyLabel,
  children,
}: {
  agents: AgentSummary[];
  id: string;
  value: string;
  onChange: (v: string) => void;
  anyLabel?: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        Agent
      </label>
      <Select
        id={id}
        value={value}
        onValueChange={onChange}
        options={[...(anyLabel !== undefined ? [{ value: '', label: anyLabel }] : []), ...agents.map((a) => ({ value: a.id, label: a.name }))]}
      />
      {children}
    </div>
  );
}

/** Which calls a rule looks at: one agent or any, one campaign or any (both forms share them). */
export function ScopeFields<V extends { agentId: string; campaignName: string }>({
  form,
  agents,
  id,
}: {
  form: UseFormReturn<V>;
  agents: AgentSummary[];
  id: string;
}) {
  const agentPath = 'agentId' as Path<V>;
  const agentId = useWatch({ control: form.control, name: agentPath }) as string;
  return (
    <>
      <AgentField id={id} agents={agents} value={agentId} onChange={(v) => form.setValue(agentPath, v as PathValue<V, Path<V>>)} anyLabel="Any agent" />
      <Field label="Campaign name (optional)" error={form.formState.errors.campaignName?.message as string | undefined}>
        <Input autoComplete="off" {...form.register('campaignName' as Path<V>)} />
      </Field>
    </>
  );
}

/** An "add a rule" form: its title, a name, the rule's own fields (children), the alert and the button. */
export function AddRuleForm<V extends { name: string }>({
  id,
  title,
  form,
  mutation,
  onSubmit,
  submitLabel,
  children,
}: {
  id: string;
  title: string;
  form: UseFormReturn<V>;
  mutation: { error: unknown; isPending: boolean };
  onSubmit: () => void;
  submitLabel: string;
  children: ReactNode;
}) {
  const errors = form.formState.errors;
  return (
    <form noValidate aria-labelledby={`${id}-title`} onSubmit={onSubmit} className={panelClass}>
      <h2 id={`${id}-title`} className="font-semibold">
        {title}
      </h2>
      <Field label="Name" error={errors.name?.message as string | undefined}>
        <Input autoComplete="off" {...form.register('name' as Path<V>)} />
      </Field>
      {children}
      <FormFooter mutation={mutation} errors={errors} label={submitLabel} busyLabel="Adding…" />
    </form>
  );
}
