/** Campaign rules that need a clock or a state, beyond what the schemas check. */
import type { CampaignStatus } from './enums';
import { todayIn } from './timezone';

/** docs/api-assumptions.md: `startDate` is today or later in the campaign's timezone. */
export function isStartDateAllowed(startDate: string, timezone: string, now: Date = new Date()): boolean {
  return startDate >= todayIn(timezone, now);
}

/** docs/api-assumptions.md: ACTIVE <-> PAUSED; ACTIVE or PAUSED -> CANCELLED (final); the current status is a no-op. */
export function canChangeCampaignStatus(from: CampaignStatus, to: CampaignStatus): boolean {
  if (from === to) return true;
  return from !== 'CANCELLED';
}
