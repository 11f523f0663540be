/**
 * A banner over every signed-in page while the BFF reports the Voice API unreachable or not
 * answering (/readyz): the screens below show their own errors or waits, this says why all of them
 * fail or lag and that it will pass. Polled (more often while down); when the Voice API is back,
 * failed loads are retried on their own. It also says when no worker runs the background work
 * (/readyz `worker`: ADR 0032), so figures from the call index are not taken as current.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';

const UP_POLL_MS = 10_000;
const DOWN_POLL_MS = 3_000;

type UpstreamState = 'up' | 'slow' | 'down';

/** The Voice API's state, and whether the background work stopped (no worker heartbeat). */
async function readiness(): Promise<{ upstream: UpstreamState; workerStopped: boolean }> {
  try {
    const res = await fetch('/readyz', { headers: { accept: 'application/json' }, credentials: 'same-origin' });
    const body = (await res.json()) as { upstream?: unknown; upstreamState?: unknown; worker?: unknown };
    const workerStopped = body.worker === 'stopped';
    if (body.upstream !== false) return { upstream: 'up', workerStopped };
    return { upstream: body.upstreamState === 'slow' ? 'slow' : 'down', workerStopped };
  } catch {
    // The BFF itself did not answer: the screens say so; this banner is about the Voice API.
    return { upstream: 'up', workerStopped: false };
  }
}

export function UpstreamBanner() {
  const queryClient = useQueryClient();
  const router = useRouter();
  const { data: { upstream: state, workerStopped } = { upstream: 'up' as UpstreamState, workerStopped: false } } = useQuery({
    queryKey: ['readyz'],
    queryFn: async () => {
      const wasDown = (queryClient.getQueryData<{ upstream: UpstreamState }>(['readyz'])?.upstream ?? 'up') !== 'up';
      const result = await readiness();
      const now = result.upstream;
      if (wasDown && now === 'up') {
        void queryClient.invalidateQueries({ predicate: (q) => q.state.status === 'error' });
        void router.invalidate({ filter: (match) => match.status === 'error' });
      }
      return result;
    },
    refetchInterval: (query) => (query.state.data && query.state.data.upstream !== 'up' ? DOWN_POLL_MS : UP_POLL_MS),
    retry: false,
    staleTime: 0,
  });
  if (state === 'up' && !workerStopped) return null;
  if (state === 'up')
    return (
      <div
        role="status"
        className="border-b border-amber-400 bg-amber-50 px-4 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
      >
        <p className="mx-auto max-w-screen-2xl">
          <span className="font-semibold">Background work has stopped: no worker is running.</span> Insights, the call index, alerts and webhooks stop updating
          until it is back; what you see is as of its last pass. Whoever runs Switchboard starts it with <code>node dist/node/worker.mjs</code> (npm start
          restarts it on its own).
        </p>
      </div>
    );
  return (
    <div
      role="alert"
      className="border-b border-amber-400 bg-amber-50 px-4 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="mx-auto max-w-screen-2xl">
        {state === 'down' ? (
          <>
            <span className="font-semibold">The Voice API cannot be reached right now.</span> Agents, calls and campaigns cannot be loaded or changed until it
            is back; this page retries on its own.
          </>
        ) : (
          <>
            <span className="font-semibold">The Voice API is answering slowly.</span> Pages may take several seconds to load, and some may fail; they can be
            tried again, and this notice goes once it answers normally.
          </>
        )}
      </p>
    </div>
  );
}
