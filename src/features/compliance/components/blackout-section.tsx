/**
 * Blackout dates on /compliance: the calendars of public holidays in use, the team's own dates,
 * the dates blacked out in the next 90 days, and the pauses the BFF made for them. Every role
 * reads; admins add and remove (each form react-hook-form + the contract's schema; the server's
 * field errors show under the fields).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { BlackoutCalendarForm, BlackoutDateForm, type BlackoutResult } from '@contract/bff/blackout';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { errorMessage, fieldError } from '@/lib/api-client';
import { addBlackoutDate, blackoutPausesQueryOptions, blackoutQueryOptions, removeBlackoutDate, setCalendars } from '@/lib/compliance/api';
import { useCan } from '@/lib/session';

const AHEAD_DAYS = 90;
const long = (date: string) => DateTime.fromISO(date).toFormat('ccc d LLL yyyy');

export function BlackoutSection() {
  const range = useMemo(() => {
    const today = DateTime.now();
    return { from: today.toISODate()!, to: today.plus({ days: AHEAD_DAYS }).toISODate()! };
  }, []);
  const blackout = useQuery(blackoutQueryOptions(range.from, range.to));
  const mayEdit = useCan('compliance:admin');
  return (
    <section aria-labelledby="blackout-title" className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <h2 id="blackout-title" className="font-semibold">
        Blackout dates
      </h2>
      <p className="max-w-3xl text-sm text-slate-600 dark:text-slate-400">
        No calls on these dates, each taken in a campaign’s own time zone: Switchboard pauses an active campaign at local midnight and resumes it the day after.
        A campaign someone paused is left alone. The campaign wizard’s forecast skips these dates.
      </p>
      {blackout.isPending ? (
        <Skeleton className="h-32 w-full max-w-2xl" />
      ) : blackout.isError ? (
        <ErrorState title="The blackout dates could not be loaded" error={blackout.error} onRetry={() => void blackout.refetch()} />
      ) : (
        <div className="grid gap-4 xl:grid-cols-2">
          <Calendars data={blackout.data} mayEdit={mayEdit} />
          <TeamDates mayEdit={mayEdit} />
          <Upcoming data={blackout.data} />
          <Pauses />
        </div>
      )}
    </section>
  );
}

function Calendars({ data, mayEdit }: { data: BlackoutResult; mayEdit: boolean }) {
  const queryClient = useQueryClient();
  const codes = data.calendars.map((c) => c.code);
  const form = useForm<BlackoutCalendarForm>({ resolver: zodResolver(BlackoutCalendarForm), defaultValues: { code: '' } });
  const mutation = useMutation({
    mutationFn: (next: string[]) => setCalendars(queryClient, next),
    onSuccess: () => form.reset(),
  });
  const onSubmit = form.handleSubmit(({ code }) => {
    const upper = code.trim().toUpperCase();
    if (codes.includes(upper)) return form.setError('code', { message: `${upper} is in use already.` });
    mutation.mutate([...codes, upper]);
  });
  const serverError = mutation.error ? (fieldError(mutation.error, `calendars[${codes.length}]`) ?? errorMessage(mutation.error)) : undefined;
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-medium">Public holidays</h3>
      {data.calendars.length === 0 ? (
        <p className="text-sm">No calendar of public holidays is in use.</p>
      ) : (
        <ul aria-label="Calendars in use" className="grid gap-1 text-sm">
          {data.calendars.map((c) => (
            <li key={c.code} className="flex items-center gap-2">
              <Badge>{c.code}</Badge> {c.name}
              {mayEdit ? (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Stop using ${c.name}`}
                  disabled={mutation.isPending}
                  onClick={() => mutation.mutate(codes.filter((x) => x !== c.code))}
                >
                  Remove
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {mayEdit ? (
        <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Add a calendar" className="flex items-start gap-2">
          <Field label="Country or region code" description="FR, DE, US-CA…" error={form.formState.errors.code?.message ?? serverError}>
            <Input autoComplete="off" className="w-40!" {...form.register('code')} />
          </Field>
          <Button type="submit" className="mt-6" disabled={mutation.isPending}>
            Add the calendar
          </Button>
        </form>
      ) : null}
    </div>
  );
}

function TeamDates({ mayEdit }: { mayEdit: boolean }) {
  const queryClient = useQueryClient();
  // The team's own dates from today on, a year ahead.
  const range = useMemo(() => ({ from: DateTime.now().toISODate()!, to: DateTime.now().plus({ days: 365 }).toISODate()! }), []);
  const dates = useQuery(blackoutQueryOptions(range.from, range.to));
  const team = (dates.data?.days ?? []).filter((d) => d.source === 'team');
  const form = useForm<BlackoutDateForm>({ resolver: zodResolver(BlackoutDateForm), defaultValues: { date: '', label: '' } });
  const add = useMutation({
    mutationFn: (body: BlackoutDateForm) => addBlackoutDate(queryClient, body),
    onSuccess: (_, body) => {
      toast.success(`${long(body.date)} is a blackout date.`);
      form.reset();
    },
  });
  const remove = useMutation({ mutationFn: (date: string) => removeBlackoutDate(queryClient, date) });
  const onSubmit = form.handleSubmit((body) => add.mutate(body));
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-medium">The team’s dates</h3>
      {dates.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : team.length === 0 ? (
        <p className="text-sm">No team dates ahead.</p>
      ) : (
        <ul aria-label="The team’s dates" className="grid gap-1 text-sm">
          {team.map((d) => (
            <li key={d.date} className="flex items-center gap-2">
              {long(d.date)}: {d.label}
              {mayEdit ? (
                <Button size="sm" variant="ghost" aria-label={`Remove ${long(d.date)}`} disabled={remove.isPending} onClick={() => remove.mutate(d.date)}>
                  Remove
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {mayEdit ? (
        <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Add a team date" className="grid gap-2 sm:grid-cols-[10rem_1fr_auto] sm:items-start">
          <Field label="Date" error={form.formState.errors.date?.message ?? fieldError(add.error, 'date')}>
            <Input type="date" {...form.register('date')} />
          </Field>
          <Field label="What it is" error={form.formState.errors.label?.message ?? fieldError(add.error, 'label')}>
            <Input autoComplete="off" {...form.register('label')} />
          </Field>
          <Button type="submit" className="sm:mt-6" disabled={add.isPending}>
            Add the date
          </Button>
        </form>
      ) : null}
      {add.isError && !fieldError(add.error, 'date') && !fieldError(add.error, 'label') ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {errorMessage(add.error)}
        </p>
      ) : null}
      {remove.isError ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {errorMessage(remove.error)}
        </p>
      ) : null}
    </div>
  );
}

function Upcoming({ data }: { data: BlackoutResult }) {
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-medium">The next {AHEAD_DAYS} days</h3>
      {data.days.length === 0 ? (
        <p className="text-sm">No blackout date in the next {AHEAD_DAYS} days.</p>
      ) : (
        <ul aria-label="Blackout dates ahead" className="grid gap-1 text-sm">
          {data.days.map((d) => (
            <li key={`${d.date}-${d.calendar ?? 'team'}-${d.label}`}>
              {long(d.date)}: {d.label} <span className="text-slate-600 dark:text-slate-400">({d.calendar ?? 'team'})</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const STATE_WORDS = {
  pausing: 'pausing',
  paused: 'paused',
  resuming: 'resuming',
  resumed: 'paused, then resumed',
  failed: 'failed',
  left: 'left as it was',
} as const;

function Pauses() {
  const pauses = useQuery(blackoutPausesQueryOptions());
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-medium">Pauses made for blackout dates</h3>
      {pauses.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : pauses.isError ? (
        <ErrorState title="The pauses could not be loaded" error={pauses.error} onRetry={() => void pauses.refetch()} />
      ) : pauses.data.length === 0 ? (
        <EmptyState title="No pauses yet" description="Active campaigns are paused here at local midnight of a blackout date." />
      ) : (
        <ul aria-label="Pauses made for blackout dates" className="grid gap-1 text-sm">
          {pauses.data.map((p) => (
            <li key={`${p.campaignId}-${p.date}`}>
              {long(p.date)}: {p.campaignName ?? p.campaignId} — {STATE_WORDS[p.state]}
              {p.error ? <span className="text-slate-600 dark:text-slate-400"> ({p.error})</span> : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
