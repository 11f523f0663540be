/**
 * Transcripts are derived from the call on demand, deterministically, so they never disagree with
 * its outcome: no speech for NO_ANSWER, a beep for VOICE_BOX, TRANSFER_CALL for TRANSFERRED.
 */
import type { CallStatus } from '../../contract/enums';
import { toUtcTimestamp } from '../../contract/formats';
import type { TranscriptEntry } from '../../contract/schemas/transcript';
import { fillPlaceholders, type AgentProfile } from './agent-profile';
import { hash, rng } from './random';

export interface TranscriptInput {
  id: string;
  status: CallStatus;
  startMs: number;
  durationSeconds: number;
  context: Record<string, unknown>;
  profile: AgentProfile;
  /** Exactly this many entries, spread over the call (calls made by POST /_sim/calls); unset: the natural script. */
  entries?: number;
}

/** Entries with offsets in seconds from the start; the audio is drawn from the same list. */
export interface TimedEntry {
  action: TranscriptEntry['action'];
  actor: TranscriptEntry['actor'];
  message: string;
  at: number;
  /** Seconds of sound the entry makes (speech, ring or beep). */
  length: number;
}

const speechSeconds = (text: string) => Math.max(1.2, Math.min(12, text.split(/\s+/).length * 0.38));

export function timedTranscript(input: TranscriptInput): TimedEntry[] {
  if (input.entries) return spreadTranscript(input, input.entries);
  const { status, durationSeconds: total, profile } = input;
  const random = rng(hash(input.id));
  const out: TimedEntry[] = [];
  const fr = profile.language === 'fr';
  if (status === 'REJECTED_LIMIT_REACHED' || status === 'REJECTED_MAX_CONCURRENCY') return out;
  const ringFor = Math.min(total, status === 'NO_ANSWER' ? Math.max(1, total - 1) : Math.min(6, Math.max(1, total * 0.1)));
  out.push({ action: 'RING', actor: 'UNKNOWN', message: fr ? 'Sonnerie' : 'Ringing', at: 0, length: ringFor });
  let t = ringFor;
  const hangUp = (actor: TimedEntry['actor']) =>
    out.push({ action: 'HANG_UP', actor, message: fr ? 'Raccroché' : 'Hung up', at: Math.max(t, total - 0.5), length: 0 });

  if (status === 'NO_ANSWER' || status === 'UNREACHABLE' || status === 'FAILED' || status === 'REJECTED' || status === 'CANCELED' || status === 'FAILOVER') {
    hangUp(status === 'REJECTED' ? 'HUMAN' : 'UNKNOWN');
    return out;
  }
  if (status === 'VOICE_BOX') {
    out.push({ action: 'ANSWER', actor: 'ANSWERING_MACHINE', message: fr ? 'Messagerie' : 'Voicemail picked up', at: t, length: 0 });
    const greeting = fr
      ? 'Vous êtes bien sur la messagerie, laissez un message après le bip.'
      : 'You have reached my voicemail, please leave a message after the beep.';
    out.push({ action: 'HUMAN_SPEAK', actor: 'ANSWERING_MACHINE', message: greeting, at: t + 0.3, length: speechSeconds(greeting) });
    t += 0.3 + speechSeconds(greeting) + 0.2;
    out.push({ action: 'ANSWERING_MACHINE_BEEP', actor: 'ANSWERING_MACHINE', message: 'Beep', at: t, length: 0.6 });
    t += 1;
    const note = fillPlaceholders(profile.agentLines[0] ?? '', input.context, profile.language);
    out.push({ action: 'AGENT_SPEAK', actor: 'AGENT', message: note, at: t, length: Math.min(speechSeconds(note), Math.max(0.5, total - t - 1)) });
    hangUp('AGENT');
    return out;
  }
  // COMPLETED or TRANSFERRED: a conversation that fills the call.
  out.push({ action: 'ANSWER', actor: 'HUMAN', message: fr ? 'Décroché' : 'Answered', at: t, length: 0 });
  t += 0.5;
  const lines: { actor: 'AGENT' | 'HUMAN'; text: string }[] = [];
  const agentLines = profile.agentLines.map((l) => fillPlaceholders(l, input.context, profile.language));
  for (let i = 0; i < agentLines.length; i += 1) {
    lines.push({ actor: 'AGENT', text: agentLines[i]! });
    const human = profile.humanLines[i];
    if (human) lines.push({ actor: 'HUMAN', text: human });
  }
  const end = total - (status === 'TRANSFERRED' ? 2 : 0.8);
  const natural = lines.reduce((s, l) => s + speechSeconds(l.text) + 0.6, 0);
  // Stretch or squeeze the turns so the conversation fits the call's duration.
  const scale = Math.max(0.05, (end - t) / natural);
  let turns = lines;
  // A long call repeats the exchange (clarifications) so silence does not dominate.
  while (scale > 2.5 && turns.length < 4000 && natural * (turns.length / lines.length) * 1.2 < end - t) turns = [...turns, ...lines];
  const fit = Math.max(0.05, (end - t) / turns.reduce((s, l) => s + speechSeconds(l.text) + 0.6, 0));
  for (const line of turns) {
    const length = speechSeconds(line.text) * Math.min(1, fit);
    out.push({ action: line.actor === 'AGENT' ? 'AGENT_SPEAK' : 'HUMAN_SPEAK', actor: line.actor, message: line.text, at: t, length });
    t += (speechSeconds(line.text) + 0.6) * fit;
    void random;
  }
  if (status === 'TRANSFERRED') {
    out.push({
      action: 'TRANSFER_CALL',
      actor: 'AGENT',
      message: fr ? 'Transfert vers un conseiller' : 'Transferring to a colleague',
      at: Math.max(t, total - 1.5),
      length: 0,
    });
    return out;
  }
  hangUp('HUMAN');
  return out;
}

