/**
 * The connection check (`npm run doctor`, issue 30): reads the configured upstream, writes nothing,
 * and says what it found: each key and the scopes its token grants, the shapes of a page of agents
 * and of calls against the contract (unknown and missing fields named), the form of a transcript
 * and of a recording and the recording's audio container, the rate-limit headers, the clock skew
 * from the Date header, and the latency. The report's shape is the contract's (contract/bff/upstream-check.ts),
 * which the console's "Voice API" page reads too; it holds no key and no token.
 */
import type { DoctorReport, ShapeFinding } from '../../../contract/bff/upstream-check';
import { Scope } from '../../../contract/enums';
import { Agent } from '../../../contract/schemas/agent';
import { Call } from '../../../contract/schemas/call';
import { sniffAudioType } from './recordings';

export type { DoctorReport, ShapeFinding };

export interface DoctorOptions {
  baseUrl: string;
  keys: string[];
  /** This machine's clock (tests skew it). */
  now?: () => number;
  timeoutMs?: number;
  /** Stops the check (the worker's bound on the whole check, or its stop). */
  signal?: AbortSignal;
}

const CONTRACT_KEYS = { agents: Object.keys(Agent.shape), calls: Object.keys(Call.shape) };

function shapeOf(route: string, items: unknown[], contract: string[]): ShapeFinding {
  const missing = new Set<string>();
  const unknown = new Set<string>();
  for (const item of items) {
    const keys = item && typeof item === 'object' ? Object.keys(item) : [];
    for (const k of contract) if (!keys.includes(k)) missing.add(k);
    for (const k of keys) if (!contract.includes(k)) unknown.add(k);
  }
  return { route, objects: items.length, missing: [...missing].sort(), unknown: [...unknown].sort() };
}

/** How a transcript came: a bare array, or wrapped under a key. */
export function transcriptForm(body: unknown): { form: string; entries: number } {
  if (Array.isArray(body)) return { form: 'array', entries: body.length };
  if (body && typeof body === 'object') {
    for (const [k, v] of Object.entries(body)) if (Array.isArray(v)) return { form: `object wrapping "${k}"`, entries: v.length };
  }
  return { form: 'not a transcript', entries: 0 };
}

/** How a recording came (its form) and what its bytes are (the container, by the first bytes). */
export function recordingForm(text: string, contentType: string): { form: string; bytes?: Buffer; url?: string } {
  let value: unknown = text;
  let json = false;
  try {
    value = JSON.parse(text);
    json = true;
  } catch {
    // bare text
  }
  if (typeof value !== 'string') return { form: `JSON ${Array.isArray(value) ? 'array' : typeof value}` };
  const s = value.trim();
  const where = json ? 'a JSON string' : `bare text (${contentType || 'no content type'})`;
  if (/^https?:\/\//i.test(s)) return { form: `${where}: a URL`, url: s };
  const data = /^data:([^;,]*)(;base64)?,(.*)$/s.exec(s);
  if (data)
    return { form: `${where}: a data: URI`, bytes: data[2] ? Buffer.from(data[3] ?? '', 'base64') : Buffer.from(decodeURIComponent(data[3] ?? ''), 'latin1') };
  return { form: `${where}: base64`, bytes: Buffer.from(s, 'base64') };
}

/** The container a person can act on: the sniffed type, or "unknown" with the first bytes. */
export function containerOf(bytes: Buffer): string {
  const type = sniffAudioType(bytes);
  return type === 'application/octet-stream' ? `unknown (first bytes ${bytes.subarray(0, 8).toString('hex') || 'none'})` : type;
}

/** The base URL as the report shows it: a user or password in it is left out. */
function withoutCredentials(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    url.username = '';
    url.password = '';
    return url.toString().replace(/\/$/, '');
  } catch {
    return 'not a URL';
  }
}

