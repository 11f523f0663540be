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
import { Worker } from 'node:worker_threads';
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

/**
 * The same probe on a thread of its own. The bench builds and sends its loads (5,000-row bodies,
 * 1.8 MB uploads, ten Insights answers read at once) on its main event loop; a probe there is timed
 * by a loop that is busy with them, so its figures carry the bench's own work as well as the
 * server's. On its own thread, a probe waits only for the server (and for the machine's cores,
 * which everything shares).
 */
/**
 * A worker's entry is loaded before the hooks of `--import` apply in it (Node 20), so the bench's
 * TypeScript loader (tsx) is registered by a few lines of JavaScript that then import the probe's.
 */
const WORKER_BOOT = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then((tsx) => { tsx.register(); return import(${JSON.stringify(new URL('./probe-worker.ts', import.meta.url).href)}); })`;

export async function startProbeThread(
  url: string,
  intervalMs: number,
  headers: Record<string, string> = {},
  timeoutMs = 30_000,
): Promise<Pick<Probe, 'stop'>> {
  const worker = new Worker(WORKER_BOOT, { eval: true, workerData: { url, intervalMs, headers, timeoutMs } });
  const ended = new Promise<never>((_resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the probe's thread ended (exit code ${code}) before it reported`)));
  });
  ended.catch(() => undefined);
  const message = <T>() => Promise.race([new Promise<T>((resolve) => worker.once('message', resolve)), ended]);
  // The window starts once the thread is probing (loading its modules takes a few hundred ms).
  await message<'probing'>().catch(async (error: unknown) => {
    await worker.terminate();
    throw error;
  });
  let result: Promise<ProbeResult> | undefined;
  return {
    stop() {
      if (!result) {
        result = message<ProbeResult>().finally(() => void worker.terminate());
        worker.postMessage('stop');
      }
      return result;
    },
  };
}
