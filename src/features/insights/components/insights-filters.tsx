/**
 * Insights' filters, all in the URL: a range preset or custom dates, an agent, a campaign and the
 * time zone the days are read in. A choice navigates at once (no form to submit), except custom
 * dates, which are checked first.
 */
import { lazy, Suspense } from 'react';
import { Button } from '@/components/ui/button';
import { RANGE_PRESETS, toInsightsQuery, type InsightsQuery, type InsightsSearch } from '../model/search-params';
import { Select } from '@/components/ui/select';

const CustomRangeForm = lazy(() => import('./custom-range-form').then((m) => ({ default: m.CustomRangeForm })));

export interface InsightsFiltersProps {
  search: InsightsSearch;
  query: InsightsQuery;
  displayZone: string;
  agents: { id: string; name: string }[];
  campaigns: string[];
  /**
   * A change of the filters, as a function of the search as the person last chose it: while the
   * figures of a change are read, `search` is still the one before it, and a second change built
   * on it would undo the first (the route hands this to the router's `search: (prev) => …`).
   */
  onSearch: (update: (prev: InsightsSearch) => InsightsSearch) => void;
}

function zones(current: string[]): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', ...current, ...all])];
}

export function InsightsFilters({ search, query, displayZone, agents, campaigns, onSearch }: InsightsFiltersProps) {
  const set = (patch: Partial<InsightsSearch> | ((prev: InsightsSearch) => Partial<InsightsSearch>)) =>
    onSearch((prev) => {
      const next = { ...prev, ...(typeof patch === 'function' ? patch(prev) : patch) };
      for (const key of Object.keys(next) as (keyof InsightsSearch)[]) if (next[key] === undefined || next[key] === '') delete next[key];
      return next;
    });
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <div className="flex flex-wrap gap-1" role="group" aria-label="Date range">
        {RANGE_PRESETS.map((p) => (
          <Button
            key={p.id}
            size="sm"
            variant={search.range === p.id ? 'primary' : 'ghost'}
            aria-pressed={search.range === p.id}
            onClick={() => set({ range: p.id, from: undefined, to: undefined })}
          >
            {p.label}
          </Button>
        ))}
        <Button
          size="sm"
          variant={search.range === 'custom' ? 'primary' : 'ghost'}
          aria-pressed={search.range === 'custom'}
          onClick={() =>
            set((prev) => {
              const { from, to } = toInsightsQuery(prev, displayZone);
              return { range: 'custom', from, to };
            })
          }
        >
          Custom
        </Button>
      </div>
      {search.range === 'custom' ? (
        <Suspense fallback={<div className="h-16" aria-busy="true" />}>
          <CustomRangeForm key={`${query.from}/${query.to}`} from={query.from} to={query.to} onApply={(r) => set({ range: 'custom', ...r })} />
        </Suspense>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-3">
        <Choice
          id="insights-agent"
          label="Agent"
          value={search.agentId ?? ''}
          onChange={(v) => set({ agentId: v || undefined })}
          options={[{ value: '', label: 'All agents' }, ...agents.map((a) => ({ value: a.id, label: a.name }))]}
        />
        <Choice
          id="insights-campaign"
          label="Campaign"
          value={search.campaignName ?? ''}
          onChange={(v) => set({ campaignName: v || undefined })}
          options={[
            { value: '', label: 'All calls' },
            ...[...new Set([...campaigns, ...(search.campaignName ? [search.campaignName] : [])])].map((c) => ({ value: c, label: c })),
          ]}
        />
        <Choice
          id="insights-zone"
          label="Time zone"
          value={query.tz}
          onChange={(v) => set({ tz: v === displayZone ? undefined : v })}
          options={zones([displayZone, query.tz]).map((z) => ({ value: z, label: z === displayZone ? `${z} (display zone)` : z }))}
        />
      </div>
    </div>
  );
}

function Choice({
  id,
  label,
  value,
  onChange,
  options,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Select id={id} value={value} onValueChange={onChange} options={options} />
    </div>
  );
}
