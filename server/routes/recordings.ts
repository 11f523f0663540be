/**
 * GET /bff/recordings/:callId — the call's recording as real audio for the <audio> element
 * (session cookie; the role must allow calls:read): decoded once as it arrives and never past
 * RECORDING_MAX_MB (larger: 502 naming the limit, the download stopped), kept in an LRU bounded by
 * bytes of audio (RECORDING_CACHE_MB), served with its sniffed type, an ETag and byte ranges, so
 * seeking never refetches upstream. At most two recordings load at once.
 */
import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LRUCache } from 'lru-cache';
import pLimit from 'p-limit';
import { Uuid } from '../../contract/formats';
import { HttpError } from '../http';
import { BinaryFile, NoContent } from '../../contract/bff/http';
import { AUDIO_TYPES, BoundedBytes, parseRange, readRecording, RecordingTooLarge, sniffAudioType } from '../services/upstream/recordings';
import { UpstreamError } from '../services/upstream/upstream';
import { routesNeed } from '../plugins/session';
import { retryAfterSeconds } from '../../contract/retry-after.plain';

interface Audio {
  bytes: Buffer;
  type: string;
  etag: string;
}

export const recordingsPlugin: FastifyPluginAsyncZod = async (app) => {
  const { config, upstream, broker } = app.ctx;
  routesNeed(app, 'calls:read');
  app.addHook('onRequest', app.requireSession);
  const cache = new LRUCache<string, Audio>({ maxSize: config.RECORDING_CACHE_MB * 1024 * 1024, sizeCalculation: (a) => a.bytes.length || 1 });
  const loading = new Map<string, Promise<Audio>>();

  const maxBytes = config.RECORDING_MAX_MB * 1024 * 1024;
  // Each load holds up to a recording's worth of audio while it arrives: two at a time at most.
  const loads = pLimit(2);

  async function load(callId: string): Promise<Audio> {
    let res;
    // One retry with a fresh token when the upstream no longer accepts the cached one.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const token = await broker.serverToken('calls:read');
      res = await upstream.request({
        method: 'GET',
        path: `/v1/calls/${callId}/recording`,
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      });
      if (res.statusCode === 200) break;
      await res.body.dump().catch(() => undefined);
      if (res.statusCode !== 401) break;
      broker.forgetServerToken(token);
    }
    if (!res) throw new HttpError(502, 'The Voice API could not provide the recording.');
    if (res.statusCode === 404) throw new HttpError(404, 'This call has no recording.');
    if (res.statusCode === 429) {
      // The upstream's rate limit is the user's to wait out, not a failure: say when to try again.
      const retryAfter = String(retryAfterSeconds(res.headers['retry-after'], 1));
      throw new HttpError(429, `The Voice API is busy; try again in ${retryAfter} s.`, [], { 'Retry-After': retryAfter });
    }
    if (res.statusCode !== 200) throw new HttpError(502, `The Voice API could not provide the recording (${res.statusCode}).`);
    const length = Number(res.headers['content-length']);
    let source;
    try {
      // Decoded as it arrives, never past the limit (server/services/upstream/recordings.ts).
      source = await readRecording(res.body, { maxBytes, contentLength: Number.isFinite(length) ? length : undefined });
    } catch (error) {
      res.body.destroy();
      if (error instanceof RecordingTooLarge) throw new HttpError(502, `${error.message} Listen to it in the Voice API's own tools.`);
      throw new UpstreamError('transport', 'The recording broke off.', false);
    }
    if (!source) throw new HttpError(502, 'The recording could not be decoded.');
    let bytes: Buffer;
    if (source.kind === 'url') {
      const fetched = await fetch(source.url, { redirect: 'error', signal: AbortSignal.timeout(config.UPSTREAM_TIMEOUT_MS) });
      if (!fetched.ok || !fetched.body) throw new HttpError(502, 'The recording file could not be fetched.');
      const audio = new BoundedBytes(maxBytes, Number(fetched.headers.get('content-length')) || undefined);
      const reader = fetched.body.getReader();
      try {
        for (let next = await reader.read(); !next.done; next = await reader.read()) audio.push(next.value);
      } catch (error) {
        await reader.cancel().catch(() => undefined);
        if (error instanceof RecordingTooLarge) throw new HttpError(502, `${error.message} Listen to it in the Voice API's own tools.`);
        throw new HttpError(502, 'The recording file broke off. Try again.');
      }
      bytes = audio.bytes();
    } else {
      bytes = source.bytes;
    }
    return { bytes, type: sniffAudioType(bytes), etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"` };
  }

  app.get(
    '/bff/recordings/:callId',
    {
      compress: false,
      schema: {
        tags: ['recordings'],
        summary: "The call's recording as audio (ETag, byte ranges)",
        params: z.strictObject({ callId: Uuid }),
        response: {
          200: BinaryFile('The whole recording.', AUDIO_TYPES),
          206: BinaryFile('The byte range the Range header asked for (Content-Range says which).', AUDIO_TYPES),
          304: NoContent.meta({ description: 'Not modified: the ETag in If-None-Match is still this recording.' }),
          416: NoContent.meta({ description: 'The range is outside the recording; Content-Range gives its size.' }),
        },
      },
      config: { invalidMessage: 'That is not a call id.' },
    },
    async (request, reply) => {
      const id = request.params.callId;
      let audio = cache.get(id);
      if (!audio) {
        let pending = loading.get(id);
        if (!pending) {
          pending = loads(() => load(id)).finally(() => loading.delete(id));
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
      if (range === 'unsatisfiable') return reply.header('Content-Range', `bytes */${audio.bytes.length}`).code(416).send();
      if (!range) return reply.header('Content-Length', audio.bytes.length).send(audio.bytes);
      return reply
        .code(206)
        .header('Content-Range', `bytes ${range.start}-${range.end}/${audio.bytes.length}`)
        .header('Content-Length', range.end - range.start + 1)
        .send(audio.bytes.subarray(range.start, range.end + 1));
    },
  );
};
