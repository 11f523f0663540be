import { whyNotCallable } from '../../contract/agent-rules.plain';
import type { CallListQuery } from '../../contract/queries';
import { callOrderBy } from '../../common/call-order';
import type { CallCreate } from '../../contract/schemas/calls-create';
import { timedTranscript, transcriptEntries } from '../domain/transcript';
import { renderWav } from '../domain/audio';
import { placeCall } from '../domain/place-call';
import { serialise, type SimState } from '../state';
import type { Call } from '../../contract/schemas/call';
import { insertCalls, STORED_CALL_COLUMNS, toCall, type AgentRow, type StoredCall } from '../store/rows';
import { findAgent } from './agents';
import type { FastifyReply } from 'fastify';
import { JsonText, PlainText, type HandlerContext } from './context';
import type { SimVariant } from './variants';
import { encodeRecording, mediaPath, RECORDING_MIME, type RecordingContainer } from './media';
import { badRequest, notFound } from './errors';
import { pageOf } from '../../contract/schemas/page';

/**
 * Counts per filter, valid until the next write to calls (a full count over 100k rows is the slow
 * part). The promise is cached, so concurrent first requests share one count.
 */
function countOf(state: SimState, whereSql: string, params: unknown[]): Promise<number> {
  const countCache = state.callCounts;
  const key = `${whereSql}|${JSON.stringify(params)}`;
  const cached = countCache.get(key);
  if (cached && cached.version === state.callsVersion) return cached.total;
  const total = state.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM calls WHERE ${whereSql}`, params).then(({ rows }) => rows[0]?.n ?? 0);
  if (countCache.size > 5000) countCache.clear();
  countCache.set(key, { version: state.callsVersion, total });
  total.catch(() => countCache.delete(key));
  return total;
}

export async function listCalls({ state, caller, query }: HandlerContext<unknown, CallListQuery>) {
  const where = ['customer_id = $1'];
  const params: unknown[] = [caller.customerId];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (query.agentId) add('agent_id = ?', query.agentId);
  if (query.phone) add('phone = ?', query.phone);
  if (query.campaignName) add('campaign_name = ?', query.campaignName);
  if (query.from && query.to) {
    add('start_time >= ?', new Date(`${query.from}T00:00:00Z`));
    add('start_time < ?', new Date(new Date(`${query.to}T00:00:00Z`).getTime() + 86_400_000));
  }
  const whereSql = where.join(' AND ');
  const [{ rows }, total] = await Promise.all([
    state.db.query<{ body: string }>(
      `SELECT body FROM calls WHERE ${whereSql} ORDER BY ${callOrderBy(query.sort)}
       LIMIT ${query.size} OFFSET ${(query.page - 1) * query.size}`,
      params,
    ),
    countOf(state, whereSql, params),
  ]);
  // The page's envelope around the stored bodies (the key order of pageOf).
  const page = pageOf([], query, total);
  return new JsonText(
    `{"content":[${rows.map((r) => r.body).join(',')}],"size":${page.size},"page":${page.page},"totalElements":${page.totalElements},"totalPages":${page.totalPages}}`,
  );
}

export async function findCall(state: SimState, customerId: string, id: string): Promise<StoredCall> {
  const { rows } = await state.db.query<StoredCall>(`SELECT ${STORED_CALL_COLUMNS} FROM calls WHERE id = $1 AND customer_id = $2`, [id, customerId]);
  if (!rows[0]) throw notFound('Call');
  return rows[0];
}

export async function getCall({ state, caller, params }: HandlerContext<{ id: string }>) {
  return new JsonText((await findCall(state, caller.customerId, params.id)).body);
}

/** docs/api-assumptions.md: the agent of a new call must be OUTBOUND, active and not archived. */
export async function callableAgent(state: SimState, customerId: string, agentId: string): Promise<AgentRow> {
  const agent = await findAgent(state.db, customerId, agentId);
  if (!agent) throw badRequest([{ field: 'agentId', rejectedValue: agentId, message: 'No agent with this id.' }]);
  const problem = whyNotCallable(agent);
  if (problem) throw badRequest([{ field: 'agentId', rejectedValue: agentId, message: problem }]);
  return agent;
}

export async function campaignRef(state: SimState, customerId: string, campaignId: string | undefined) {
  if (!campaignId) return null;
  const { rows } = await state.db.query<{ id: string; name: string }>('SELECT id, name FROM campaigns WHERE id = $1 AND customer_id = $2', [
    campaignId,
    customerId,
  ]);
  if (!rows[0]) throw badRequest([{ field: 'campaignId', rejectedValue: campaignId, message: 'No campaign with this id.' }]);
  return rows[0];
}

export async function createCall({ state, caller, body }: HandlerContext<unknown, unknown, CallCreate>) {
  const agent = await callableAgent(state, caller.customerId, body.agentId);
  const campaign = await campaignRef(state, caller.customerId, body.campaignId);
  const row = await serialise(state, async () => {
    const call = await placeCall(
      state.db,
      { agent, phone: body.recipient.phone, context: body.recipient.context, segmentationTags: body.recipient.segmentationTags, campaign },
      state.clock.now(),
      state.limits,
    );
    await insertCalls(state.db, [call]);
    state.callsVersion += 1;
    return call;
  });
  return toCall(row);
}

function transcriptInput(row: StoredCall, call: Call, agent: AgentRow | null) {
  const end = row.end_time ?? row.planned_end ?? row.start_time;
  return {
    id: row.id,
    status: row.planned_status ?? row.status,
    startMs: new Date(row.start_time).getTime(),
    durationSeconds: Math.max(1, Math.round((new Date(end).getTime() - new Date(row.start_time).getTime()) / 1000)),
    context: call.context as Record<string, unknown>,
    profile: agent!.doc.profile,
    entries: row.transcript_entries ?? undefined,
  };
}

export async function getTranscript({ state, caller, params }: HandlerContext<{ id: string }>) {
  const row = await findCall(state, caller.customerId, params.id);
  const agent = await findAgent(state.db, caller.customerId, row.agent_id);
  const input = transcriptInput(row, JSON.parse(row.body) as Call, agent);
  const entries = transcriptEntries(input);
  if (row.status !== 'IN_PROGRESS') return entries;
  // A live call: what has been said so far.
  const now = state.clock
    .now()
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z');
  return entries.filter((e) => e.time <= now && e.action !== 'HANG_UP' && e.action !== 'TRANSFER_CALL');
}

/** Recently rendered recordings, as JSON text, bounded by size: an hour-long one is 77 MB. */
const recordings = new Map<string, JsonText>();
const RECORDING_CACHE_CHARS = 96 * 1024 * 1024;
let cachedChars = 0;

export async function getRecording({ state, caller, params, variants, reply }: HandlerContext<{ id: string }>) {
  const row = await findCall(state, caller.customerId, params.id);
  const call = JSON.parse(row.body) as Call;
  if (!call.recorded) throw notFound('Recording (this call was not recorded)');
  if (row.status === 'IN_PROGRESS') throw notFound('Recording (the call is still in progress)');
  if (hasRecordingVariant(variants)) return recordingInVariant(state, caller.customerId, row, call, variants, reply);
  const cached = recordings.get(row.id);
  if (cached) return cached;
  // Base64 needs no escaping in JSON: quoting it is the whole serialisation.
  const json = new JsonText(`"${(await renderRecording(state, caller.customerId, row, call)).toString('base64')}"`);
  if (json.text.length <= RECORDING_CACHE_CHARS) {
    for (const [key, value] of recordings) {
      if (cachedChars + json.text.length <= RECORDING_CACHE_CHARS) break;
      recordings.delete(key);
      cachedChars -= value.text.length;
    }
    recordings.set(row.id, json);
    cachedChars += json.text.length;
  }
  return json;
}

/** The call's recording as a WAV (deterministic from the call: any form of it holds the same audio). */
export async function renderRecording(state: SimState, customerId: string, row: StoredCall, call: Call): Promise<Buffer> {
  const agent = await findAgent(state.db, customerId, row.agent_id);
  const input = transcriptInput(row, call, agent);
  return renderWav(timedTranscript(input), input.durationSeconds);
}

const RECORDING_VARIANTS: readonly SimVariant[] = ['recording-bare', 'recording-data-uri', 'recording-url', 'recording-mp3', 'recording-ogg'];
const hasRecordingVariant = (variants: ReadonlySet<SimVariant>) => RECORDING_VARIANTS.some((v) => variants.has(v));

/** The container the variants ask for: WAV (strict), MP3 or Ogg. */
export function containerOf(variants: ReadonlySet<SimVariant>): RecordingContainer {
  return variants.has('recording-mp3') ? 'mp3' : variants.has('recording-ogg') ? 'ogg' : 'wav';
}

/** Encoded recordings of the variants, a few at a time (encoding takes a while): one encode per recording, shared. */
const encoded = new Map<string, Promise<Buffer>>();

export function recordingBytes(state: SimState, customerId: string, row: StoredCall, call: Call, container: RecordingContainer): Promise<Buffer> {
  const key = `${row.id}.${container}`;
  const hit = encoded.get(key);
  if (hit) return hit;
  const bytes = renderRecording(state, customerId, row, call).then((wav) => (container === 'wav' ? wav : encodeRecording(wav, container)));
  if (encoded.size >= 16) encoded.delete(encoded.keys().next().value!);
  encoded.set(key, bytes);
  bytes.catch(() => encoded.delete(key));
  return bytes;
}

async function recordingInVariant(state: SimState, customerId: string, row: StoredCall, call: Call, variants: ReadonlySet<SimVariant>, reply: FastifyReply) {
  const container = containerOf(variants);
  if (variants.has('recording-url')) {
    // The file exists before its link is handed out, as in a real store: encoded now (and kept), not when fetched.
    await recordingBytes(state, customerId, row, call, container);
    const origin = `${reply.request.protocol}://${reply.request.host}`;
    return new JsonText(JSON.stringify(`${origin}${mediaPath(state, customerId, row.id, container)}`));
  }
  const base64 = (await recordingBytes(state, customerId, row, call, container)).toString('base64');
  if (variants.has('recording-bare')) return new PlainText(base64);
  if (variants.has('recording-data-uri')) return new JsonText(JSON.stringify(`data:${RECORDING_MIME[container]};base64,${base64}`));
  return new JsonText(`"${base64}"`);
}
