/** Each recipient's time zone, grouped, from the BFF (which holds the number → zone mapping; ADR 0040). */
import { queryOptions } from '@tanstack/react-query';
import { RECIPIENT_ZONES_PATH, type RecipientZones } from '@contract/bff/recipient-zones';
import { bffRequest } from '@/lib/api-client';
import { campaignKeys } from './keys';

export function recipientZonesQueryOptions(phones: readonly string[]) {
  return queryOptions({
    queryKey: campaignKeys.zones(phones),
    queryFn: () =>
      phones.length === 0 ? Promise.resolve<RecipientZones>({ groups: [] }) : bffRequest<RecipientZones>('POST', RECIPIENT_ZONES_PATH, { phones }),
    // A number's zone does not change while the wizard is open.
    staleTime: Infinity,
  });
}
