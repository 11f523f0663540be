/**
 * A connection check's report, part by part: the problems first (each something to act on), then
 * the keys, the shapes of agents and calls, the transcript's and the recording's forms, the
 * rate-limit headers, the clock skew and the latency. Nothing here can hold a key: the report has none.
 */
import type { ReactNode } from 'react';
import type { DoctorReport } from '@contract/bff/upstream-check';
import { lifetime, skewText } from '../model/check-view';

const card = 'flex flex-col gap-2 rounded-md border border-slate-200 p-3 dark:border-slate-800';
const th = 'px-2 py-1 text-left font-medium text-slate-700 dark:text-slate-300';
const td = 'px-2 py-1 align-top';

function Part({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = `part-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className={className ?? card}>
      <h3 id={id} className="text-sm font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

function Fields({ names }: { names: string[] }) {
  return names.length === 0 ? <span className="text-slate-600 dark:text-slate-400">none</span> : <span className="font-mono text-xs">{names.join(', ')}</span>;
}

/** Terms and values; `none` says why there are none when `rows` is null or empty. */
function Facts({ rows, none }: { rows: [string, ReactNode][] | null; none?: string }) {
  if (!rows || rows.length === 0) return <p className="text-sm">{none}</p>;
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-slate-600 dark:text-slate-400">{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ReportSections({ report }: { report: DoctorReport }) {
  const headers = Object.entries(report.rateLimitHeaders);
  return (
    <div className="flex flex-col gap-4">
      {report.problems.length > 0 ? (
        <Part title="Problems" className="flex flex-col gap-2 rounded-md border border-red-300 bg-red-50 p-3 dark:border-red-800 dark:bg-red-950/40">
          <ul className="list-disc pl-5 text-sm text-red-900 dark:text-red-200">
            {report.problems.map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </ul>
        </Part>
      ) : null}

      <Part title="Keys">
        <div className="relative overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr>
                <th scope="col" className={th}>
                  Key
                </th>
                <th scope="col" className={th}>
                  Token
                </th>
                <th scope="col" className={th}>
                  Token type
                </th>
                <th scope="col" className={th}>
                  Expires in
                </th>
                <th scope="col" className={th}>
                  Scopes granted
                </th>
              </tr>
            </thead>
            <tbody>
              {report.keys.map((k) => (
                <tr key={k.index} className="border-t border-slate-200 dark:border-slate-800">
                  <th scope="row" className={th}>
                    {k.index === 0 ? 'Primary key' : 'Secondary key'}
                  </th>
                  <td className={td}>{k.ok ? 'Issued' : `Refused (${k.status ?? 'no answer'})`}</td>
                  <td className={td}>{k.tokenType ?? '—'}</td>
                  <td className={td}>
                    {lifetime(k.expiresIn)}
                    {k.ok && !k.jwtExp ? <span className="text-slate-600 dark:text-slate-400"> (no exp claim)</span> : null}
                  </td>
                  <td className={td}>{k.scopesGranted.length > 0 ? <span className="font-mono text-xs">{k.scopesGranted.join(' ')}</span> : 'none said'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Part>

      <Part title="Shapes">
        <div className="relative overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr>
                <th scope="col" className={th}>
                  Read
                </th>
                <th scope="col" className={th}>
                  Objects
                </th>
                <th scope="col" className={th}>
                  Missing fields (shown as “—”)
                </th>
                <th scope="col" className={th}>
                  Unknown fields
                </th>
              </tr>
            </thead>
            <tbody>
              {report.shapes.map((s) => (
                <tr key={s.route} className="border-t border-slate-200 dark:border-slate-800">
                  <th scope="row" className={`${th} font-mono text-xs`}>
                    {s.route}
                  </th>
                  <td className={td}>{s.objects}</td>
                  <td className={td}>
                    <Fields names={s.missing} />
                  </td>
                  <td className={td}>
                    <Fields names={s.unknown} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {report.shapes.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">Not read: no key was given a token.</p> : null}
        </div>
      </Part>

      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <Part title="Transcript">
          <Facts
            rows={
              report.transcript && [
                ['Form', report.transcript.form],
                ['Entries', report.transcript.entries],
              ]
            }
            none="No ended call to read."
          />
        </Part>
        <Part title="Recording">
          <Facts
            rows={
              report.recording && [
                ['Form', report.recording.form],
                ['Container', report.recording.container],
              ]
            }
            none="No recorded call to read."
          />
        </Part>
        <Part title="Rate-limit headers">
          <Facts rows={headers.map(([k, v]) => [k, <span className="font-mono text-xs">{v}</span>])} none="None seen." />
        </Part>
        <Part title="Clock skew">
          <p className="text-sm">{skewText(report.clockSkewSeconds)}</p>
        </Part>
        <Part title="Latency">
          <Facts
            rows={[
              ['Median', `${report.latencyMs.median} ms`],
              ['Slowest', `${report.latencyMs.max} ms`],
              ['Requests', report.latencyMs.requests],
            ]}
          />
        </Part>
      </div>
    </div>
  );
}
