/**
 * POST /bff/recipients/zones: the time zone of each number, grouped (issue 32, local hours). The
 * BFF holds the number → zone mapping (ADR 0040), so the browser never downloads it.
 */
import { z } from 'zod';
import { LIMITS } from '../limits';

export const RECIPIENT_ZONES_PATH = '/bff/recipients/zones';

/** Numbers asked at once: the wizard's largest list (ten campaigns' worth, as the do-not-call check). */
export const RECIPIENT_ZONES_MAX = LIMITS.campaignRecipients.max * 10;

export const RecipientZonesBody = z.strictObject({
  phones: z.array(z.string().max(64)).max(RECIPIENT_ZONES_MAX, { error: `Ask for at most ${RECIPIENT_ZONES_MAX.toLocaleString('en')} numbers at once.` }),
});
export type RecipientZonesBody = z.infer<typeof RecipientZonesBody>;

export const ZoneCertainty = z.enum(['sure', 'ambiguous', 'unknown']);

export const RecipientZoneGroup = z.object({
  /** The IANA zone when `sure`, else null. */
  zone: z.string().nullable(),
  certainty: ZoneCertainty,
  /** The zones an ambiguous number could be in. */
  candidates: z.array(z.string()),
  /** Positions of the group's numbers in `phones` as sent. */
  indexes: z.array(z.int()),
});
export type RecipientZoneGroup = z.infer<typeof RecipientZoneGroup>;

export const RecipientZones = z.object({ groups: z.array(RecipientZoneGroup) });
export type RecipientZones = z.infer<typeof RecipientZones>;
