/** A campaign takes LIMITS.campaignRecipients recipients; past that the wizard offers to split. */
import { LIMITS } from '@contract/limits';

export type LimitState = { kind: 'empty' } | { kind: 'ok' } | { kind: 'over'; parts: number };

export function limitState(count: number): LimitState {
  if (count < LIMITS.campaignRecipients.min) return { kind: 'empty' };
  if (count <= LIMITS.campaignRecipients.max) return { kind: 'ok' };
  return {
    kind: 'over',
    parts: Math.ceil(count / LIMITS.campaignRecipients.max),
  };
}
