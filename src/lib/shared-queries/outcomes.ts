/**
 * The outcome definitions (/bff/outcomes, docs/outcomes.md): the outcomes feature lists and edits
 * them, the calls list offers them as its "Met outcome" filter. One query, under the outcomes root
 * the outcomes feature invalidates after a change.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Outcome } from '@contract/bff/outcomes';
import { bffRequest } from '../api-client';
import { outcomesRoot } from './keys';

export const outcomesListKey = () => [...outcomesRoot, 'list'] as const;

export const outcomesQueryOptions = () => queryOptions({ queryKey: outcomesListKey(), queryFn: () => bffRequest<Outcome[]>('GET', '/bff/outcomes') });
