/**
 * A do-not-call import's body read, from its bytes to the rows to list (issue 28: no one waits).
 * Parsing 5,000 rows, checking them against the contract and normalising each number is ~100 ms
 * of one core and tens of megabytes of short-lived objects: on the web process's event loop it held
 * every other request, and its garbage collections most of all. It runs in the import thread
 * (import-thread.ts, through ImportReader), so the web process only sends the bytes and gets back
 * the rows. Pure: no database, no server state.
 */
import secureJson from 'secure-json-parse';
import { DncImportBody, DncReason, type DncRowProblem } from '../../../contract/bff/do-not-call';
import { toValidationErrors } from '../../../contract/errors';
import { findUnstorable, type UnstorableInput } from '../../../contract/json';
import type { ValidationError } from '../../../contract/schemas/error';
import { toE164 } from './phone';

/**
 * What the body holds: not JSON at all ('json', 'empty'); a string PostgreSQL cannot store or
 * nesting too deep ('unstorable', as the security hook answers other bodies); not an import
 * (`errors`, with the contract's paths, as the route's schema would give them); or the rows to
 * list and, by line, the rows refused (a bad number, no reason), which the others do not wait for.
 */
export type ImportRead =
  | { kind: 'empty' }
  | { kind: 'json' }
  | { kind: 'unstorable'; problem: UnstorableInput }
  | { kind: 'invalid'; errors: ValidationError[] }
  | { kind: 'rows'; valid: { phone: string; reason: string }[]; problems: DncRowProblem[] };

export function readImport(bytes: Uint8Array): ImportRead {
  const text = new TextDecoder().decode(bytes);
  if (text.trim() === '') return { kind: 'empty' };
  let data: unknown;
  try {
    // As Fastify's own JSON parser: a __proto__ or constructor.prototype key is refused.
    data = secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    return { kind: 'json' };
  }
  // What the security hook checks of every other body (server/plugins/security.ts), first as there.
  const problem = findUnstorable(data, 'The body');
  if (problem) return { kind: 'unstorable', problem };
  const body = DncImportBody.safeParse(data);
  if (!body.success) return { kind: 'invalid', errors: toValidationErrors(body.error, data) };
  const valid: { phone: string; reason: string }[] = [];
  const problems: DncRowProblem[] = [];
  for (const row of body.data.rows) {
    const reason = DncReason.safeParse(row.reason);
    // A leading apostrophe is how a spreadsheet keeps "+33…" as text (the export writes it).
    const phone = toE164(row.phone.replace(/^'/, ''));
    if (!reason.success) problems.push({ line: row.line, phone: row.phone, reason: reason.error.issues[0]!.message });
    else if (!phone) problems.push({ line: row.line, phone: row.phone, reason: `"${row.phone}" is not a possible phone number in international form.` });
    else valid.push({ phone, reason: reason.data });
  }
  return { kind: 'rows', valid, problems };
}
