/** Do-not-call rules (/bff/do-not-call/rules): read by every role, written by operators and admins. */
import { queryOptions } from '@tanstack/react-query';
import { DNC_RULE_PATHS, type DncRule, type DncRuleBody } from '@contract/bff/do-not-call-rules';
import { bffRequest } from '@/lib/api-client';
import { dncKeys } from '@/lib/do-not-call/api';

export const dncRulesKey = () => [...dncKeys.all, 'rules'] as const;

export const dncRulesQueryOptions = () => queryOptions({ queryKey: dncRulesKey(), queryFn: () => bffRequest<DncRule[]>('GET', DNC_RULE_PATHS.rules) });

export const addDncRule = (body: DncRuleBody) => bffRequest<DncRule>('POST', DNC_RULE_PATHS.rules, body);
export const deleteDncRule = (id: number) => bffRequest<void>('DELETE', DNC_RULE_PATHS.rule(id));
