/**
 * The live board's subscription: one EventSource on GET /bff/live/calls (same origin, with the
 * session cookie), its events parsed with the contract and applied to the board's state. The
 * browser reconnects by itself after a drop (the server's `retry:` says when); a refusal (the
 * session ended, too many boards open) closes it for good, and `retry` opens a new one.
 */
import { useCallback, useEffect, useState } from 'react';
import { LIVE_EVENTS, LIVE_ROUTES, LiveEnd, LiveSnapshot, LiveStart } from '@contract/bff/live';
import { fromSnapshot, withEnd, withStart, type LiveCalls } from '../model/live-board';

export type LiveConnection =
  /** Opening, no snapshot yet. */
  | { state: 'connecting' }
  /** Receiving since `since` (when this connection's snapshot came). */
  | { state: 'live'; since: number }
  /** Lost; the browser is trying again (the calls shown are as of `lostAt`). */
  | { state: 'reconnecting'; lostAt: number }
  /** Refused or closed for good: only `retry` opens it again. */
  | { state: 'failed' };

export interface LiveCallsState {
  connection: LiveConnection;
  /** Null until the first snapshot. */
  calls: LiveCalls | null;
  /**
   * The upstream's clock less the browser's, in ms, from the last snapshot's `at`: the calls' start
   * times are on the upstream's clock, so a running time counts from Date.now() + skewMs.
   */
  skewMs: number;
  retry: () => void;
}

export function useLiveCalls(): LiveCallsState {
  const [connection, setConnection] = useState<LiveConnection>({ state: 'connecting' });
  const [calls, setCalls] = useState<LiveCalls | null>(null);
  const [skewMs, setSkewMs] = useState(0);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const source = new EventSource(LIVE_ROUTES.calls, { withCredentials: true });
    const read = <T>(schema: { safeParse: (v: unknown) => { success: true; data: T } | { success: false } }, event: Event): T | null => {
      try {
        const parsed = schema.safeParse(JSON.parse((event as MessageEvent<string>).data));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    };
    source.addEventListener(LIVE_EVENTS.snapshot, (event) => {
      const snapshot = read(LiveSnapshot, event);
      if (!snapshot) return;
      setCalls(fromSnapshot(snapshot.calls));
      const at = Date.parse(snapshot.at);
      if (!Number.isNaN(at)) setSkewMs(at - Date.now());
      setConnection({ state: 'live', since: Date.now() });
    });
    source.addEventListener(LIVE_EVENTS.start, (event) => {
      const start = read(LiveStart, event);
      if (start) setCalls((current) => withStart(current ?? new Map(), start.call));
    });
    source.addEventListener(LIVE_EVENTS.end, (event) => {
      const end = read(LiveEnd, event);
      if (end) setCalls((current) => (current ? withEnd(current, end.id) : current));
    });
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED) setConnection({ state: 'failed' });
      else setConnection((c) => (c.state === 'reconnecting' ? c : { state: 'reconnecting', lostAt: Date.now() }));
    };
    return () => source.close();
  }, [attempt]);

  const retry = useCallback(() => {
    setConnection({ state: 'connecting' });
    setAttempt((n) => n + 1);
  }, []);
  return { connection, calls, skewMs, retry };
}
