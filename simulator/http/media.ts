/**
 * The recording files of the `recording-url` variant: `GET /media/recordings/{customer}/{call}.{ext}?sig=…`,
 * a signed URL as a real upstream's storage would hand out (no API key or token: the signature is
 * the credential). The audio is the same as the recording route's, in the variant's container.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Call } from '../../contract/schemas/call';
import type { SimState } from '../state';
import { findCall, recordingBytes } from './calls';
import { ApiError } from './errors';

export type RecordingContainer = 'wav' | 'mp3' | 'ogg';
export const RECORDING_MIME: Record<RecordingContainer, string> = { wav: 'audio/wav', mp3: 'audio/mpeg', ogg: 'audio/ogg' };

/** MP3 and Ogg are encoded by libraries loaded only when a variant asks for them. */
export async function encodeRecording(wav: Buffer, container: 'mp3' | 'ogg'): Promise<Buffer> {
  const { wavToMp3, wavToOgg } = await import('../domain/encode');
  return container === 'mp3' ? wavToMp3(wav) : wavToOgg(wav);
}

const signature = (state: SimState, path: string) => createHmac('sha256', state.jwtSecret).update(path).digest('base64url');

export function mediaPath(state: SimState, customerId: string, callId: string, container: RecordingContainer): string {
  const path = `/media/recordings/${customerId}/${callId}.${container}`;
  return `${path}?sig=${signature(state, path)}`;
}

export function registerMediaRoute(app: FastifyInstance, state: SimState): void {
  app.get<{ Params: { customerId: string; file: string }; Querystring: { sig?: string } }>('/media/recordings/:customerId/:file', async (request, reply) => {
    const { customerId, file } = request.params;
    const path = `/media/recordings/${customerId}/${file}`;
    const given = Buffer.from(String(request.query.sig ?? ''));
    const expected = Buffer.from(signature(state, path));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new ApiError(403, 'This link is not valid.');
    const [, callId, ext] = /^([0-9a-f-]{36})\.(wav|mp3|ogg)$/.exec(file) ?? [];
    if (!callId || !ext) throw new ApiError(404, 'No such recording file.');
    const row = await findCall(state, customerId, callId);
    const bytes = await recordingBytes(state, customerId, row, JSON.parse(row.body) as Call, ext as RecordingContainer);
    return reply
      .type(RECORDING_MIME[ext as RecordingContainer])
      .header('Content-Length', bytes.length)
      .send(bytes);
  });
}
