/**
 * The QA review's sampling rules and checks (/bff/review/rules): the review feature lists and
 * edits them, the calls list offers the checks and categories as a filter ("Flagged by"). One
 * query, under the review root every review change invalidates.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Check, SamplingRule } from '@contract/bff/review';
import { bffRequest } from '../api-client';
import { reviewRoot } from './keys';

export const reviewRulesKey = () => [...reviewRoot, 'rules'] as const;

export const reviewRulesQueryOptions = () =>
  queryOptions({
    queryKey: reviewRulesKey(),
    queryFn: () => bffRequest<{ sampling: SamplingRule[]; checks: Check[] }>('GET', '/bff/review/rules'),
  });