export async function runDoctor(options: DoctorOptions): Promise<DoctorReport> {
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const times: number[] = [];
  const problems: string[] = [];
  const rateLimitHeaders: Record<string, string> = {};
  let skew: number | null = null;
  const signal = () => (options.signal ? AbortSignal.any([AbortSignal.timeout(timeoutMs), options.signal]) : AbortSignal.timeout(timeoutMs));

  async function get(path: string, headers: Record<string, string>, method = 'GET', body?: unknown) {
    const started = performance.now();
    const res = await fetch(options.baseUrl.replace(/\/$/, '') + path, {
      method,
      headers: { accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signal(),
    });
    const text = await res.text();
    const ms = performance.now() - started;
    times.push(ms);
    res.headers.forEach((v, k) => {
      if (/ratelimit|retry-after/i.test(k)) rateLimitHeaders[k] = v;
    });
    const date = Date.parse(res.headers.get('date') ?? '');
    // The Date header has whole seconds: the skew is counted from the middle of the request.
    if (!Number.isNaN(date)) skew = Math.round((date - (now() - ms / 2)) / 1000);
    return { status: res.status, text, contentType: res.headers.get('content-type') ?? '', json: () => JSON.parse(text) as unknown };
  }

  const keys: DoctorReport['keys'] = [];
  let token: string | null = null;
  for (const [index, key] of options.keys.entries()) {
    try {
      // Every scope is asked for, to learn which the upstream grants; a token writes nothing.
      const res = await get('/v1/auth/token', { 'x-api-key': key }, 'POST', { scope: [...Scope.options] });
      const body = res.status < 300 ? (res.json() as { token?: string; expiresIn?: number; tokenType?: string; scope?: unknown }) : {};
      let claims: { scope?: unknown; exp?: unknown } = {};
      try {
        claims = JSON.parse(Buffer.from(String(body.token).split('.')[1] ?? '', 'base64url').toString('utf8'));
      } catch {
        // not a JWT
      }
      const granted = typeof claims.scope === 'string' ? claims.scope.split(' ').filter(Boolean) : Array.isArray(body.scope) ? body.scope.map(String) : [];
      const ok = res.status < 300 && typeof body.token === 'string';
      keys.push({
        index,
        status: res.status,
        ok,
        scopesGranted: granted,
        tokenType: body.tokenType ?? null,
        expiresIn: body.expiresIn ?? null,
        jwtExp: typeof claims.exp === 'number',
      });
      if (!ok) problems.push(`Key ${index + 1} was refused (${res.status}).`);
      if (ok) token ??= body.token!;
    } catch (error) {
      keys.push({ index, status: null, ok: false, scopesGranted: [], tokenType: null, expiresIn: null, jwtExp: false });
      problems.push(`Key ${index + 1}: the upstream could not be reached (${(error as Error).message}).`);
    }
  }
  const shapes: ShapeFinding[] = [];
  let transcript: DoctorReport['transcript'] = null;
  let recording: DoctorReport['recording'] = null;
  if (token) {
    const auth = { authorization: `Bearer ${token}` };
    const agents = await get('/v1/agents?size=20', auth);
    const calls = await get('/v1/calls?size=20', auth);
    const list = (r: typeof agents) => (r.status === 200 ? ((r.json() as { content?: unknown[] }).content ?? []) : []);
    shapes.push(shapeOf('GET /v1/agents', list(agents), CONTRACT_KEYS.agents), shapeOf('GET /v1/calls', list(calls), CONTRACT_KEYS.calls));
    for (const s of shapes) {
      if (s.missing.length > 0) problems.push(`${s.route}: fields the contract lists were missing: ${s.missing.join(', ')} (shown as "—").`);
    }
    const ended = (list(calls) as { id?: string; status?: string; recorded?: boolean }[]).filter((c) => c.id && c.status && c.status !== 'IN_PROGRESS');
    const withTranscript = ended[0];
    if (withTranscript) {
      const res = await get(`/v1/calls/${withTranscript.id}/transcript`, auth);
      transcript = { callId: withTranscript.id!, ...(res.status === 200 ? transcriptForm(res.json()) : { form: `not read (${res.status})`, entries: 0 }) };
    }
    const recorded = ended.find((c) => c.recorded === true);
    if (recorded) {
      const res = await get(`/v1/calls/${recorded.id}/recording`, auth);
      if (res.status !== 200) recording = { callId: recorded.id!, form: `not read (${res.status})`, container: 'unknown' };
      else {
        const found = recordingForm(res.text, res.contentType);
        let bytes = found.bytes;
        if (found.url) {
          const file = await fetch(found.url, { signal: signal() });
          bytes = Buffer.from(await file.arrayBuffer());
        }
        recording = { callId: recorded.id!, form: found.form, container: bytes ? containerOf(bytes) : 'unknown (no bytes)' };
        if (recording.container.startsWith('unknown')) problems.push(`The recording's audio container is not one Switchboard knows: ${recording.container}.`);
      }
    }
  }
  if (skew !== null && Math.abs(skew) > 30) problems.push(`The upstream's clock and this machine's differ by ${skew} s (Date header).`);
  const sorted = [...times].sort((a, b) => a - b);
  return {
    upstream: withoutCredentials(options.baseUrl),
    ok: problems.length === 0,
    keys,
    shapes,
    transcript,
    recording,
    rateLimitHeaders,
    clockSkewSeconds: skew,
    latencyMs: { median: Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0), max: Math.round(sorted.at(-1) ?? 0), requests: times.length },
    problems,
  };
}
