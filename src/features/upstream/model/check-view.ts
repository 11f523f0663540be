/**
 * How the "Voice API" page reads an answer of GET /bff/upstream-check: where the latest check
 * stands, the verdict of its report, and why a new check may not be asked for now.
 */
import type { DoctorReport, UpstreamCheck, UpstreamCheckAnswer } from '@contract/bff/upstream-check';

export type CheckStage =
  /** No check was ever asked for. */
  | 'never'
  /** Asked for; no worker has started it. */
  | 'waiting'
  /** A worker runs it. */
  | 'running'
  /** Finished with a report. */
  | 'done'
  /** Finished without a report (it could not finish, or its worker stopped). */
  | 'failed';

export function stageOf(check: UpstreamCheck | null): CheckStage {
  if (!check) return 'never';
  if (!check.finishedAt) return check.startedAt ? 'running' : 'waiting';
  return check.report ? 'done' : 'failed';
}

/** A check is open while it is asked for or running: the page reads again until it is not. */
export const isOpen = (check: UpstreamCheck | null): boolean => check !== null && check.finishedAt === null;

/** "As expected", or "1 problem" / "N problems". */
export function verdict(report: DoctorReport): string {
  const n = report.problems.length;
  return n === 0 ? 'As expected' : `${n} ${n === 1 ? 'problem' : 'problems'}`;
}

/** Why "Run the check" is disabled now; null: it may be pressed. */
export function runDisabledReason(answer: UpstreamCheckAnswer): string | null {
  const stage = stageOf(answer.check);
  if (stage === 'running') return 'A check is running; its report shows here when it ends.';
  if (stage === 'waiting')
    return answer.worker.running ? 'A check is waiting for the worker to start it.' : 'A check is waiting for a worker: none is running.';
  return null;
}

/** A token's lifetime as a person reads it: "3600 s (1 h)". */
export function lifetime(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds >= 3600 && seconds % 3600 === 0) return `${seconds} s (${seconds / 3600} h)`;
  if (seconds >= 60 && seconds % 60 === 0) return `${seconds} s (${seconds / 60} min)`;
  return `${seconds} s`;
}

/** The clock skew in words: "none", "3 s ahead", "40 s behind". */
export function skewText(seconds: number | null): string {
  if (seconds === null) return 'Not known (no Date header)';
  if (seconds === 0) return 'None';
  return `${Math.abs(seconds)} s ${seconds > 0 ? 'ahead of' : 'behind'} this server`;
}