/**
 * A conversation of exactly `count` entries over the whole call: RING, ANSWER, turns that
 * alternate AGENT and HUMAN (the agent's script, repeated), HANG_UP; fewer than 4: turns only.
 */
function spreadTranscript(input: TranscriptInput, count: number): TimedEntry[] {
  const { durationSeconds: total, profile } = input;
  const fr = profile.language === 'fr';
  const agentLines = profile.agentLines.map((l) => fillPlaceholders(l, input.context, profile.language));
  const humanLines = profile.humanLines.length ? profile.humanLines : [fr ? 'Oui.' : 'Yes.'];
  const framed = count >= 4;
  const turns = framed ? count - 3 : count;
  const from = framed ? Math.min(total, Math.min(6, Math.max(1, total * 0.1))) : 0;
  const to = framed ? Math.max(from, total - 0.5) : total;
  const step = (to - from) / turns;
  const out: TimedEntry[] = [];
  if (framed) {
    out.push({ action: 'RING', actor: 'UNKNOWN', message: fr ? 'Sonnerie' : 'Ringing', at: 0, length: from });
    out.push({ action: 'ANSWER', actor: 'HUMAN', message: fr ? 'Décroché' : 'Answered', at: from, length: 0 });
  }
  for (let i = 0; i < turns; i += 1) {
    const agent = i % 2 === 0;
    const text = agent ? (agentLines[(i / 2) % agentLines.length] ?? '…') : humanLines[((i - 1) / 2) % humanLines.length]!;
    const at = from + i * step;
    out.push({
      action: agent ? 'AGENT_SPEAK' : 'HUMAN_SPEAK',
      actor: agent ? 'AGENT' : 'HUMAN',
      message: text,
      at,
      length: Math.min(speechSeconds(text), step * 0.85),
    });
  }
  if (framed) out.push({ action: 'HANG_UP', actor: 'HUMAN', message: fr ? 'Raccroché' : 'Hung up', at: to, length: 0 });
  return out;
}

export function transcriptEntries(input: TranscriptInput): TranscriptEntry[] {
  return timedTranscript(input).map((e) => ({
    action: e.action,
    actor: e.actor,
    message: e.message,
    time: toUtcTimestamp(new Date(input.startMs + Math.floor(e.at) * 1000)),
  }));
}
