/**
 * The `tz` query parameter of the index's reports and of the review's: an IANA zone name that dates
 * and buckets are read in, UTC when absent (the upstream's rule). Apart from index.ts, so that what
 * needs only the zone does not build the whole search's schemas: the SPA's QA panel, through
 * review.ts, built them all at its first render.
 */
import { z } from 'zod';
import { isIanaZone } from '../timezone';
import { SEARCH_FILTERS } from './index-filters.plain';

/** A zone name of at most `max` characters, UTC when absent. */
export function zoneParam(max: number) {
  return z.string().max(max).refine(isIanaZone, { error: 'Must be an IANA time zone name, such as Europe/Paris or UTC.' }).default('UTC');
}

export const TZ_ABOUT = 'IANA zone that dates and buckets are read in.';

/** The reports' `tz`, with the calls search's limit. */
export const Tz = zoneParam(SEARCH_FILTERS.zone.max).meta({ description: TZ_ABOUT });
