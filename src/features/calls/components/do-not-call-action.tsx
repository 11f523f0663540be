/**
 * On the call review: whether the number is on the do-not-call list and, for operators and admins,
 * "Add to do-not-call" in one click (reason and source recorded; it can be edited on the list page),
 * then the campaigns already created that hold the number, each with a Pause.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { HoldingCampaigns } from '@/components/do-not-call/holding-campaigns';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { RequestError } from '@/components/ui/request-error';
import { addToDoNotCall, dncCheckQueryOptions, invalidateDoNotCall } from '@/lib/do-not-call/api';
import { useCan } from '@/lib/session';

export const CALL_REVIEW_DNC_REASON = 'Asked not to be called (noted in a call review)';

export function DoNotCallAction({ callId, phone }: { callId: string; phone: string }) {
  const mayManage = useCan('do-not-call:manage');
  const queryClient = useQueryClient();
  const check = useQuery(dncCheckQueryOptions([phone]));
  const add = useMutation({
    mutationFn: () => addToDoNotCall({ phone, reason: CALL_REVIEW_DNC_REASON, source: 'call-review', callId }),
    onSuccess: () => invalidateDoNotCall(queryClient),
  });
  const listed = check.data?.skipped[0];
  if (check.isPending) return null;
  if (listed) {
    return (
      <>
        <p role="status" className="flex flex-wrap items-center gap-2 text-sm">
          <Badge tone="red">Do not call</Badge>
          <span>{listed.reason}</span>
          <Link to="/do-not-call" search={{ page: 1, q: phone }} className="text-blue-700 underline dark:text-blue-400">
            See the list
          </Link>
        </p>
        {add.data ? <HoldingCampaigns campaigns={add.data.campaigns} /> : null}
      </>
    );
  }
  if (!mayManage) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button size="sm" variant="secondary" disabled={add.isPending} onClick={() => add.mutate()}>
        {add.isPending ? 'Adding…' : 'Add to do-not-call'}
      </Button>
      <RequestError error={add.error} />
      {check.isError ? <span className="text-sm text-amber-800 dark:text-amber-300">The do-not-call list could not be checked.</span> : null}
    </div>
  );
}
