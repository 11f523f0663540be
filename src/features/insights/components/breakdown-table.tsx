/** Per agent and per campaign: the same figures as the headline, each number a link to its calls. */
import type { Figures } from '@contract/bff/index';
import { HrefLink } from '@/components/layout/href-link';
import { focusRing } from '@/components/ui/styles';
import { cn } from '@/lib/cn';
import { callsHref, groupSearch, rangeSearch, type CallsLinkSearch } from '../model/calls-links';
import { formatShare } from '../model/chart-data';
import { formatDuration } from '@/lib/duration';
import type { InsightsQuery } from '../model/search-params';

export interface BreakdownRow {
  key: string;
  name: string;
  /** What narrows the range to this row's calls (agentId or campaignName). */
  narrow: CallsLinkSearch;
  figures: Figures;
}

const link = cn('rounded text-blue-700 underline dark:text-blue-400', focusRing);
const th = 'px-3 py-2 text-left font-medium';
const td = 'px-3 py-2 tabular-nums';

export function BreakdownTable({ title, head, rows, query }: { title: string; head: string; rows: BreakdownRow[]; query: InsightsQuery }) {
  const id = `breakdown-${head.toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-2">
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No calls in the range.</p>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
          <table className="w-full text-sm">
            <thead className="bg-slate-50 text-slate-700 dark:bg-slate-900 dark:text-slate-300">
              <tr>
                {[head, 'Calls', 'Reached', 'No answer', 'Failures', 'Average duration', 'p90 duration'].map((h) => (
                  <th key={h} scope="col" className={th}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const f = row.figures;
                const reached = callsHref(groupSearch(query, 'reached', row.narrow));
                return (
                  <tr key={row.key} className="border-t border-slate-200 dark:border-slate-800">
                    <th scope="row" className={th}>
                      {row.name}
                    </th>
                    <td className={td}>
                      <HrefLink href={callsHref(rangeSearch(query, row.narrow))} className={link}>
                        {f.total.toLocaleString()}
                      </HrefLink>
                    </td>
                    <td className={td}>
                      <HrefLink href={reached} className={link}>
                        {formatShare(f.reachedShare)} ({f.groups.reached.toLocaleString()})
                      </HrefLink>
                    </td>
                    <td className={td}>
                      <HrefLink href={callsHref(groupSearch(query, 'noAnswer', row.narrow))} className={link}>
                        {formatShare(f.noAnswerShare)} ({f.groups.noAnswer.toLocaleString()})
                      </HrefLink>
                    </td>
                    <td className={td}>
                      <HrefLink href={callsHref(groupSearch(query, 'failed', row.narrow))} className={link}>
                        {formatShare(f.failureShare)} ({f.groups.failed.toLocaleString()})
                      </HrefLink>
                    </td>
                    <td className={td}>{formatDuration(f.avgReachedSeconds)}</td>
                    <td className={td}>{formatDuration(f.p90ReachedSeconds)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
