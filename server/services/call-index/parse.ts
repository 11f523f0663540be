/**
 * What the index accepts from the upstream, tolerant where a real upstream may differ from the
 * simulator (docs/api-assumptions.md: the BFF is tolerant) and strict where the index needs a value
 * to file a call under. A page that fails is "malformed": nothing of it is stored.
 */
import { z } from 'zod';
import { CallStatus, TranscriptAction, TranscriptActor } from '../../../contract/enums';
import { Guid } from '../../../contract/formats';
import { Page } from '../../../contract/schemas/page';

const Instant = z.string().refine((s) => !Number.isNaN(Date.parse(s)), { error: 'Not a time.' });

/** The fields the index files a call under; the rest of the object is kept as sent. */
export const IndexableCall = z.looseObject({
  id: Guid,
  agentId: Guid,
  phone: z.string().max(64),
  type: z.string().max(32),
  status: CallStatus,
  startTime: Instant,
  endTime: Instant.nullish(),
  duration: z.number().int().min(0).nullish(),
  recorded: z.boolean().optional(),
  created: Instant.optional(),
  tags: z.array(z.string()).optional(),
  classificationData: z.record(z.string(), z.unknown()).optional(),
  extractedData: z.record(z.string(), z.unknown()).optional(),
});
export type IndexableCall = z.infer<typeof IndexableCall>;

/** A page of the upstream's calls: the contract's envelope around the lenient call above. */
export const CallPage = Page(IndexableCall);
export type CallPage = z.infer<typeof CallPage>;

export const IndexableEntry = z.looseObject({
  action: z.union([TranscriptAction, z.string()]),
  time: Instant,
  actor: z.union([TranscriptActor, z.string()]).optional(),
  message: z.string().nullish(),
});
export type IndexableEntry = z.infer<typeof IndexableEntry>;

/** docs/api-assumptions.md: an array of entries; also accept an object wrapping it. */
export function parseTranscript(body: unknown): IndexableEntry[] | null {
  const list = Array.isArray(body)
    ? body
    : body && typeof body === 'object'
      ? ['entries', 'content', 'items'].map((k) => (body as Record<string, unknown>)[k]).find(Array.isArray)
      : undefined;
  const parsed = z.array(IndexableEntry).safeParse(list);
  return parsed.success ? parsed.data : null;
}

/** The highlight delimiters of snippets (Unicode private use): removed from every stored text. */
export const MARK_START = '\uE000';
export const MARK_END = '\uE001';

/**
 * Strings PostgreSQL's jsonb refuses (NUL, lone surrogates) or that would forge a highlight,
 * cleaned before storing: the upstream's data is kept, minus what cannot be stored safely.
 */
export function cleanJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' ? cleanText(v) : v));
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function cleanText(s: string): string {
  let out = s;
  if (out.includes('\0')) out = out.replaceAll('\0', '');
  if (out.includes(MARK_START) || out.includes(MARK_END)) out = out.replaceAll(MARK_START, '').replaceAll(MARK_END, '');
  return out.replace(LONE_SURROGATE, '\uFFFD');
}

/** What the transcript says happened: an answering machine, a transfer, seconds from answer to hang-up. */
export function transcriptEvents(entries: readonly IndexableEntry[]): { answeringMachine: boolean; transfer: boolean; answerToHangup: number | null } {
  let answeredAt: number | null = null;
  let hangupAt: number | null = null;
  let answeringMachine = false;
  let transfer = false;
  for (const e of entries) {
    const at = Date.parse(e.time);
    if (e.action === 'ANSWERING_MACHINE_BEEP' || e.actor === 'ANSWERING_MACHINE') answeringMachine = true;
    if (e.action === 'TRANSFER_CALL') transfer = true;
    if (e.action === 'ANSWER' && answeredAt === null) answeredAt = at;
    if (e.action === 'HANG_UP') hangupAt = at;
  }
  const answerToHangup = answeredAt !== null && hangupAt !== null && hangupAt >= answeredAt ? Math.round((hangupAt - answeredAt) / 1000) : null;
  return { answeringMachine, transfer, answerToHangup };
}
