/**
 * The number's do-not-call state on its contact page: the entry (reason, who, when) or "not
 * listed", and for the roles that manage the list, Add (a reason, then the shared add route) or
 * Remove (with a confirm). The writes are src/lib/do-not-call's; the BFF checks the role again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { DncReason, type DncEntry } from '@contract/bff/do-not-call';
import { HoldingCampaigns } from '@/components/do-not-call/holding-campaigns';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DateTime } from '@/components/ui/date-time';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { RequestError } from '@/components/ui/request-error';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { addToDoNotCall, invalidateDoNotCall, removeFromDoNotCall } from '@/lib/do-not-call/api';
import { contactKeys } from '../api/contact-queries';

const SOURCES: Record<DncEntry['source'], string> = { manual: 'typed in', import: 'a CSV import', 'call-review': 'a call review', rule: 'a rule' };

export function ContactDoNotCall({ phone, entry, canManage }: { phone: string; entry: DncEntry | null; canManage: boolean }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('Asked not to be called');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [removing, setRemoving] = useState(false);
  const refresh = () => Promise.all([invalidateDoNotCall(queryClient), queryClient.invalidateQueries({ queryKey: contactKeys.detail(phone) })]);
  const add = useMutation({
    mutationFn: (why: string) => addToDoNotCall({ phone, reason: why, source: 'manual' }),
    onSuccess: async () => {
      await refresh();
      toast.success(`${phone} is on the do-not-call list.`);
    },
  });
  const remove = useMutation({
    mutationFn: () => removeFromDoNotCall(phone),
    onSuccess: async () => {
      setRemoving(false);
      add.reset();
      await refresh();
      toast.success(`${phone} was removed from the do-not-call list.`);
    },
    onError: (error) => toast.error('The number could not be removed', errorMessage(error)),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = DncReason.safeParse(reason);
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message);
      return;
    }
    setReasonError(undefined);
    add.mutate(parsed.data);
  }

  return (
    <section aria-labelledby="contact-dnc" className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <h2 id="contact-dnc" className="font-semibold">
        Do-not-call
      </h2>
      {entry ? (
        <div className="flex flex-col gap-2 text-sm">
          <p role="status" className="flex flex-wrap items-center gap-2">
            <Badge tone="red">Do not call</Badge> <span>{entry.reason}</span>
          </p>
          <p className="text-slate-700 dark:text-slate-300">
            Added by {entry.addedBy} from {SOURCES[entry.source]}
            {entry.rule ? ` (${entry.rule})` : ''}, <DateTime value={entry.addedAt} />.
          </p>
          {add.data ? <HoldingCampaigns campaigns={add.data.campaigns} /> : null}
          {canManage ? (
            <ConfirmDialog
              open={removing}
              onOpenChange={setRemoving}
              trigger={
                <Button size="sm" variant="secondary" className="self-start">
                  Remove from do-not-call
                </Button>
              }
              title={`Remove ${phone} from the do-not-call list?`}
              description="Campaigns and calls may reach this number again."
              confirmLabel="Remove"
              destructive
              pending={remove.isPending}
              onConfirm={() => remove.mutate()}
            />
          ) : null}
        </div>
      ) : (
        <div className="flex flex-col gap-2 text-sm">
          <p role="status">
            <Badge tone="green">Not listed</Badge> This number may be called.
          </p>
          {canManage ? (
            <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2">
              <Field label="Reason" error={reasonError} className="min-w-64 flex-1">
                <Input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} />
              </Field>
              <Button type="submit" size="sm" disabled={add.isPending}>
                {add.isPending ? 'Adding…' : 'Add to do-not-call'}
              </Button>
              <RequestError error={add.error} />
            </form>
          ) : null}
        </div>
      )}
    </section>
  );
}
