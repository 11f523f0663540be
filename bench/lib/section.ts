/** Sections run under a shared deadline; a failure inside one is reported, never fatal to the bench. */
import type { Report } from './report';

export interface BenchContext {
  report: Report;
  /** Epoch ms after which sections stop starting new work. */
  deadline: number;
  log(message: string): void;
  /** Repeats per figure (≥ 5). */
  runs: number;
}

export function timeLeft(ctx: BenchContext): number {
  return ctx.deadline - Date.now();
}

export function reason(error: unknown): string {
  return error instanceof Error ? error.message.split('\n')[0]!.slice(0, 240) : String(error);
}
