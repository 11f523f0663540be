/**
 * Someone waiting, measured: an open-loop probe sends one request every `intervalMs` whether or not
 * the earlier ones have been answered (as people arrive whatever the server is doing), so a stall of
 * 2 s shows as every request sent during it being slow, not as one slow sample. Latency is from the
 * send to the whole body read.
 *
 * Requests go out on undici's `request`, not `fetch`: a browser's `Accept-Encoding` is sent (the
 * server compresses as it would for the SPA) and the body is read as it comes, not decoded. A
 * window of ten parallel year-long Insights once never ended under `fetch` (no socket left open,
 * its promises never settled); every request here has a deadline.
 */
import { request } from 'undici';

/** Headers a browser sends that change the server's work (compression). */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' };

/**
 * One request: its status (or 'error' when it got no answer within `timeoutMs`) once the whole
 * body has been read.
 */
export async function send(
  url: string,
  init: { method?: 'GET' | 'POST' | 'PUT'; headers?: Record<string, string>; body?: string } = {},
  timeoutMs = 120_000,
): Promise<number | 'error'> {
  try {
    const res = await request(url, {
      method: init.method ?? 'GET',
      headers: { ...BROWSER_HEADERS, ...init.headers },
      body: init.body,
      signal: AbortSignal.timeout(timeoutMs),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    await res.body.arrayBuffer();
    return res.statusCode;
  } catch {
    return 'error';
  }
}

export interface ProbeResult {
  latencies: number[];
  statuses: number[];
  /** Requests that got no answer (a refused or reset connection, a timeout). */
  failures: number;
}

export interface Probe {
  /** Requests sent so far. */
  sent(): number;
  /** Stops sending, waits for the answers still due (at most `timeoutMs`), and returns them. */
  stop(): Promise<ProbeResult>;
}

export function startProbe(url: string, intervalMs: number, headers: () => Record<string, string> = () => ({}), timeoutMs = 30_000): Probe {
  const result: ProbeResult = { latencies: [], statuses: [], failures: 0 };
  const pending = new Set<Promise<void>>();
  let running = true;
  const one = () => {
    const t = performance.now();
    const p = send(url, { headers: headers() }, timeoutMs)
      .then((status) => {
        if (status === 'error') result.failures += 1;
        else {
          result.latencies.push(performance.now() - t);
          result.statuses.push(status);
        }
      })
      .finally(() => pending.delete(p));
    pending.add(p);
  };
  // Paced on the clock, not on the timer's drift: a late timer sends what was due.
  const started = performance.now();
  let sent = 0;
  const tick = () => {
    if (!running) return;
    const due = Math.floor((performance.now() - started) / intervalMs) + 1;
    while (sent < due) {
      one();
      sent += 1;
    }
    timer = setTimeout(tick, Math.max(1, started + sent * intervalMs - performance.now()));
  };
  let timer = setTimeout(tick, 0);
  return {
    sent: () => sent,
    async stop() {
      running = false;
      clearTimeout(timer);
      await Promise.all([...pending]);
      return result;
    },
  };
}
