/**
 * The call index's request rate to the Voice API (ADR 0055): the rate its reader uses now, the
 * ceiling, and the last limit hit (a 429: when, and at what rate), as the worker last wrote them
 * (GET /bff/index/status).
 */
import type { IndexStatus } from '@contract/bff/index';
import { DateTime } from '@/components/ui/date-time';

export function IndexRate({ rate }: { rate: IndexStatus['rate'] }) {
  return (
    <section aria-labelledby="rate-title" className="flex flex-col gap-2 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <h2 id="rate-title" className="font-semibold">
        The call index's request rate
      </h2>
      {rate ? (
        <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-600 dark:text-slate-400">In use</dt>
          <dd>
            {rate.perSecond} requests/s (it grows to at most {rate.max} while answers stay fast and free of 429s)
          </dd>
          <dt className="text-slate-600 dark:text-slate-400">Last limit hit</dt>
          <dd>
            {rate.lastLimitAt ? (
              <>
                <DateTime value={rate.lastLimitAt} />, at {rate.lastLimitPerSecond} requests/s
              </>
            ) : (
              'None yet'
            )}
          </dd>
          <dt className="text-slate-600 dark:text-slate-400">As of</dt>
          <dd>
            <DateTime value={rate.at} />
          </dd>
        </dl>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">Not known yet: the worker says it once the index has synced.</p>
      )}
    </section>
  );
}
