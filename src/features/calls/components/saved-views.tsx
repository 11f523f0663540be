/**
 * Saved views: the current filters, sort and page size under a name, kept per user by the BFF.
 * A menu button of the filter bar ("Saved views") opens them in a popover: each view is a link to
 * its URL, so opening one is plain navigation; the current one is saved from the same popover.
 */
import { Popover } from '@base-ui/react/popover';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useForm, type Resolver } from 'react-hook-form';
import { errorMessage } from '@/lib/api-client';
import { Button, buttonClasses } from '@/components/ui/button';
import { popupSurface } from '@/components/ui/styles';
import { cn } from '@/lib/cn';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { callKeys } from '../api/keys';
import { savedViewsQueryOptions } from '@/lib/shared-queries/saved-views';
import { deleteView, saveView } from '../api/saved-views';
import type { SavedViewForm } from '../model/saved-view-form';
import { parseCallsSearch, viewSearchOf, type CallsSearch } from '../model/search-params';

/** The form's zod rule (the contract's SavedViewName), loaded on the first check, not with the list. */
export const savedViewResolver: Resolver<SavedViewForm> = async (values, context, options) => {
  const [{ zodResolver }, { SavedViewForm }] = await Promise.all([import('@hookform/resolvers/zod'), import('../model/saved-view-form')]);
  return zodResolver(SavedViewForm)(values, context, options);
};

export function SavedViews({ search }: { search: CallsSearch }) {
  return (
    <Popover.Root>
      <Popover.Trigger className={buttonClasses('secondary', 'sm')}>
        Saved views <span aria-hidden="true">▾</span>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Positioner sideOffset={6} align="start" className="z-50">
          <Popover.Popup className={cn(popupSurface, 'w-[min(22rem,var(--available-width))]')}>
            <SavedViewsPanel search={search} />
          </Popover.Popup>
        </Popover.Positioner>
      </Popover.Portal>
    </Popover.Root>
  );
}

function SavedViewsPanel({ search }: { search: CallsSearch }) {
  const queryClient = useQueryClient();
  const views = useQuery(savedViewsQueryOptions());
  const form = useForm<SavedViewForm>({ resolver: savedViewResolver, defaultValues: { name: '' } });
  const save = useMutation({
    mutationFn: (n: string) => saveView(n, { ...viewSearchOf(search) }),
    onSuccess: (_v, n) => {
      toast.success(`View "${n}" saved`);
      form.reset();
      void queryClient.invalidateQueries({ queryKey: callKeys.views() });
    },
    onError: (e) => form.setError('name', { message: errorMessage(e) }),
  });
  const remove = useMutation({
    mutationFn: deleteView,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: callKeys.views() }),
    onError: (e) => toast.error('Could not delete the view', errorMessage(e)),
  });

  const submit = form.handleSubmit(({ name }) => save.mutate(name));

  return (
    <nav aria-label="Saved views" className="flex flex-col gap-3 p-3 text-sm">
      <h2 className="font-semibold">Saved views</h2>
      {views.isPending ? <p>Loading views…</p> : null}
      {views.isError ? <p role="alert">Views could not be loaded: {errorMessage(views.error)}</p> : null}
      {views.data && views.data.length === 0 ? <p className="text-slate-600 dark:text-slate-400">None yet.</p> : null}
      {views.data && views.data.length > 0 ? (
        <ul className="flex flex-col gap-1">
          {views.data.map((v) => (
            <li key={v.name} className="flex items-center justify-between gap-2">
              <Link to="/calls" search={parseCallsSearch(v.search)} className="text-blue-700 underline dark:text-blue-400">
                {v.name}
              </Link>
              <span className="flex items-center gap-1">
                <Link
                  to="/alerts/watch"
                  search={{ view: v.name }}
                  className="text-xs text-blue-700 underline dark:text-blue-400"
                  aria-label={`Watch view ${v.name}`}
                >
                  Watch
                </Link>
                <Button size="sm" variant="ghost" aria-label={`Delete view ${v.name}`} onClick={() => remove.mutate(v.name)}>
                  ✕
                </Button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <form onSubmit={(e) => void submit(e)} noValidate className="flex items-end gap-2">
        <Field label="Save this view as" error={form.formState.errors.name?.message} className="flex-1">
          <Input {...form.register('name')} />
        </Field>
        <Button type="submit" size="md" disabled={save.isPending}>
          Save
        </Button>
      </form>
    </nav>
  );
}
