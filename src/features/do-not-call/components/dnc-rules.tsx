/**
 * Rules that add numbers by themselves: a classifier value on an indexed call (e.g. opt_out = yes).
 * Every role reads them; operators and admins add (react-hook-form + the contract's schema; what
 * was typed stays on a refusal) and delete them.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { DncRuleBody, type DncRule } from '@contract/bff/do-not-call-rules';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryStates } from '@/components/ui/query-states';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { TableSkeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { RequestError } from '@/components/ui/request-error';
import { errorMessage, fieldError } from '@/lib/api-client';
import { addDncRule, deleteDncRule, dncRulesQueryOptions } from '../api/rules';
import { invalidateDoNotCall } from '@/lib/do-not-call/api';

type RuleForm = { name: string; classifier: string; value: string; reason: string };

export function DncRules({ canManage }: { canManage: boolean }) {
  const queryClient = useQueryClient();
  const rules = useQuery(dncRulesQueryOptions());
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<RuleForm>({
    resolver: zodResolver(DncRuleBody),
    defaultValues: { name: '', classifier: 'opt_out', value: 'yes', reason: 'Asked not to be called (rule)' },
  });
  const add = useMutation({
    mutationFn: addDncRule,
    onSuccess: async (rule) => {
      await invalidateDoNotCall(queryClient);
      toast.success(`Rule "${rule.name}" added: calls with ${rule.classifier} = ${rule.value} add their number.`);
      reset();
    },
  });
  const remove = useMutation({
    mutationFn: deleteDncRule,
    onSuccess: () => invalidateDoNotCall(queryClient),
    onError: (error) => toast.error('The rule could not be deleted', errorMessage(error)),
  });
  const err = (f: keyof RuleForm) => errors[f]?.message ?? fieldError(add.error, f);
  const columns: Column<DncRule>[] = [
    { id: 'name', header: 'Rule', cell: (r) => <span className="font-medium">{r.name}</span> },
    {
      id: 'when',
      header: 'When a call has',
      cell: (r) => (
        <span className="font-mono">
          {r.classifier} = {r.value}
        </span>
      ),
    },
    { id: 'reason', header: 'Reason', cell: (r) => r.reason },
    { id: 'added', header: 'Numbers added', cell: (r) => r.added.toLocaleString('en') },
    ...(canManage
      ? [
          {
            id: 'actions',
            header: 'Actions',
            cell: (r: DncRule) => (
              <Button size="sm" variant="ghost" aria-label={`Delete rule ${r.name}`} disabled={remove.isPending} onClick={() => remove.mutate(r.id)}>
                Delete
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <section aria-labelledby="dnc-rules-title" className="flex flex-col gap-3">
      <h2 id="dnc-rules-title" className="font-semibold">
        Rules
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        A call whose classifier holds the value adds its number to the list (source: rule). Each call counts once: a number removed here comes back only with a
        new call.
      </p>
      <QueryStates
        query={rules}
        loading={<TableSkeleton rows={2} label="Loading the rules" />}
        errorTitle="The rules could not be loaded"
        isEmpty={(data) => data.length === 0}
        empty={<EmptyState title="No rule" description="Numbers are added by people only." />}
      >
        {(data) => <DataTable caption="Do-not-call rules" columns={columns} rows={data} getRowId={(r) => String(r.id)} rowLabel={(r) => r.name} />}
      </QueryStates>
      {canManage ? (
        <form
          onSubmit={handleSubmit((form) => add.mutate(form))}
          noValidate
          aria-label="Add a rule"
          className="grid gap-3 md:grid-cols-[1fr_10rem_10rem_1fr_auto] md:items-start"
        >
          <Field label="Rule name" error={err('name')}>
            <Input autoComplete="off" {...register('name')} />
          </Field>
          <Field label="Classifier" error={err('classifier')}>
            <Input autoComplete="off" {...register('classifier')} />
          </Field>
          <Field label="Value" error={err('value')}>
            <Input autoComplete="off" {...register('value')} />
          </Field>
          <Field label="Reason" error={err('reason')}>
            <Input autoComplete="off" {...register('reason')} />
          </Field>
          <Button type="submit" className="md:mt-6" disabled={add.isPending}>
            {add.isPending ? 'Adding…' : 'Add the rule'}
          </Button>
          <RequestError error={add.error} className="md:col-span-5" />
        </form>
      ) : null}
    </section>
  );
}
