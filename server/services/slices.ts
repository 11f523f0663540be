/**
 * CPU-bound work over many items in a request (normalising thousands of phone numbers, placing them
 * in time zones) done in slices, yielding to the event loop between them, so the process answers
 * everyone else's requests meanwhile (issue 28: no one waits on someone else's work). A slice is
 * sized to about 10-15 ms of work.
 */
import { setImmediate as yieldToLoop } from 'node:timers/promises';

/** `fn` over every item, in order, with a yield to the event loop after each `slice` items. */
export async function mapInSlices<T, U>(items: readonly T[], slice: number, fn: (item: T, index: number) => U): Promise<U[]> {
  const out: U[] = [];
  for (let i = 0; i < items.length; i += 1) {
    if (i > 0 && i % slice === 0) await yieldToLoop();
    out.push(fn(items[i]!, i));
  }
  return out;
}
