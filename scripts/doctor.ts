/**
 * `npm run doctor [-- --json]`: the read-only connection check of the configured upstream
 * (server/services/upstream/doctor.ts). VOICE_API_BASE_URL, VOICE_API_KEY and VOICE_API_KEY_SECONDARY as
 * the BFF reads them; unset: the embedded simulator's address and key pair. Exit 1 when it found a
 * problem. The report never shows a key or a token.
 */
import { runDoctor, type DoctorReport } from '../server/services/upstream/doctor';
import { DEFAULT_SIM_API_KEY, DEFAULT_SIM_API_KEY_SECONDARY } from '../simulator/keys';

const env = process.env;
const embedded = !env.VOICE_API_BASE_URL;
const baseUrl = env.VOICE_API_BASE_URL ?? `http://${env.SIM_HOST ?? '127.0.0.1'}:${env.SIM_PORT ?? '4010'}`;
const keys = (
  embedded
    ? [env.SIM_API_KEY ?? DEFAULT_SIM_API_KEY, env.SIM_API_KEY_SECONDARY ?? DEFAULT_SIM_API_KEY_SECONDARY]
    : [env.VOICE_API_KEY, env.VOICE_API_KEY_SECONDARY]
).filter((k): k is string => !!k);

function text(r: DoctorReport): string {
  const lines = [`Voice API at ${r.upstream}: ${r.ok ? 'as expected' : `${r.problems.length} problem(s)`}`];
  for (const k of r.keys)
    lines.push(
      `  key ${k.index + 1}: ${k.ok ? `token issued (${k.tokenType ?? 'no tokenType'}, ${k.expiresIn ?? '?'} s, ${k.jwtExp ? 'JWT exp' : 'no JWT exp'}); scopes granted: ${k.scopesGranted.join(' ') || 'none said'}` : `refused (${k.status ?? 'no answer'})`}`,
    );
  for (const s of r.shapes)
    lines.push(`  ${s.route}: ${s.objects} objects; missing: ${s.missing.join(', ') || 'none'}; unknown: ${s.unknown.join(', ') || 'none'}`);
  lines.push(`  transcript: ${r.transcript ? `${r.transcript.form}, ${r.transcript.entries} entries` : 'no ended call to read'}`);
  lines.push(`  recording: ${r.recording ? `${r.recording.form}, ${r.recording.container}` : 'no recorded call to read'}`);
  lines.push(
    `  rate-limit headers: ${
      Object.entries(r.rateLimitHeaders)
        .map(([k, v]) => `${k}: ${v}`)
        .join('; ') || 'none seen'
    }`,
  );
  lines.push(
    `  clock skew (Date header): ${r.clockSkewSeconds ?? 'no Date header'} s; latency: median ${r.latencyMs.median} ms, max ${r.latencyMs.max} ms over ${r.latencyMs.requests} requests`,
  );
  for (const p of r.problems) lines.push(`  problem: ${p}`);
  return lines.join('\n');
}

if (keys.length === 0) {
  console.error('Set VOICE_API_KEY (and VOICE_API_KEY_SECONDARY) with VOICE_API_BASE_URL.');
  process.exit(2);
}
const report = await runDoctor({ baseUrl, keys });
console.log(process.argv.includes('--json') ? JSON.stringify(report, null, 2) : text(report));
process.exit(report.ok ? 0 : 1);
