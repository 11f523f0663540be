/** The calls list page: filters, the table, and the pager (the next button carries data-bench="next"). */
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { agentsQueryOptions, callsQueryOptions, type CallsSearch } from './api';
import { CallsTable } from './calls-table';

export interface CallsPageProps {
  search: CallsSearch;
  onSearch: (next: Partial<CallsSearch>) => void;
}

export function CallsPage({ search, onSearch }: CallsPageProps) {
  const { data: page } = useSuspenseQuery(callsQueryOptions(search));
  const { data: agents } = useSuspenseQuery(agentsQueryOptions());
  const agentNames = new Map(agents.content.map((a) => [a.id, a.name]));

  return (
    <section className="space-y-4">
      <h1 className="text-xl font-semibold">Calls</h1>
      <form
        key={`${search.phone}|${search.campaignName}`}
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          const form = new FormData(e.currentTarget);
          onSearch({ page: 1, phone: String(form.get('phone') ?? '') || undefined, campaignName: String(form.get('campaignName') ?? '') || undefined });
        }}
      >
        <label className="flex flex-col text-sm">
          Agent
          <select
            className="rounded border border-slate-300 px-2 py-1"
            value={search.agentId ?? ''}
            onChange={(e) => onSearch({ page: 1, agentId: e.target.value || undefined })}
          >
            <option value="">All agents</option>
            {agents.content.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-sm">
          Phone (E.164)
          <input name="phone" defaultValue={search.phone} className="rounded border border-slate-300 px-2 py-1" />
        </label>
        <label className="flex flex-col text-sm">
          Campaign
          <input name="campaignName" defaultValue={search.campaignName} className="rounded border border-slate-300 px-2 py-1" />
        </label>
        <button type="submit" className="rounded bg-slate-900 px-3 py-1 text-sm text-white">
          Apply
        </button>
      </form>
      <CallsTable
        calls={page.content}
        sort={search.sort}
        agentName={(id) => agentNames.get(id) ?? id.slice(0, 8)}
        onSort={(sort) => onSearch({ page: 1, sort })}
      />
      <nav className="flex items-center gap-3 text-sm" aria-label="Pages">
        <Link
          from="/calls/"
          search={(s) => ({ ...s, page: s.page - 1 })}
          disabled={search.page <= 1}
          className="rounded border px-3 py-1 aria-disabled:opacity-40"
        >
          Previous
        </Link>
        <span>
          Page {page.page} of {page.totalPages} ({page.totalElements} calls)
        </span>
        <Link
          from="/calls/"
          search={(s) => ({ ...s, page: s.page + 1 })}
          disabled={search.page >= page.totalPages}
          data-bench="next"
          className="rounded border px-3 py-1 aria-disabled:opacity-40"
        >
          Next
        </Link>
      </nav>
    </section>
  );
}
