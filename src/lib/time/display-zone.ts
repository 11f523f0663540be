/**
 * The display time zone: the user's choice kept by the BFF (GET/PUT /bff/preferences), else the
 * browser's. One query for the preferences; every time on screen goes through `useTimeFormat`.
 */
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Preferences } from '@contract/bff/preferences';
import { bffRequest } from '../api-client';
import { browserTimeZone, displayZoneOf, formatDate, formatDateTime, formatTime, formatUtc, zoneLabel } from './format';

export const preferencesKeys = { all: ['preferences'] as const };

export const preferencesQueryOptions = queryOptions({
  queryKey: preferencesKeys.all,
  queryFn: () => bffRequest<Preferences>('GET', '/bff/preferences'),
  staleTime: Infinity,
});

export interface DisplayZone {
  /** The zone times are shown in now. */
  zone: string;
  /** The user's choice, or null for "the browser's". */
  chosen: string | null;
  /** The browser's own zone. */
  browser: string;
  /** "Europe/Paris (GMT+1)". */
  label: string;
}

/** The display zone. Until the preferences load (or if they cannot), the browser's. */
export function useDisplayZone(): DisplayZone {
  const { data } = useQuery(preferencesQueryOptions);
  const browser = browserTimeZone();
  const chosen = data?.timeZone ?? null;
  const zone = displayZoneOf(data);
  return useMemo(() => ({ zone, chosen, browser, label: zoneLabel(zone) }), [zone, chosen, browser]);
}

/**
 * The display zone for a route loader (outside React): the preferences are read once (usually
 * already cached by the shell), so the first request already uses the user's zone.
 */
export async function loadDisplayZone(queryClient: QueryClient): Promise<string> {
  const prefs = await queryClient.ensureQueryData(preferencesQueryOptions).catch(() => undefined);
  return displayZoneOf(prefs);
}

/** Changes the display zone for this user (null: follow the browser). */
export function useSetDisplayZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (timeZone: string | null) => bffRequest<Preferences>('PUT', '/bff/preferences', { timeZone }),
    onSuccess: (prefs) => queryClient.setQueryData(preferencesKeys.all, prefs),
  });
}

export interface TimeFormat {
  zone: string;
  /** Date and time with the zone named. */
  dateTime: (utc: string | null | undefined) => string;
  date: (utc: string | null | undefined) => string;
  /** Time of day; `short` leaves the zone name out. */
  time: (utc: string | null | undefined, opts?: { short?: boolean }) => string;
  /** The UTC instant, for hover text. */
  utc: (utc: string | null | undefined) => string;
}

/** Formatters bound to the display zone. */
export function useTimeFormat(): TimeFormat {
  const { zone } = useDisplayZone();
  return useMemo(
    () => ({
      zone,
      dateTime: (utc) => formatDateTime(utc, zone),
      date: (utc) => formatDate(utc, zone),
      time: (utc, opts) => formatTime(utc, zone, opts),
      utc: formatUtc,
    }),
    [zone],
  );
}
