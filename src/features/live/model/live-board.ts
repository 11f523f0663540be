/**
 * The live board's state, as pure functions: the calls in progress by id, moved by the stream's
 * events (live.plain.ts: a snapshot first, then start and end), and the running time of a call.
 */
import type { LiveCall } from '@contract/bff/live';
import { formatOffset } from '@/lib/duration';

export type LiveCalls = ReadonlyMap<string, LiveCall>;

/** A snapshot replaces the set (it opens every connection, the first and each reconnection). */
export function fromSnapshot(calls: readonly LiveCall[]): LiveCalls {
  return new Map(calls.map((c) => [c.id, c]));
}

/** A start adds the call, or completes what is known of it (the index may name its campaign later). */
export function withStart(calls: LiveCalls, call: LiveCall): LiveCalls {
  const known = calls.get(call.id);
  const next = new Map(calls);
  next.set(call.id, known ? { ...known, ...call, campaignName: call.campaignName ?? known.campaignName } : call);
  return next;
}

/** An end takes the call off the board. */
export function withEnd(calls: LiveCalls, id: string): LiveCalls {
  if (!calls.has(id)) return calls;
  const next = new Map(calls);
  next.delete(id);
  return next;
}

/** Newest first. */
export function ordered(calls: LiveCalls): LiveCall[] {
  return [...calls.values()].sort((a, b) => b.startTime.localeCompare(a.startTime));
}

/** The running time from `startTime` to `now` as m:ss or h:mm:ss (never negative: clocks differ a little). */
export function elapsed(startTime: string, now: number): string {
  return formatOffset(Math.max(0, (now - Date.parse(startTime)) / 1000));
}
