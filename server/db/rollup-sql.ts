/**
 * The shapes of the Insights rollups (ADR 0034), as SQL built from fixed lists (never from input):
 * a status rollup row holds one count per call status (CALL_STATUS_ORDER), and a duration rollup
 * row the counts of one block of DURATION_BLOCK seconds (counts[1 + duration % DURATION_BLOCK] for
 * block = duration / DURATION_BLOCK). Arrays keep a 30-day read to a few thousand rows at any
 * volume: a row per hour, agent and campaign (not per status), a row per day, agent, campaign and
 * block of seconds (not per second).
 */
import { CallStatus } from '../../contract/enums';

/** Every call status, in the contract's order: the positions of a status rollup's counts. */
export const CALL_STATUS_ORDER: readonly string[] = CallStatus.options;
export const DURATION_BLOCK = 64;

const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** ARRAY[count of each status] over the rows grouped, `weight` each (1, or a delta). */
export function statusCountsSql(status: string, weight: string): string {
  return `ARRAY[${CALL_STATUS_ORDER.map((s) => `coalesce(sum(${weight}) FILTER (WHERE ${status} = ${literal(s)}), 0)`).join(', ')}]::int[]`;
}

/** ARRAY[count of each second of the block] over the rows grouped. */
export function durationCountsSql(duration: string, weight: string): string {
  return `ARRAY[${range(DURATION_BLOCK)
    .map((k) => `coalesce(sum(${weight}) FILTER (WHERE ${duration} % ${DURATION_BLOCK} = ${k}), 0)`)
    .join(', ')}]::int[]`;
}

/** Element-wise a + b of two count arrays of `length`. */
export function addCountsSql(a: string, b: string, length: number): string {
  return `ARRAY[${range(length)
    .map((i) => `${a}[${i + 1}] + ${b}[${i + 1}]`)
    .join(', ')}]::int[]`;
}

/** Element-wise sums of a count array column over the rows grouped. */
export function sumCountsSql(column: string, length: number): string {
  return `ARRAY[${range(length)
    .map((i) => `sum(${column}[${i + 1}])`)
    .join(', ')}]::int[]`;
}
