/**
 * /review/settings (admins): an agent's rubric (pass/fail items with weights, a note), sampling
 * rules and automatic checks, each form react-hook-form + the contract's zod schema; what was
 * typed stays when the server refuses it, and its messages show under the fields. Rules run over
 * the call index when added; the list says how many calls each queued.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { WritePage } from '@/components/auth/can';
import { ErrorState } from '@/components/ui/error-state';
import { TableSkeleton } from '@/components/ui/skeleton';
import { allAgentsQueryOptions } from '@/lib/shared-queries/agents';
import { CheckEditor } from './settings/check-editor';
import { RubricEditor } from './settings/rubric-editor';
import { RulesList } from './settings/rules-list';
import { SamplingRuleEditor } from './settings/sampling-rule-editor';
import { PageTitle } from '@/components/layout/page-title';

export function ReviewSettingsPage() {
  return (
    <div className="flex flex-col gap-6">
      <div>
        <Link to="/review" search={{ state: 'todo', page: 1 }} className="text-sm text-blue-700 underline dark:text-blue-400">
          ← Review queue
        </Link>
        <PageTitle title="Rubrics and rules" />
        <h1 className="mt-1 text-xl font-semibold">Rubrics and rules</h1>
      </div>
      <WritePage permission="review:admin" action="define rubrics and rules (your role reviews calls in the review queue)">
        <Editors />
      </WritePage>
    </div>
  );
}

function Editors() {
  const agents = useQuery(allAgentsQueryOptions());
  if (agents.isPending) return <TableSkeleton label="Loading the agents" />;
  if (agents.isError) return <ErrorState title="The agents could not be loaded" error={agents.error} onRetry={() => void agents.refetch()} />;
  return (
    <>
      <RubricEditor agents={agents.data} />
      <div className="grid gap-4 xl:grid-cols-2">
        <SamplingRuleEditor agents={agents.data} />
        <CheckEditor agents={agents.data} />
      </div>
      <RulesList agents={agents.data} />
    </>
  );
}
