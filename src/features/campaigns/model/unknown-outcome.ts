/**
 * After a create whose outcome is unknown (the Voice API's answer never reached Switchboard), what
 * the checks found, before anyone may send it again under a new key: the attempt by its key (its
 * audit trail: sent, answered or not), the registry (its pending entry's campaign id, read back
 * upstream; or the same name registered since the attempt), and whether a new key could make a
 * second campaign.
 */
import type { RegistryEntry } from '@contract/bff/http';
import type { WriteAttempt } from '@contract/bff/write-attempts';

export type Finding =
  /** It exists: open it (the draft records its id). */
  | { kind: 'created'; campaignId: string; how: string }
  /** The first attempt is still waiting for its answer: check again shortly. */
  | { kind: 'in-flight' }
  /** Switchboard has no attempt under this key: it never reached the Voice API; the same key can be sent. */
  | { kind: 'never-sent' }
  /**
   * Not found. `duplicateRisk`: it may exist all the same (no answer came), so a new key could make
   * a second campaign; `unresolved`: the key still says "unknown" (closed before a new one is used).
   */
  | { kind: 'not-found'; detail: string; duplicateRisk: boolean; unresolved: boolean };

const idOf = (response: unknown): string | null =>
  response && typeof response === 'object' && typeof (response as { id?: unknown }).id === 'string' ? (response as { id: string }).id : null;

export function judgeAttempt(attempt: WriteAttempt | null, name: string, registry: readonly RegistryEntry[], since: string): Finding {
  if (!attempt) {
    const twin = registry.find((c) => c.name === name && Date.parse(c.createdAt) >= Date.parse(since));
    return twin ? { kind: 'created', campaignId: twin.id, how: 'It is in the campaign registry.' } : { kind: 'never-sent' };
  }
  const answered = attempt.state === 'done' && attempt.status !== null && attempt.status < 300 ? idOf(attempt.response) : null;
  if (answered) return { kind: 'created', campaignId: answered, how: 'The Voice API’s answer reached Switchboard after all.' };
  const known = attempt.campaign?.campaignId;
  if (known) {
    const readBack = idOf(attempt.campaign?.current) === known;
    return { kind: 'created', campaignId: known, how: readBack ? 'The registry has its id, and the Voice API reads it back.' : 'The registry has its id.' };
  }
  const twin = registry.find((c) => c.name === name && Date.parse(c.createdAt) >= Date.parse(attempt.startedAt));
  if (twin) return { kind: 'created', campaignId: twin.id, how: 'A campaign with this name was registered since this attempt started.' };
  if (attempt.state === 'in-flight') return { kind: 'in-flight' };
  if (attempt.state === 'done') {
    return { kind: 'not-found', detail: `The Voice API refused it (${attempt.status}): it was not created.`, duplicateRisk: false, unresolved: false };
  }
  const common = `The campaign registry has no campaign “${name}” created since this attempt started, and the audit log records the attempt as sent with no answer.`;
  return attempt.state === 'not-applied'
    ? { kind: 'not-found', detail: `${common} It was marked as not created.`, duplicateRisk: true, unresolved: false }
    : { kind: 'not-found', detail: `${common} The Voice API may still have created it.`, duplicateRisk: true, unresolved: true };
}
