/**
 * The headline figures of the range, each a link to exactly the calls it counts (the count is
 * shown beside every share, so the list's count can be checked against it).
 */
import type { Insights } from '@contract/bff/index';
import { HrefLink } from '@/components/layout/href-link';
import { focusRing } from '@/components/ui/styles';
import { cn } from '@/lib/cn';
import { callsHref, groupSearch, inProgressSearch, rangeSearch } from '../model/calls-links';
import { formatShare } from '../model/chart-data';
import { formatDuration } from '@/lib/duration';
import type { InsightsQuery } from '../model/search-params';
import { countOf } from '@/lib/plural';

const plural = (n: number) => countOf(n, 'call');

export function Figures({ data, query }: { data: Insights; query: InsightsQuery }) {
  const t = data.totals;
  const figures = [
    { label: 'Total calls', value: t.total.toLocaleString(), detail: 'in the range', href: callsHref(rangeSearch(query)) },
    { label: 'In progress now', value: data.inProgressNow.toLocaleString(), detail: 'whatever the range', href: callsHref(inProgressSearch(query)) },
    { label: 'Reached', value: formatShare(t.reachedShare), detail: plural(t.groups.reached), href: callsHref(groupSearch(query, 'reached')) },
    { label: 'No answer', value: formatShare(t.noAnswerShare), detail: plural(t.groups.noAnswer), href: callsHref(groupSearch(query, 'noAnswer')) },
    { label: 'Failures', value: formatShare(t.failureShare), detail: plural(t.groups.failed), href: callsHref(groupSearch(query, 'failed')) },
    {
      label: 'Average duration',
      value: formatDuration(t.avgReachedSeconds),
      detail: `of ${plural(t.groups.reached)} reached`,
      href: callsHref(groupSearch(query, 'reached')),
    },
    {
      label: 'p90 duration',
      value: formatDuration(t.p90ReachedSeconds),
      detail: `of ${plural(t.groups.reached)} reached`,
      href: callsHref(groupSearch(query, 'reached')),
    },
  ];
  return (
    <ul aria-label="Figures" className="grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-7">
      {figures.map((f) => (
        <li key={f.label}>
          <HrefLink
            href={f.href}
            className={cn(
              'flex h-full flex-col gap-1 rounded-lg border border-slate-200 p-3 hover:border-blue-500 hover:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-900',
              focusRing,
            )}
          >
            <span className="text-sm text-slate-600 dark:text-slate-400">{f.label}</span>
            <span className="text-2xl font-semibold tabular-nums">{f.value}</span>
            <span className="text-xs text-slate-600 dark:text-slate-400">{f.detail}</span>
          </HrefLink>
        </li>
      ))}
    </ul>
  );
}
