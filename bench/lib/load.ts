/** autocannon, awaited, with the figures the report uses. */
import autocannon, { type Options } from 'autocannon';

export interface LoadResult {
  p50: number;
  p99: number;
  mean: number;
  rps: number;
  requests: number;
  errors: number;
  non2xx: number;
}

export async function load(options: Options): Promise<LoadResult> {
  const r = await autocannon({ timeout: 10, ...options });
  return {
    p50: r.latency.p50,
    p99: r.latency.p99,
    mean: r.latency.mean,
    rps: r.requests.average,
    requests: r.requests.total,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}
