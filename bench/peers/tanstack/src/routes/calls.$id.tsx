/** /calls/$id: the loader waits for the call and starts the transcript; the page shows both. */
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { callQueryOptions, transcriptQueryOptions } from '../api';
import { formatDuration, formatTime, statusStyle } from '../format';

export const Route = createFileRoute('/calls/$id')({
  loader: async ({ context: { queryClient }, params }) => {
    void queryClient.prefetchQuery(transcriptQueryOptions(params.id));
    await queryClient.ensureQueryData(callQueryOptions(params.id));
  },
  component: CallDetail,
});

function CallDetail() {
  const { id } = Route.useParams();
  const { data: call } = useSuspenseQuery(callQueryOptions(id));
  const transcript = useQuery(transcriptQueryOptions(id));

  return (
    <article data-bench="detail" className="max-w-3xl space-y-4">
      <Link to="/calls" className="text-sm text-slate-600 hover:underline">
        ← Calls
      </Link>
      <h1 className="text-xl font-semibold">
        Call with <span className="font-mono">{call.phone}</span>
      </h1>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm">
        <dt className="text-slate-500">Status</dt>
        <dd>
          <span className={`rounded px-2 py-0.5 text-xs font-medium ${statusStyle(call.status)}`}>{call.status}</span>
        </dd>
        <dt className="text-slate-500">Started</dt>
        <dd>{formatTime(call.startTime)}</dd>
        <dt className="text-slate-500">Duration</dt>
        <dd>{formatDuration(call.duration)}</dd>
        <dt className="text-slate-500">Type</dt>
        <dd>{call.type}</dd>
      </dl>
      <section>
        <h2 className="font-medium">Summary</h2>
        <p className="text-sm">{call.summary || '—'}</p>
      </section>
      <section>
        <h2 className="font-medium">Transcript</h2>
        {transcript.isPending ? (
          <p className="text-sm text-slate-500">Loading the transcript…</p>
        ) : transcript.isError ? (
          <p className="text-sm text-slate-500">No transcript.</p>
        ) : (
          <ol className="space-y-1 text-sm">
            {transcript.data.map((e, i) => (
              <li key={i}>
                <span className="text-slate-500">{e.actor}</span> {e.message || e.action}
              </li>
            ))}
          </ol>
        )}
      </section>
    </article>
  );
}
