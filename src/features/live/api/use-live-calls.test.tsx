// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_ROUTES } from '@contract/bff/live';
import { useLiveCalls } from './use-live-calls';

/** A stand-in for the browser's EventSource: the test sends its events and errors. */
class FakeEventSource {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static made: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, ((e: MessageEvent<string>) => void)[]>();
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.made.push(this);
  }
  addEventListener(name: string, fn: (e: MessageEvent<string>) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn]);
  }
  emit(name: string, data: unknown) {
    this.readyState = FakeEventSource.OPEN;
    for (const fn of this.listeners.get(name) ?? []) fn(new MessageEvent(name, { data: JSON.stringify(data) }));
  }
  fail(readyState: number) {
    this.readyState = readyState;
    this.onerror?.();
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

const call = (id: string) => ({ id, agentId: null, phone: '+14155550100', startTime: '2026-01-01T10:00:00Z', campaignName: null });
const ID = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

beforeEach(() => {
  FakeEventSource.made = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useLiveCalls', () => {
  it('connects to the BFF with credentials, goes live on the snapshot, follows starts and ends, and says when it reconnects', () => {
    const { result } = renderHook(() => useLiveCalls());
    const source = FakeEventSource.made[0]!;
    expect(source.url).toBe(LIVE_ROUTES.calls);
    expect(source.init).toEqual({ withCredentials: true });
    expect(result.current.connection.state).toBe('connecting');
    expect(result.current.calls).toBeNull();

    act(() => source.emit('snapshot', { calls: [call(ID(1))], at: '2026-01-01T10:00:05Z' }));
    expect(result.current.connection.state).toBe('live');
    act(() => source.emit('start', { call: call(ID(2)) }));
    act(() => source.emit('end', { id: ID(1), status: 'COMPLETED' }));
    act(() => source.emit('start', { call: { id: 'not a call' } }));
    expect([...result.current.calls!.keys()]).toEqual([ID(2)]);

    // The browser reconnects by itself: the board says so, keeps its calls, and the next snapshot replaces them.
    act(() => source.fail(FakeEventSource.CONNECTING));
    expect(result.current.connection.state).toBe('reconnecting');
    expect([...result.current.calls!.keys()]).toEqual([ID(2)]);
    act(() => source.emit('snapshot', { calls: [], at: '2026-01-01T10:01:00Z' }));
    expect(result.current.connection.state).toBe('live');
    expect(result.current.calls!.size).toBe(0);
  });

  it("measures the upstream's clock against the browser's from the snapshot, so timers count on the calls' clock", () => {
    const { result } = renderHook(() => useLiveCalls());
    const ahead = 3 * 86_400_000;
    act(() => FakeEventSource.made[0]!.emit('snapshot', { calls: [], at: new Date(Date.now() + ahead).toISOString() }));
    expect(Math.abs(result.current.skewMs - ahead)).toBeLessThan(1_000);
  });

  it('after a refusal (closed for good) it fails, and retry opens a new stream', () => {
    const { result, unmount } = renderHook(() => useLiveCalls());
    act(() => FakeEventSource.made[0]!.fail(FakeEventSource.CLOSED));
    expect(result.current.connection.state).toBe('failed');
    act(() => result.current.retry());
    expect(result.current.connection.state).toBe('connecting');
    expect(FakeEventSource.made).toHaveLength(2);
    expect(FakeEventSource.made[0]!.readyState).toBe(FakeEventSource.CLOSED);
    unmount();
    expect(FakeEventSource.made[1]!.readyState).toBe(FakeEventSource.CLOSED);
  });
});
