/**
 * The bulk route's 429 in words: how many slots are free, how many were sent, and what the person
 * can do now (send fewer; with no slot free, wait for calls in progress to end and place again).
 */
import { countOf } from '@/lib/plural';

export function tooManyMessage(remaining: number | undefined, sent: number): string {
  if (remaining === undefined) return `Too many calls at once: you sent ${sent}. Wait for calls in progress to end, or send fewer.`;
  if (remaining <= 0)
    return `No free slot: calls in progress use them all, so nothing was placed. Wait for some calls to end, then press Place ${countOf(sent, 'call')} again; your rows are kept.`;
  return `${countOf(remaining, 'free slot')}, you sent ${sent}. Send at most ${remaining} now, or wait for calls in progress to end.`;
}
