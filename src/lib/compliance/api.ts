/**
 * Contact-frequency caps and blackout dates: the queries every screen shares (the /compliance
 * page, the wizard's, the bulk screen's and the one-call form's "will be skipped" check). The BFF
 * enforces the caps on every create whatever is sent; these only let people see it coming.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { BlackoutDateBody, BlackoutPause, BlackoutResult } from '@contract/bff/blackout';
import type { CapCheckResult, ContactCaps, ContactCapsBody } from '@contract/bff/contact-caps';
import { bffRequest } from '../api-client';

export const complianceKeys = {
  all: ['compliance'] as const,
  caps: ['compliance', 'caps'] as const,
  check: (phones: readonly string[], attemptsEach: number) => ['compliance', 'check', attemptsEach, phones] as const,
  blackout: (from: string, to: string) => ['compliance', 'blackout', from, to] as const,
  pauses: ['compliance', 'pauses'] as const,
};

/** The calendars in use and every blacked-out date from..to (YYYY-MM-DD, at most BLACKOUT_LIMITS.rangeDaysMax days). */
export function blackoutQueryOptions(from: string, to: string) {
  return queryOptions({
    queryKey: complianceKeys.blackout(from, to),
    queryFn: () => bffRequest<BlackoutResult>('GET', `/bff/compliance/blackout?from=${from}&to=${to}`),
    staleTime: 60_000,
  });
}

export function capsQueryOptions() {
  return queryOptions({ queryKey: complianceKeys.caps, queryFn: () => bffRequest<ContactCaps>('GET', '/bff/compliance/caps') });
}

/** Which of these numbers the caps would leave out, if each got `attemptsEach` more attempts (a campaign: 1 + retry.max). */
export function capsCheckQueryOptions(phones: readonly string[], attemptsEach: number) {
  return queryOptions({
    queryKey: complianceKeys.check(phones, attemptsEach),
    queryFn: () => bffRequest<CapCheckResult>('POST', '/bff/compliance/check', { phones, attemptsEach }),
    enabled: phones.length > 0,
    staleTime: 10_000,
  });
}

export async function saveCaps(queryClient: QueryClient, body: ContactCapsBody): Promise<ContactCaps> {
  const caps = await bffRequest<ContactCaps>('PUT', '/bff/compliance/caps', body);
  await queryClient.invalidateQueries({ queryKey: complianceKeys.all });
  return caps;
}

/** The pauses the BFF made for blackout dates. */
export function blackoutPausesQueryOptions() {
  return queryOptions({ queryKey: complianceKeys.pauses, queryFn: () => bffRequest<BlackoutPause[]>('GET', '/bff/compliance/blackout/pauses') });
}

const invalidateBlackout = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: ['compliance', 'blackout'] });

export async function setCalendars(queryClient: QueryClient, calendars: string[]): Promise<void> {
  await bffRequest<void>('PUT', '/bff/compliance/blackout/calendars', { calendars });
  await invalidateBlackout(queryClient);
}

export async function addBlackoutDate(queryClient: QueryClient, body: BlackoutDateBody): Promise<void> {
  await bffRequest<void>('POST', '/bff/compliance/blackout/dates', body);
  await invalidateBlackout(queryClient);
}

export async function removeBlackoutDate(queryClient: QueryClient, date: string): Promise<void> {
  await bffRequest<void>('DELETE', `/bff/compliance/blackout/dates/${date}`);
  await invalidateBlackout(queryClient);
}
