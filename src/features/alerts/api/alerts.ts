/** Fetchers, queryOptions and mutations of watched views and alerts (/bff/alert-rules, /bff/alerts). */
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { AlertDetail, AlertPage, AlertRule, AlertRuleBody } from '@contract/bff/alerts';
import { ALERT_PATHS } from '@contract/bff/alerts.plain';
import { bffRequest } from '@/lib/api-client';
import { alertsRoot } from '@/lib/shared-queries/keys';

export const alertKeys = {
  all: alertsRoot,
  rules: () => [...alertKeys.all, 'rules'] as const,
  lists: () => [...alertKeys.all, 'list'] as const,
  list: (page: number, open: boolean | undefined) => [...alertKeys.lists(), { page, open }] as const,
  detail: (id: number) => [...alertKeys.all, 'detail', id] as const,
};

export const ALERTS_PAGE_SIZE = 20;

export const alertRulesQueryOptions = () => queryOptions({ queryKey: alertKeys.rules(), queryFn: () => bffRequest<AlertRule[]>('GET', ALERT_PATHS.rules) });

export const alertListQueryOptions = (page: number, open: boolean | undefined) =>
  queryOptions({
    queryKey: alertKeys.list(page, open),
    queryFn: () =>
      bffRequest<AlertPage>('GET', `${ALERT_PATHS.alerts}?page=${page}&size=${ALERTS_PAGE_SIZE}${open === undefined ? '' : `&open=${String(open)}`}`),
    refetchInterval: 30_000,
    // Another page or filter keeps this one on screen while it is read (the focus stays where it was).
    placeholderData: keepPreviousData,
  });

export const alertDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: alertKeys.detail(id),
    queryFn: () => bffRequest<AlertDetail>('GET', ALERT_PATHS.alert(id)),
    // Deliveries and a pause move on by themselves for a while after an alert opens.
    refetchInterval: 5_000,
  });

export const saveRule = (body: AlertRuleBody, id?: number) =>
  id === undefined ? bffRequest<AlertRule>('POST', ALERT_PATHS.rules, body) : bffRequest<AlertRule>('PUT', ALERT_PATHS.rule(id), body);

export const deleteRule = (id: number) => bffRequest<void>('DELETE', ALERT_PATHS.rule(id));

export const markSeen = (upTo: number) => bffRequest<void>('POST', ALERT_PATHS.seen, { upTo });

export const invalidateAlerts = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: alertKeys.all });
