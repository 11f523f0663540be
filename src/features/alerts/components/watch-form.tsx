/**
 * Watch a saved view: a threshold over a sliding window, and what happens on a breach (always the
 * console; optionally a signed webhook and pausing a campaign). react-hook-form with the form's
 * zod schema (built from the contract's pieces); the server's field errors land under the same
 * fields, and what was typed stays.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { AlertRule } from '@contract/bff/alerts';
import { SHARE_GROUPS } from '@contract/bff/alerts';
import { STATUS_GROUP_LABELS, STATUS_GROUP_OF } from '@contract/bff/index.plain';
import type { CallStatus } from '@contract/enums';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/toast';
import { RequestError } from '@/components/ui/request-error';
import { errorMessage, fieldError } from '@/lib/api-client';
import { campaignChoicesQueryOptions } from '@/lib/shared-queries/campaign-registry';
import { savedViewsQueryOptions } from '@/lib/shared-queries/saved-views';
import { invalidateAlerts, saveRule } from '../api/alerts';
import { ANY, defaultsFor, NONE, toRuleBody, WatchForm } from '../model/watch-form';
import { PageTitle } from '@/components/layout/page-title';

const STATUSES = Object.keys(STATUS_GROUP_OF) as CallStatus[];

export function WatchViewForm({ viewName, rule }: { viewName: string; rule?: AlertRule }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const views = useQuery(savedViewsQueryOptions());
  const campaigns = useQuery({ ...campaignChoicesQueryOptions(), select: (page) => page.content });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<WatchForm>({ resolver: zodResolver(WatchForm), defaultValues: defaultsFor(viewName, rule) });
  const mutation = useMutation({
    mutationFn: (form: WatchForm) => saveRule(toRuleBody(form), rule?.id),
    onSuccess: async (saved) => {
      await invalidateAlerts(queryClient);
      toast.success(`"${saved.name}" is watching the view "${saved.viewName}".`);
      await navigate({ to: '/alerts', search: { page: 1, show: 'open' } });
    },
  });
  const kind = useWatch({ control, name: 'kind' });
  const webhookUrl = useWatch({ control, name: 'webhookUrl' });
  // A field's message: the form's own check first, else the server's for the same value.
  const err = (field: keyof WatchForm, server: string = field) => errors[field]?.message ?? fieldError(mutation.error, server);
  const number = { valueAsNumber: true } as const;

  const viewOptions = [...new Set([...(views.data ?? []).map((v) => v.name), ...(viewName ? [viewName] : []), ...(rule ? [rule.viewName] : [])])];

  return (
    <form onSubmit={handleSubmit((form) => mutation.mutate(form))} noValidate aria-labelledby="watch-title" className="flex max-w-3xl flex-col gap-5">
      <PageTitle title={rule ? `Edit "${rule.name}"` : 'Watch a saved view'} />
      <h1 id="watch-title" className="text-xl font-semibold">
        {rule ? `Edit "${rule.name}"` : 'Watch a saved view'}
      </h1>
      <div className="grid gap-4 md:grid-cols-2">
        <Field label="Rule name" error={err('name')}>
          <Input autoComplete="off" {...register('name')} />
        </Field>
        <Field
          label="Saved view"
          error={err('viewName')}
          description={
            views.isError
              ? `Your views could not be loaded: ${errorMessage(views.error)}`
              : 'Its filters are kept as they are now; its dates are replaced by the window.'
          }
        >
          <Controller
            control={control}
            name="viewName"
            render={({ field }) => (
              <Select
                value={field.value}
                onValueChange={field.onChange}
                options={
                  viewOptions.length
                    ? viewOptions.map((v) => ({ value: v, label: v }))
                    : [{ value: '', label: views.isPending ? 'Loading…' : 'No saved view yet' }]
                }
              />
            )}
          />
        </Field>
      </div>

      <fieldset className="flex flex-col gap-4 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
        <legend className="px-1 font-semibold">Threshold</legend>
        <Controller
          control={control}
          name="kind"
          render={({ field }) => (
            <SegmentedControl
              label="Alert when"
              value={field.value}
              onValueChange={field.onChange}
              options={[
                { value: 'share', label: 'A share is too high' },
                { value: 'count', label: 'Too many calls' },
                { value: 'stuck', label: 'A call runs too long' },
              ]}
            />
          )}
        />
        {kind === 'share' ? (
          <div className="grid gap-4 md:grid-cols-4">
            <Field label="Status group" error={err('group', 'condition.group')}>
              <Controller
                control={control}
                name="group"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange} options={SHARE_GROUPS.map((g) => ({ value: g, label: STATUS_GROUP_LABELS[g] }))} />
                )}
              />
            </Field>
            <Field label="Above (%)" error={err('abovePercent', 'condition.abovePercent')}>
              <Input type="number" inputMode="decimal" step="0.1" {...register('abovePercent', number)} />
            </Field>
            <Field label="Over the last (minutes)" error={err('windowMinutes', 'condition.windowMinutes')}>
              <Input type="number" inputMode="numeric" {...register('windowMinutes', number)} />
            </Field>
            <Field label="With at least (ended calls)" error={err('minCalls', 'condition.minCalls')}>
              <Input type="number" inputMode="numeric" {...register('minCalls', number)} />
            </Field>
          </div>
        ) : kind === 'count' ? (
          <div className="grid gap-4 md:grid-cols-3">
            <Field label="Calls in status" error={err('status', 'condition.statuses')}>
              <Controller
                control={control}
                name="status"
                render={({ field }) => (
                  <Select
                    value={field.value}
                    onValueChange={field.onChange}
                    options={[{ value: ANY, label: 'Any status' }, ...STATUSES.map((s) => ({ value: s, label: s }))]}
                  />
                )}
              />
            </Field>
            <Field label="At least (calls)" error={err('atLeast', 'condition.atLeast')}>
              <Input type="number" inputMode="numeric" {...register('atLeast', number)} />
            </Field>
            <Field label="Over the last (minutes)" error={err('windowMinutes', 'condition.windowMinutes')}>
              <Input type="number" inputMode="numeric" {...register('windowMinutes', number)} />
            </Field>
          </div>
        ) : (
          <Field label="In progress for more than (minutes)" error={err('minutes', 'condition.minutes')} className="max-w-xs">
            <Input type="number" inputMode="numeric" {...register('minutes', number)} />
          </Field>
        )}
      </fieldset>

      <fieldset className="flex flex-col gap-4 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
        <legend className="px-1 font-semibold">On a breach</legend>
        <p className="text-sm text-slate-600 dark:text-slate-400">The alert always shows in the console, on the bell.</p>
        <div className="grid gap-4 md:grid-cols-2">
          <Field label="Webhook URL (optional)" error={err('webhookUrl')} description="https; signed with HMAC-SHA256 over the timestamp and the body.">
            <Input type="url" autoComplete="off" placeholder="https://hooks.example.com/switchboard" {...register('webhookUrl')} />
          </Field>
          <Field
            label="Signing secret"
            error={err('webhookSecret')}
            description={rule?.webhookSecretSet ? 'Leave blank to keep the current secret.' : 'At least 16 characters; the receiver checks signatures with it.'}
            disabled={!webhookUrl?.trim()}
          >
            <Input type="password" autoComplete="new-password" {...register('webhookSecret')} />
          </Field>
        </div>
        <Field
          label="Pause a campaign"
          error={err('pauseCampaignId')}
          description="The console pauses it once per breach, in your name, and audits it."
          className="max-w-md"
        >
          <Controller
            control={control}
            name="pauseCampaignId"
            render={({ field }) => (
              <Select
                value={field.value}
                onValueChange={field.onChange}
                options={[{ value: NONE, label: 'Do not pause' }, ...(campaigns.data ?? []).map((c) => ({ value: c.id, label: c.name }))]}
              />
            )}
          />
        </Field>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...register('enabled')} className="h-4 w-4" />
          Evaluate this rule
        </label>
      </fieldset>

      <RequestError error={mutation.error} />
      <div className="flex gap-2">
        <Button type="submit" variant="primary" disabled={mutation.isPending}>
          {mutation.isPending ? 'Saving…' : rule ? 'Save the rule' : 'Watch this view'}
        </Button>
      </div>
    </form>
  );
}
