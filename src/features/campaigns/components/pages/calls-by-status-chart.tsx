/** A campaign's calls counted by status, as bars with their numbers (the numbers are the content). */
import type { CallStatus } from '@contract/enums';
import type { Call } from '@contract/schemas/call';
import { callStatusLabel } from '@/components/status/call-status';

export function countByStatus(calls: readonly Pick<Call, 'status'>[]): [CallStatus, number][] {
  const counts = new Map<CallStatus, number>();
  for (const c of calls) counts.set(c.status, (counts.get(c.status) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]);
}

export function CallsByStatusChart({ calls, total }: { calls: readonly Call[]; total: number }) {
  const rows = countByStatus(calls);
  const max = Math.max(1, ...rows.map(([, n]) => n));
  if (rows.length === 0) return <p className="text-sm">No calls yet: they start on the first calling day, inside the windows.</p>;
  return (
    <figure>
      <table className="w-full max-w-xl text-sm">
        <caption className="sr-only">Calls by status</caption>
        <tbody>
          {rows.map(([status, n]) => (
            <tr key={status}>
              <th scope="row" className="w-40 py-0.5 text-left font-normal">
                {callStatusLabel(status)}
              </th>
              <td className="py-0.5">
                <div className="flex items-center gap-2">
                  <div aria-hidden="true" className="h-3 rounded bg-blue-700 dark:bg-blue-400" style={{ width: `${(n / max) * 70}%` }} />
                  <span>{n.toLocaleString('en')}</span>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {total > calls.length ? (
        <figcaption className="text-xs">
          Counted over the latest {calls.length.toLocaleString('en')} of {total.toLocaleString('en')} calls.
        </figcaption>
      ) : null}
    </figure>
  );
}
