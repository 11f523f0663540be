/**
 * The one line a BFF process (web or worker) prints when it cannot start: a known failure's own
 * message, which says what to do; anything else, its first line (never a raw trace of bundled code).
 */
import { DataDirError } from '../common/db';
import { ConfigError } from './config';

export function startFailureMessage(error: unknown, subject: string): string {
  if (error instanceof ConfigError || error instanceof DataDirError) return error.message;
  return `${subject} could not start: ${String((error as Error)?.message ?? error)
    .split('\n')[0]!
    .slice(0, 500)}`;
}
