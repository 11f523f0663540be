/** The rules in force, each described in words, with Remove and "Run every rule now". */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Check, SamplingRule } from '@contract/bff/review';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryStates } from '@/components/ui/query-states';
import { TableSkeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import type { AgentSummary } from '@/lib/shared-queries/agents';
import { fillQueue, invalidateReview, removeRule, rulesQueryOptions } from '../../api/review-api';
import { callStatusLabel } from '@/components/status/call-status';

function describeCheck(check: Check): string {
  const c = check.condition;
  if (c.kind === 'classifierWithoutExtracted') return `classifier ${c.classifier} is ${c.value} but ${c.field} is empty`;
  if (c.kind === 'hangUpAfterAnswer') return `hang-up within ${c.seconds} s of the answer`;
  if (c.kind === 'shortDuration') return `a reached call under ${c.seconds} s`;
  const phrases = 'phrases' in c ? c.phrases.map((p) => `"${p}"`).join(' or ') : '';
  const by = 'speaker' in c && c.speaker === 'ANYONE' ? 'anyone' : 'the agent';
  if (c.kind === 'phraseWithin') return `the agent did not say ${phrases} within ${c.seconds} s of the answer`;
  if (c.kind === 'phraseNeverSaid') return `${by} never said ${phrases}`;
  if (c.kind === 'forbiddenPhrase') return `${by} said ${phrases}`;
  if (c.kind === 'category') return `category: ${by} said ${phrases}`;
  return 'a transferred call without a summary';
}

function describeRule(rule: SamplingRule, agentName: (id: string) => string): string {
  const take = rule.mode === 'perDay' ? `${rule.amount} per day` : `${rule.amount} % at random`;
  const parts = [
    rule.agentId ? agentName(rule.agentId) : 'any agent',
    rule.campaignName ? `campaign ${rule.campaignName}` : null,
    rule.from || rule.to ? `${rule.from ?? '…'} to ${rule.to ?? '…'}` : null,
    rule.status.length ? rule.status.map(callStatusLabel).join(', ') : null,
  ].filter(Boolean);
  return `${take} of ${parts.join(', ')}`;
}

export function RulesList({ agents }: { agents: AgentSummary[] }) {
  const queryClient = useQueryClient();
  const rules = useQuery(rulesQueryOptions());
  const agentName = (id: string) => agents.find((a) => a.id === id)?.name ?? id;
  const remove = useMutation({
    mutationFn: removeRule,
    onSuccess: async () => {
      toast.success('Removed. Calls it queued stay in the queue.');
      await invalidateReview(queryClient);
    },
    onError: (error) => toast.error('The rule could not be removed', errorMessage(error)),
  });
  const fill = useMutation({
    mutationFn: fillQueue,
    onSuccess: async (r) => {
      toast.success(`${r.sampled} calls sampled, ${r.flagged} flagged.`);
      await invalidateReview(queryClient);
    },
    onError: (error) => toast.error('The queue could not be filled', errorMessage(error)),
  });
  return (
    <section aria-labelledby="rules-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="rules-title" className="font-semibold">
          Rules in force
        </h2>
        <Button onClick={() => fill.mutate()} disabled={fill.isPending}>
          Run every rule now
        </Button>
      </div>
      <QueryStates
        query={rules}
        loading={<TableSkeleton label="Loading the rules" />}
        errorTitle="The rules could not be loaded"
        isEmpty={(data) => data.sampling.length + data.checks.length === 0}
        empty={<EmptyState title="No rule yet" description="Add a sampling rule or an automatic check: calls then enter the review queue." />}
      >
        {(data) => (
          <ul className="flex flex-col gap-2 text-sm">
            {[
              ...data.sampling.map((r) => ({ id: r.id, name: r.name, kind: 'Sampling', what: describeRule(r, agentName), n: `${r.queued} queued` })),
              ...data.checks.map((c) => ({ id: c.id, name: c.name, kind: 'Check', what: describeCheck(c), n: `${c.flagged} flagged` })),
            ].map((r) => (
              <li key={r.id} className="flex flex-wrap items-center gap-2 rounded-md border border-slate-200 p-2 dark:border-slate-800">
                <Badge tone={r.kind === 'Check' ? 'amber' : 'neutral'}>{r.kind}</Badge>
                <span className="font-medium">{r.name}</span>
                <span>{r.what}</span>
                <span className="text-slate-600 dark:text-slate-400">({r.n})</span>
                {r.kind === 'Check' ? (
                  <Link to="/calls" search={{ check: [String(r.id)] }} className="text-blue-700 underline dark:text-blue-400">
                    <span className="sr-only">{r.name}: </span>See the calls
                  </Link>
                ) : null}
                <Button size="sm" variant="ghost" onClick={() => remove.mutate(r.id)} aria-label={`Remove ${r.name}`}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
    </section>
  );
}
