/**
 * GET /bff/recordings/:callId — the call's recording as real audio for the <audio> element
 * (session cookie; the role must allow calls:read): decoded once, kept in an LRU bounded by bytes,
 * served with its sniffed type, an ETag and byte ranges, so seeking never refetches upstream.
 */
import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LRUCache } from 'lru-cache';
import { roleAllows } from '../../contract/bff/roles';
import { IdParams } from '../../contract/queries';
import { toValidationErrors } from '../../contract/errors';
import { HttpError } from '../http';
import { decodeRecording, parseRange, sniffAudioType } from '../services/recordings';
import { UpstreamError } from '../services/upstream';

interface Audio {
  bytes: Buffer;
  type: string;
  etag: string;
}

export const recordingsPlugin: FastifyPluginAsyncZod = async (app) => {
  const { config, upstream, broker } = app.ctx;
  app.addHook('onRequest', app.requireSession);
  const cache = new LRUCache<string, Audio>({ maxSize: config.RECORDING_CACHE_MB * 1024 * 1024, sizeCalculation: (a) => a.bytes.length || 1 });
  const loading = new Map<string, Promise<Audio>>();

  async function load(callId: string): Promise<Audio> {
    let res;
    let text = '';
    // One retry with a fresh token when the upstream no longer accepts the cached one.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const token = await broker.serverToken('calls:read');
      res = await upstream.request({
        method: 'GET',
        path: `/v1/calls/${callId}/recording`,
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      });
      text = await res.body.text().catch(() => {
        throw new UpstreamError('transport', 'The recording broke off.', false);
      });
      if (res.statusCode !== 401) break;
      broker.forgetServerToken(token);
    }
    if (!res) throw new HttpError(502, 'The Voice API could not provide the recording.');
    if (res.statusCode === 404) throw new HttpError(404, 'This call has no recording.');
    if (res.statusCode === 429) {
      // The upstream's rate limit is the user's to wait out, not a failure: say when to try again.
      const retryAfter = String(res.headers['retry-after'] ?? '1');
      throw new HttpError(429, `The Voice API is busy; try again in ${retryAfter} s.`, [], { 'Retry-After': retryAfter });
    }
    if (res.statusCode !== 200) throw new HttpError(502, `The Voice API could not provide the recording (${res.statusCode}).`);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new HttpError(502, 'The Voice API sent a malformed recording.');
    }
    const source = decodeRecording(json);
    if (!source) throw new HttpError(502, 'The recording could not be decoded.');
    let bytes: Buffer;
    if (source.kind === 'url') {
      const fetched = await fetch(source.url, { redirect: 'error', signal: AbortSignal.timeout(config.UPSTREAM_TIMEOUT_MS) });
      if (!fetched.ok) throw new HttpError(502, 'The recording file could not be fetched.');
      bytes = Buffer.from(await fetched.arrayBuffer());
    } else {
      bytes = source.bytes;
    }
    return { bytes, type: sniffAudioType(bytes), etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"` };
  }

  app.get<{ Params: { callId: string } }>('/bff/recordings/:callId', { compress: false }, async (request, reply) => {
    const parsed = IdParams.safeParse({ id: request.params.callId });
    if (!parsed.success) throw new HttpError(400, 'That is not a call id.', toValidationErrors(parsed.error, { id: request.params.callId }));
    const session = request.session;
    if (!roleAllows(session.role, 'calls:read')) throw new HttpError(403, 'Your role may not listen to calls.');
    const id = parsed.data.id;
    let audio = cache.get(id);
    if (!audio) {
      let pending = loading.get(id);
      if (!pending) {
        pending = load(id).finally(() => loading.delete(id));
        loading.set(id, pending);
      }
      try {
        audio = await pending;
      } catch (error) {
        if (error instanceof UpstreamError && error.kind === 'busy') throw new HttpError(429, error.message, [], { 'Retry-After': error.retryAfter ?? '1' });
        if (error instanceof UpstreamError) throw new HttpError(error.kind === 'timeout' ? 504 : 502, `${error.message} Try again.`);
        throw error;
      }
      cache.set(id, audio);
    }
    reply.header('Accept-Ranges', 'bytes').header('ETag', audio.etag).header('Cache-Control', 'private, max-age=3600').header('Content-Type', audio.type);
    if (request.headers['if-none-match'] === audio.etag) return reply.code(304).send();
    const range = parseRange(request.headers.range, audio.bytes.length);
    if (range === 'unsatisfiable') return reply.code(416).header('Content-Range', `bytes */${audio.bytes.length}`).send();
    if (!range) return reply.header('Content-Length', audio.bytes.length).send(audio.bytes);
    return reply
      .code(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${audio.bytes.length}`)
      .header('Content-Length', range.end - range.start + 1)
      .send(audio.bytes.subarray(range.start, range.end + 1));
  });
};
