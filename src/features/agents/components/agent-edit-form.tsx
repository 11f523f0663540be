import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { Agent, AgentPatch } from '@contract/schemas/agent';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field, FormNotice } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast';
import { errorMessage, isApiError } from '@/lib/api-error';
import { useKeepOnSessionEnd } from '@/lib/keep-on-session-end';
import { useSession } from '@/lib/session';
import { useUpdateAgent } from '../api/update-agent';
import { AgentEditForm, editDefaults, needsArchiveConfirmation, toPatch } from '../model/edit-form';

const FIELDS = ['name', 'active', 'recordable', 'archived'] as const;

/**
 * Name and flags of an agent. Only what changed is sent; archiving asks first; the change shows
 * at once everywhere and is undone if the upstream refuses, its field errors landing on the field.
 */
export function AgentEditFormView({ agent, onDone }: { agent: Agent; onDone: () => void }) {
  const update = useUpdateAgent(agent.id);
  const [pendingPatch, setPendingPatch] = useState<AgentPatch | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isDirty },
  } = useForm<AgentEditForm>({ resolver: zodResolver(AgentEditForm), defaultValues: editDefaults(agent) });

  // A session ending mid-edit: what was typed comes back after signing in again.
  const { user } = useSession();
  const restored = useKeepOnSessionEnd(
    `agent-edit:${agent.id}`,
    user,
    useCallback(() => getValues(), [getValues]),
  );
  useEffect(() => {
    if (!restored) return;
    for (const field of FIELDS) setValue(field, restored[field], { shouldDirty: true });
  }, [restored, setValue]);

  async function save(patch: AgentPatch) {
    setFormError(null);
    try {
      await update.mutateAsync(patch);
      toast.success('Agent saved');
      onDone();
    } catch (e) {
      let placed = false;
      if (isApiError(e)) {
        for (const fe of e.fieldErrors) {
          const field = FIELDS.find((f) => f === fe.field);
          if (field) {
            setError(field, { type: 'server', message: fe.message }, { shouldFocus: !placed });
            placed = true;
          }
        }
      }
      if (!placed) setFormError(errorMessage(e));
      toast.error('The agent was not saved', placed ? 'Fix the highlighted field.' : errorMessage(e));
    }
  }

  const onSubmit = handleSubmit((values) => {
    const patch = toPatch(agent, values);
    if (Object.keys(patch).length === 0) return onDone();
    if (needsArchiveConfirmation(agent, patch)) return setPendingPatch(patch);
    void save(patch);
  });

  const disabled = update.isPending;
  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-xl flex-col gap-5">
      <FormNotice tone="info">{restored && 'Your session had ended; what you typed is back. Check it and save.'}</FormNotice>
      <FormNotice tone="error">{formError}</FormNotice>
      <Field label="Name" error={errors.name?.message} disabled={disabled}>
        <Input {...register('name')} autoComplete="off" />
      </Field>
      {(
        [
          ['active', 'Active', 'An inactive agent takes and places no calls.'],
          ['recordable', 'Records calls', 'Recordings of new calls are kept for review.'],
          ['archived', 'Archived', 'Archived agents are hidden from new calls and campaigns.'],
        ] as const
      ).map(([name, label, description]) => (
        <Controller
          key={name}
          name={name}
          control={control}
          render={({ field }) => (
            <Field label={label} description={description} error={errors[name]?.message} disabled={disabled} className="flex-col">
              <Switch checked={field.value} onCheckedChange={(checked) => field.onChange(checked)} onBlur={field.onBlur} inputRef={field.ref} />
            </Field>
          )}
        />
      ))}
      <div className="flex gap-2">
        <Button type="submit" variant="primary" disabled={disabled || !isDirty}>
          {update.isPending ? 'Saving…' : 'Save changes'}
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </div>
      <ConfirmDialog
        open={pendingPatch !== null}
        onOpenChange={(open) => !open && setPendingPatch(null)}
        title={`Archive ${agent.name}?`}
        description="An archived agent can no longer be used for new calls or campaigns. You can unarchive it later."
        confirmLabel="Archive agent"
        destructive
        pending={update.isPending}
        onConfirm={() => {
          const patch = pendingPatch;
          setPendingPatch(null);
          if (patch) void save(patch);
        }}
      />
    </form>
  );
}
