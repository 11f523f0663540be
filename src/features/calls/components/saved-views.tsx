/**
 * Saved views: the current filters, sort and page size under a name, kept per user by the BFF.
 * Each view is a link to its URL, so opening one is plain navigation.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { callKeys } from '../api/keys';
import { deleteView, saveView, savedViewsQueryOptions } from '../api/saved-views';
import { parseCallsSearch, type CallsSearch } from '../model/search-params';

export function SavedViews({ search }: { search: CallsSearch }) {
  const queryClient = useQueryClient();
  const views = useQuery(savedViewsQueryOptions());
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const save = useMutation({
    mutationFn: (n: string) => saveView(n, { ...search, page: 1 }),
    onSuccess: (_v, n) => {
      toast.success(`View "${n}" saved`);
      setName('');
      void queryClient.invalidateQueries({ queryKey: callKeys.views() });
    },
    onError: (e) => setError(errorMessage(e)),
  });
  const remove = useMutation({
    mutationFn: deleteView,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: callKeys.views() }),
    onError: (e) => toast.error('Could not delete the view', errorMessage(e)),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The contract's schema (zod) loads on the first save, not with the list.
    const { SavedViewName } = await import('@contract/bff/http');
    const parsed = SavedViewName.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    save.mutate(parsed.data);
  }

  return (
    <nav aria-label="Saved views" className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-800">
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
              <Button size="sm" variant="ghost" aria-label={`Delete view ${v.name}`} onClick={() => remove.mutate(v.name)}>
                ✕
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <form onSubmit={(e) => void submit(e)} className="flex items-end gap-2">
        <Field label="Save this view as" error={error} className="flex-1">
          <Input value={name} onChange={(e) => setName(e.target.value)} />
        </Field>
        <Button type="submit" size="md" disabled={save.isPending}>
          Save
        </Button>
      </form>
    </nav>
  );
}
