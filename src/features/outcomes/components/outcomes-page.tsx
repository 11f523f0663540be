/** /outcomes: the outcomes defined, with the indexed calls that meet each; admins define and remove them. */
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CLAUSE_KIND_LABELS, TRANSCRIPT_EVENT_LABELS, type Outcome, type OutcomeClause } from '@contract/bff/outcomes';
import { Can } from '@/components/auth/can';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type Column } from '@/components/ui/data-table';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { allAgentsQueryOptions } from '@/lib/shared-queries/agents';
import { outcomesQueryOptions } from '@/lib/shared-queries/outcomes';
import { invalidateOutcomes, removeOutcome } from '../api/outcomes';
import { OutcomeForm } from './outcome-form';
import { PageTitle } from '@/components/layout/page-title';
import { callStatusLabel } from '@/components/status/call-status';

export function clauseText(c: OutcomeClause): string {
  switch (c.kind) {
    case 'status':
      return `status is ${c.statuses.map(callStatusLabel).join(' or ')}`;
    case 'classifier':
      return `${c.classifier} = ${c.value}`;
    case 'extracted':
      return c.value ? `${c.field} = ${c.value}` : `${c.field} present`;
    case 'duration':
      return `duration ${c.op === 'atLeast' ? '≥' : '<'} ${c.seconds} s`;
    case 'tag':
      return `tagged ${c.tag}`;
    case 'transcript':
      return `${TRANSCRIPT_EVENT_LABELS[c.event].toLowerCase()}${c.happened ? '' : ': no'}`;
    default:
      return CLAUSE_KIND_LABELS[(c as OutcomeClause).kind];
  }
}

export function OutcomesPage() {
  const { data: outcomes } = useSuspenseQuery(outcomesQueryOptions());
  const agents = useQuery(allAgentsQueryOptions()).data ?? [];
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<Outcome | null>(null);
  const remove = useMutation({
    mutationFn: (o: Outcome) => removeOutcome(o.id),
    onSuccess: async (_, o) => {
      toast.success(`"${o.name}" removed.`);
      await invalidateOutcomes(queryClient);
    },
    onError: (error) => toast.error('The outcome could not be removed', errorMessage(error)),
  });
  const agentName = (id: string) => agents.find((a) => a.id === id)?.name ?? id;
  const columns: Column<Outcome>[] = [
    { id: 'name', header: 'Outcome', rowHeader: true, cell: (o) => o.name },
    { id: 'for', header: 'For', cell: (o) => (o.agentId ? `Agent ${agentName(o.agentId)}` : `Campaign “${o.campaignName}”`) },
    { id: 'when', header: 'When', cell: (o) => o.clauses.map(clauseText).join(' and ') },
    { id: 'calls', header: 'Calls that meet it', align: 'right', className: 'tabular-nums', cell: (o) => o.calls.toLocaleString('en') },
    {
      id: 'actions',
      header: 'Actions',
      cell: (o) => (
        <Can permission="outcomes:admin" fallback="—">
          <Button size="sm" variant="ghost" onClick={() => setRemoving(o)}>
            Remove {o.name}
          </Button>
        </Can>
      ),
    },
  ];
  return (
    <div className="grid gap-6">
      <div>
        <PageTitle title="Outcomes" />
        <h1 className="text-xl font-semibold">Outcomes</h1>
        <p className="max-w-3xl text-sm">
          What a call must achieve to count as a success: conditions over its status, classifications, extracted data, duration, tags and transcript events. A
          campaign’s funnel counts the recipients whose calls met an outcome of the campaign or of its agent.
        </p>
      </div>
      <DataTable
        caption="Outcomes defined"
        columns={columns}
        rows={outcomes}
        getRowId={(o) => String(o.id)}
        rowLabel={(o) => `Outcome ${o.name}`}
        empty="No outcome is defined yet."
      />
      <Can permission="outcomes:admin" fallback={<p className="text-sm">Admins define outcomes.</p>}>
        <OutcomeForm agents={agents} />
      </Can>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => !o && setRemoving(null)}
        title={`Remove the outcome "${removing?.name ?? ''}"?`}
        description="Funnels stop counting it. The calls stay as they are."
        confirmLabel="Remove it"
        destructive
        onConfirm={() => removing && remove.mutate(removing)}
      />
    </div>
  );
}
