/**
 * Insights' charts: calls per day (or hour) stacked by status group, reached calls by duration,
 * and each classifier's values. Loaded lazily (visx comes with this file only), after the figures.
 * Every chart has a table with the same numbers, each a link to exactly those calls.
 */
import type { ReactNode } from 'react';
import { STATUS_GROUP_LABELS, STATUS_GROUPS } from '@contract/bff/index.plain';
import type { Insights } from '@contract/bff/index';
import { HrefLink } from '@/components/layout/href-link';
import { cn } from '@/lib/cn';
import { focusRing } from '@/components/ui/styles';
import { callsHref, classifierSearch, durationSearch, seriesSearch } from '../model/calls-links';
import { durationAxisLabel, durationLabel, stackSeries } from '../model/chart-data';
import { GROUP_FILL, GROUP_SWATCH } from '../model/group-style';
import type { InsightsQuery } from '../model/search-params';
import { BarChart, type ChartBar } from './bar-chart';
import { countOf } from '@/lib/plural';

const link = cn('rounded text-blue-700 underline dark:text-blue-400', focusRing);
const plural = (n: number) => countOf(n, 'call');

export function InsightsCharts({ data, query }: { data: Insights; query: InsightsQuery }) {
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <CallsOverTime data={data} query={query} />
      <Durations data={data} query={query} />
      {data.classifiers.map((c) => (
        <ClassifierChart key={c.name} name={c.name} values={c.values} query={query} />
      ))}
    </div>
  );
}

function ChartCard({ id, title, children, table }: { id: string; title: string; children: ReactNode; table: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      {children}
      <details>
        <summary className={cn('cursor-pointer text-sm', focusRing)}>Table of “{title}”</summary>
        <div className="mt-2 max-h-80 overflow-auto">{table}</div>
      </details>
    </section>
  );
}

const th = 'px-2 py-1 text-left font-medium';
const td = 'px-2 py-1 tabular-nums';

function CallsOverTime({ data, query }: { data: Insights; query: InsightsQuery }) {
  const stacked = stackSeries(data.series);
  const per = data.range.bucket === 'hour' ? 'hour' : 'day';
  const bars: ChartBar[] = stacked.map((bar) => ({
    key: bar.point.start,
    label: bar.label,
    segments: bar.segments.map((s) => ({
      key: s.group,
      value: s.count,
      base: s.base,
      className: GROUP_FILL[s.group],
      href: callsHref(seriesSearch(query, bar.point, s.group)),
      title: `${bar.label}: ${plural(s.count)} ${STATUS_GROUP_LABELS[s.group].toLowerCase()}`,
    })),
  }));
  return (
    <ChartCard
      id="chart-calls"
      title={`Calls per ${per}`}
      table={
        <table className="w-full text-sm">
          <caption className="sr-only">Calls per {per} by status group; each number opens those calls.</caption>
          <thead>
            <tr>
              <th scope="col" className={th}>
                {per === 'hour' ? 'Hour' : 'Day'}
              </th>
              {STATUS_GROUPS.map((g) => (
                <th key={g} scope="col" className={th}>
                  {STATUS_GROUP_LABELS[g]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {stacked.map((bar) => (
              <tr key={bar.point.start} className="border-t border-slate-200 dark:border-slate-800">
                <th scope="row" className={th}>
                  {bar.label}
                </th>
                {bar.segments.map((s) => (
                  <td key={s.group} className={td}>
                    {s.count > 0 ? (
                      <HrefLink href={callsHref(seriesSearch(query, bar.point, s.group))} className={link}>
                        {s.count.toLocaleString()}
                      </HrefLink>
                    ) : (
                      0
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <ul className="flex flex-wrap gap-3 text-xs" aria-label="Legend">
        {STATUS_GROUPS.map((g) => (
          <li key={g} className="flex items-center gap-1">
            <span aria-hidden="true" className={cn('inline-block size-3 rounded-sm', GROUP_SWATCH[g])} />
            {STATUS_GROUP_LABELS[g]}
          </li>
        ))}
      </ul>
      <BarChart bars={bars} label={`Calls per ${per}, stacked by status group`} />
    </ChartCard>
  );
}

function Durations({ data, query }: { data: Insights; query: InsightsQuery }) {
  const bars: ChartBar[] = data.durations.map((b) => ({
    key: String(b.minSeconds),
    label: durationAxisLabel(b),
    segments: [
      {
        key: 'reached',
        value: b.count,
        base: 0,
        className: GROUP_FILL.reached,
        href: callsHref(durationSearch(query, b)),
        title: `${durationLabel(b)}: ${plural(b.count)}`,
      },
    ],
  }));
  return (
    <ChartCard
      id="chart-durations"
      title="Durations of reached calls"
      table={
        <SimpleTable
          caption="Reached calls by duration; each number opens those calls."
          head="Duration"
          rows={data.durations.map((b) => ({ key: String(b.minSeconds), label: durationLabel(b), count: b.count, href: callsHref(durationSearch(query, b)) }))}
        />
      }
    >
      <BarChart bars={bars} label="Reached calls by duration" />
    </ChartCard>
  );
}

function ClassifierChart({ name, values, query }: { name: string; values: { value: string; count: number }[]; query: InsightsQuery }) {
  const href = (value: string) => callsHref(classifierSearch(query, name, value));
  const bars: ChartBar[] = values.map((v) => ({
    key: v.value,
    label: v.value,
    segments: [
      {
        key: 'value',
        value: v.count,
        base: 0,
        className: 'fill-violet-600 dark:fill-violet-400',
        href: href(v.value),
        title: `${v.value}: ${plural(v.count)}`,
      },
    ],
  }));
  const id = `chart-classifier-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  return (
    <ChartCard
      id={id}
      title={`Classifier “${name}”`}
      table={
        <SimpleTable
          caption={`Calls by value of the classifier ${name}; each number opens those calls.`}
          head="Value"
          rows={values.map((v) => ({ key: v.value, label: v.value, count: v.count, href: href(v.value) }))}
        />
      }
    >
      <BarChart bars={bars} label={`Calls by value of the classifier ${name}`} height={200} />
    </ChartCard>
  );
}

function SimpleTable({ caption, head, rows }: { caption: string; head: string; rows: { key: string; label: string; count: number; href: string }[] }) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className={th}>
            {head}
          </th>
          <th scope="col" className={th}>
            Calls
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} className="border-t border-slate-200 dark:border-slate-800">
            <th scope="row" className={th}>
              {r.label}
            </th>
            <td className={td}>
              {r.count > 0 ? (
                <HrefLink href={r.href} className={link}>
                  {r.count.toLocaleString()}
                </HrefLink>
              ) : (
                0
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
