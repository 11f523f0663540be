/**
 * The bell's unread count (the shell shows it on every page; the alerts screens mark alerts seen
 * and invalidate `alertsRoot`). Polled every 30 s while a page is open.
 */
import { queryOptions } from '@tanstack/react-query';
import type { AlertUnread } from '@contract/bff/alerts.plain';
import { ALERT_PATHS } from '@contract/bff/alerts.plain';
import { bffRequest } from '../api-client';
import { alertsRoot } from './keys';

export const unreadAlertsQueryOptions = () =>
  queryOptions({
    queryKey: [...alertsRoot, 'unread'] as const,
    queryFn: () => bffRequest<AlertUnread>('GET', ALERT_PATHS.unread),
    refetchInterval: 30_000,
  });
