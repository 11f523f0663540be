/**
 * On a running campaign's page, when contact caps are set: how many of its recipients are over a
 * cap now, and, to a role that may manage alert rules, one button that watches the campaign's calls
 * and pauses it on its next call (the BFF creates the view and the rule once; a second click finds
 * them). When the guard exists, the page says so and links the rule.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CAP_GUARD_CONDITION_TEXT, type CapGuardRule } from '@contract/bff/cap-guard';
import { Can } from '@/components/auth/can';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { errorMessage } from '@/lib/api-client';
import { pluralWord } from '@/lib/plural';
import { alertsRoot } from '@/lib/shared-queries/keys';
import { capGuardQueryOptions, createCapGuard } from '../../api/cap-guard';
import { campaignKeys } from '../../api/keys';

export const CAP_GUARD_BUTTON = 'Watch this campaign and pause it when a capped number is called';

function RuleLink({ guard }: { guard: CapGuardRule }) {
  return (
    <Can
      permission="alerts:manage"
      fallback={
        <Link to="/alerts" className="underline">
          {guard.name}
        </Link>
      }
    >
      <Link to="/alerts/watch" search={{ rule: guard.id }} className="underline">
        {guard.name}
      </Link>
    </Can>
  );
}

export function CapGuardNotice({ campaignId }: { campaignId: string }) {
  const queryClient = useQueryClient();
  const status = useQuery(capGuardQueryOptions(campaignId));
  const create = useMutation({
    mutationFn: () => createCapGuard(campaignId),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: campaignKeys.capGuard(campaignId) }),
        queryClient.invalidateQueries({ queryKey: alertsRoot }),
      ]);
    },
  });
  if (status.isPending) {
    return (
      <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
        Checking its recipients against the contact caps…
      </p>
    );
  }
  if (status.isError) return <ErrorState title="The contact caps could not be checked" error={status.error} onRetry={() => void status.refetch()} />;
  const s = status.data;
  if (!s.capsSet || !s.known) return null;
  const kinds = [
    s.attempts > 0 ? `${s.attempts.toLocaleString('en')} over the attempts cap` : null,
    s.quiet > 0 ? `${s.quiet.toLocaleString('en')} reached lately by another call` : null,
  ].filter(Boolean);
  return (
    <section aria-labelledby="cap-guard-title" data-testid="cap-guard" className="grid max-w-3xl gap-2 rounded-md border border-amber-600 p-3 text-sm">
      <h2 id="cap-guard-title" className="font-medium">
        {s.overCap === 0
          ? `None of its ${s.recipients.toLocaleString('en')} ${pluralWord(s.recipients, 'recipient')} is over a contact cap now.`
          : `${s.overCap.toLocaleString('en')} of its ${s.recipients.toLocaleString('en')} ${pluralWord(s.recipients, 'recipient')} ${pluralWord(s.overCap, 'is', 'are')} over a contact cap now${kinds.length ? ` (${kinds.join(', ')})` : ''}.`}
      </h2>
      {s.guard ? (
        <p>
          A guard watches this campaign: the rule <RuleLink guard={s.guard} /> pauses it when it places a call.
        </p>
      ) : s.overCap > 0 ? (
        <>
          <p>A running campaign cannot have one recipient removed through the Voice API: the caps applied when it was created. {CAP_GUARD_CONDITION_TEXT}</p>
          <Can permission="alerts:manage" fallback={<p>An operator or an admin can set a guard that pauses it.</p>}>
            <div>
              <Button variant="primary" onClick={() => create.mutate()} disabled={create.isPending}>
                {create.isPending ? 'Setting the guard…' : CAP_GUARD_BUTTON}
              </Button>
            </div>
          </Can>
        </>
      ) : null}
      <div role="status" aria-live="polite">
        {create.isError ? <p className="text-red-700 dark:text-red-400">{errorMessage(create.error)}</p> : null}
        {create.data ? (
          <p>
            {create.data.created ? 'Guard set: ' : 'The guard exists already: '}
            <RuleLink guard={create.data.guard} /> watches the view “{create.data.guard.viewName}” and pauses the campaign on its next call.
          </p>
        ) : null}
      </div>
    </section>
  );
}
