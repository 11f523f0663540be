/**
 * The probe's own thread (bench/lib/probe.ts, startProbeThread): it sends and times the requests on
 * an event loop that nothing else in the bench uses, and hands back what it measured when asked.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { send, startProbe } from './probe';

interface ProbeWorkerData {
  url: string;
  intervalMs: number;
  headers: Record<string, string>;
  timeoutMs: number;
}

/** Requests sent one after another before the probe starts, none of them counted. */
const WARM_UP = 10;

const { url, intervalMs, headers, timeoutMs } = workerData as ProbeWorkerData;
// A new thread's first requests pay for its own cold start (a connection, code not yet compiled):
// without these, a window's slowest few were the probe's and not the server's.
for (let i = 0; i < WARM_UP; i += 1) await send(url, { headers }, timeoutMs);
const probe = startProbe(url, intervalMs, () => headers, timeoutMs);
parentPort?.postMessage('probing');
parentPort?.once('message', () => {
  void probe.stop().then((result) => parentPort?.postMessage(result));
});
