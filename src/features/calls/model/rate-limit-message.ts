/** The bulk route's 429 in words: how many slots are free and how many were asked for. */
export function tooManyMessage(remaining: number | undefined, sent: number): string {
  if (remaining === undefined) return `Too many calls at once: you sent ${sent}. Wait for calls in progress to end, or send fewer.`;
  return `${remaining} free ${remaining === 1 ? 'slot' : 'slots'}, you sent ${sent}. Send at most ${remaining} now, or wait for calls in progress to end.`;
}
