/**
 * When a read that got 429 may try again. Bounded (a few attempts, a ceiling on each wait) and
 * jittered (many tabs do not come back at the same instant); Retry-After wins when it is sane.
 */
import { parseRetryAfter } from '@contract/retry-after.plain';

/** `Retry-After` as seconds (delta or HTTP date): one reading, in contract/retry-after.plain.ts. */
export { parseRetryAfter };

export const READ_RETRY = {
  /** Attempts after the first. */
  maxRetries: 3,
  baseMs: 500,
  maxDelayMs: 10_000,
  /** Up to this share of the delay is added at random. */
  jitter: 0.25,
} as const;

/**
 * The wait before retry number `attempt` (0-based), or null when the read should give up: out of
 * attempts, or the server asks for longer than the ceiling (better to show the error than hang).
 */
export function readRetryDelayMs(attempt: number, retryAfterSeconds: number | undefined, random: () => number = Math.random): number | null {
  if (attempt >= READ_RETRY.maxRetries) return null;
  const base = retryAfterSeconds !== undefined ? retryAfterSeconds * 1000 : READ_RETRY.baseMs * 2 ** attempt;
  if (base > READ_RETRY.maxDelayMs) return null;
  const jittered = base + base * READ_RETRY.jitter * random() + (retryAfterSeconds === 0 ? 100 * random() : 0);
  return Math.min(READ_RETRY.maxDelayMs, Math.round(jittered));
}
