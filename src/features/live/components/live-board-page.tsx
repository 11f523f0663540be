/**
 * /live: the calls in progress now, pushed by the BFF (useLiveCalls), each with its running time
 * (counted here each second from its start), agent, campaign and number. The connection's state is
 * said above the list: connecting, live since a time of day, or reconnecting (the browser does it).
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { LiveCall } from '@contract/bff/live';
import { PhoneLink } from '@/components/phone/phone-link';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { TableSkeleton } from '@/components/ui/skeleton';
import { allAgentsQueryOptions } from '@/lib/shared-queries/agents';
import { useTimeFormat } from '@/lib/time/display-zone';
import { useLiveCalls, type LiveConnection } from '../api/use-live-calls';
import { elapsed, ordered } from '../model/live-board';
import { PageTitle } from '@/components/layout/page-title';

/** Now, once a second, for the running timers (one interval for the whole board). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function ConnectionState({ connection, onRetry }: { connection: LiveConnection; onRetry: () => void }) {
  // When the board connected, in the display zone with the zone named, as every time of the console reads.
  const { time } = useTimeFormat();
  const clock = (ms: number) => time(new Date(ms).toISOString());
  return (
    <div role="status" className="flex items-center gap-2 text-sm" data-connection={connection.state}>
      {connection.state === 'connecting' ? <Badge>Connecting…</Badge> : null}
      {connection.state === 'live' ? <Badge tone="green">Live since {clock(connection.since)}</Badge> : null}
      {connection.state === 'reconnecting' ? (
        <Badge tone="amber">Reconnecting… (connection lost at {clock(connection.lostAt)}; the calls shown may be out of date)</Badge>
      ) : null}
      {connection.state === 'failed' ? (
        <>
          <Badge tone="red">Not connected</Badge>
          <span>The live board was refused or closed: your session may have ended, or too many boards are open.</span>
          <Button size="sm" variant="secondary" onClick={onRetry}>
            Connect again
          </Button>
        </>
      ) : null}
    </div>
  );
}

export function LiveBoardPage() {
  const { connection, calls, skewMs, retry } = useLiveCalls();
  // On the upstream's clock, as the calls' start times are (a real upstream's, or a simulator's ahead).
  const now = useNow() + skewMs;
  const time = useTimeFormat();
  const agents = useQuery(allAgentsQueryOptions());
  const agentName = (id: string | null) => (id ? (agents.data?.find((a) => a.id === id)?.name ?? id) : 'Unknown agent');
  const rows = calls ? ordered(calls) : [];

  const columns: Column<LiveCall>[] = [
    {
      id: 'running',
      header: 'Running for',
      rowHeader: true,
      cell: (c) => (
        <Link
          to="/calls/$callId"
          params={{ callId: c.id }}
          className="font-mono font-medium text-blue-700 underline tabular-nums dark:text-blue-400"
          aria-label={`Call of ${c.phone}, running for ${elapsed(c.startTime, now)}`}
        >
          {elapsed(c.startTime, now)}
        </Link>
      ),
    },
    { id: 'started', header: 'Started', cell: (c) => <span title={time.utc(c.startTime)}>{time.time(c.startTime)}</span> },
    { id: 'agent', header: 'Agent', cell: (c) => agentName(c.agentId) },
    { id: 'campaign', header: 'Campaign', cell: (c) => c.campaignName ?? <span className="text-slate-600 dark:text-slate-400">None</span> },
    { id: 'number', header: 'Number', cell: (c) => <PhoneLink phone={c.phone} /> },
  ];

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <PageTitle title="Live calls" />
          <h1 className="text-xl font-semibold">Live calls</h1>
          <p className="text-sm text-slate-600 dark:text-slate-400">The calls in progress now, as they start and end. The board reconnects by itself.</p>
        </div>
        <ConnectionState connection={connection} onRetry={retry} />
      </div>
      {calls === null ? (
        connection.state === 'failed' ? null : (
          <TableSkeleton rows={4} columns={5} label="Loading the calls in progress" />
        )
      ) : rows.length === 0 ? (
        <EmptyState title="No call in progress" description="Calls appear here as soon as they start, and leave when they end." />
      ) : (
        <DataTable
          caption={`${rows.length} call${rows.length === 1 ? '' : 's'} in progress`}
          showCaption
          columns={columns}
          rows={rows}
          getRowId={(c) => c.id}
          rowData={(c) => ({ 'data-call-id': c.id })}
        />
      )}
    </div>
  );
}
