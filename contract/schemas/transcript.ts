import { z } from 'zod';
import { TranscriptAction, TranscriptActor } from '../enums';
import { UtcTimestamp } from '../formats';

export const TranscriptEntry = z
  .object({
    action: TranscriptAction,
    time: UtcTimestamp,
    actor: TranscriptActor,
    message: z.string(),
  })
  .meta({ id: 'TranscriptEntry' });
export type TranscriptEntry = z.infer<typeof TranscriptEntry>;

/** docs/api-assumptions.md: the transcript route answers a JSON array of entries in time order. */
export const Transcript = z.array(TranscriptEntry).meta({ id: 'Transcript' });

/** docs/api-assumptions.md: the recording route answers a JSON string: the audio file's bytes in base64. */
export const Recording = z.string().meta({ id: 'Recording', description: 'Base64 of the audio file (WAV, 16-bit PCM mono, 8 kHz on the simulator).' });
