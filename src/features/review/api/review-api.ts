/** The review feature's reads and writes (BFF /bff/review/*, shapes in contract/bff/review.ts). */
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  AgentScores,
  CallReview,
  Check,
  CheckBody,
  CommentBody,
  FillResult,
  QueueNext,
  QueuePage,
  QueueState,
  Review,
  ReviewBody,
  ReviewComment,
  Rubric,
  RubricBody,
  RubricList,
  SamplingRule,
  SamplingRuleBody,
} from '@contract/bff/review';
import { bffRequest } from '@/lib/api-client';
import { reviewRoot } from '@/lib/shared-queries/keys';
import { reviewRulesKey, reviewRulesQueryOptions } from '@/lib/shared-queries/review-rules';

export const reviewKeys = {
  all: reviewRoot,
  queue: (state: QueueState, page: number) => ['review', 'queue', state, page] as const,
  call: (callId: string) => ['review', 'call', callId] as const,
  rubrics: ['review', 'rubrics'] as const,
  rules: reviewRulesKey(),
};

export const QUEUE_PAGE_SIZE = 20;

export function queueQueryOptions(state: QueueState, page: number) {
  return queryOptions({
    queryKey: reviewKeys.queue(state, page),
    queryFn: () => bffRequest<QueuePage>('GET', `/bff/review/queue?state=${state}&page=${page}&size=${QUEUE_PAGE_SIZE}`),
    // Another page or state keeps this one on screen while it is read (the focus stays where it was).
    placeholderData: keepPreviousData,
  });
}

export function callReviewQueryOptions(callId: string) {
  return queryOptions({ queryKey: reviewKeys.call(callId), queryFn: () => bffRequest<CallReview>('GET', `/bff/review/calls/${callId}`) });
}

export function rubricsQueryOptions() {
  return queryOptions({ queryKey: reviewKeys.rubrics, queryFn: () => bffRequest<RubricList>('GET', '/bff/review/rubrics') });
}

/** The rules are shared with the calls list's "Flagged by" filter: one query (src/lib/shared-queries). */
export const rulesQueryOptions = reviewRulesQueryOptions;

export const nextInQueue = (after?: string) => bffRequest<QueueNext>('GET', `/bff/review/queue/next${after ? `?after=${after}` : ''}`);
export const saveReview = (callId: string, body: ReviewBody) => bffRequest<Review>('PUT', `/bff/review/calls/${callId}`, body);
export const pinComment = (callId: string, body: CommentBody) => bffRequest<ReviewComment>('POST', `/bff/review/calls/${callId}/comments`, body);
export const removeComment = (id: number) => bffRequest<void>('DELETE', `/bff/review/comments/${id}`);
export const saveRubric = (agentId: string, body: RubricBody) => bffRequest<Rubric>('PUT', `/bff/review/rubrics/${agentId}`, body);
export const addSamplingRule = (body: SamplingRuleBody) => bffRequest<SamplingRule>('POST', '/bff/review/sampling-rules', body);
export const addCheck = (body: CheckBody) => bffRequest<Check>('POST', '/bff/review/checks', body);
export const removeRule = (id: number) => bffRequest<void>('DELETE', `/bff/review/rules/${id}`);
export const fillQueue = () => bffRequest<FillResult>('POST', '/bff/review/queue/fill');
export const REVIEW_EXPORT_URL = '/bff/review/export.csv';

export type { AgentScores };

/** After any change: the queue, the call's review, rules and rubrics are read again. */
export const invalidateReview = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: reviewKeys.all });
