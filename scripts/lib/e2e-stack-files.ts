/**
 * The files an e2e stack (scripts/e2e-stack.ts) leaves beside it, named by its BFF's port: its log
 * (every BFF line, scanned for keys by e2e/secrets-reporter.ts) and its pid (e2e/faults.spec.ts
 * checks the BFF survived the faults).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const e2eStackFile = (port: number, kind: 'log' | 'pid'): string => join(tmpdir(), `switchboard-e2e-stack-${port}.${kind}`);
