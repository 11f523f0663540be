/**
 * Rows of the review tables as the contract's shapes (contract/bff/review.ts), for the review routes
 * and the figures. Dates as ISO strings, numeric columns as numbers.
 */
import type { Check, CheckCondition, Review, ReviewComment, SamplingRule } from '../../../contract/bff/review';
import type { SampleSpec } from './queue';
import type { CommentRow } from './comments';
import type { ReviewRow, RuleWithCount } from './store';

const iso = (d: Date | string) => new Date(d).toISOString();

export const toReview = (r: ReviewRow): Review => ({
  callId: r.call_id,
  reviewer: r.reviewer,
  rubricVersion: r.rubric_version,
  scores: r.scores,
  score: Number(r.score),
  note: r.note,
  reviewed: r.reviewed_at !== null,
  reviewedAt: r.reviewed_at ? iso(r.reviewed_at) : null,
  updatedAt: iso(r.updated_at),
});

export const toComment = (r: CommentRow): ReviewComment => ({
  id: r.id,
  callId: r.call_id,
  author: r.author,
  text: r.text,
  line: r.line,
  atSeconds: r.at_seconds === null ? null : Number(r.at_seconds),
  createdAt: iso(r.created_at),
});

export const toSamplingRule = (r: RuleWithCount): SamplingRule => {
  const spec = r.spec as SampleSpec;
  return {
    id: r.id,
    name: r.name,
    agentId: r.agent_id,
    campaignName: r.campaign_name,
    from: spec.from,
    to: spec.to,
    status: spec.status,
    mode: spec.mode,
    amount: Number(spec.amount),
    queued: r.n,
    createdBy: r.created_by,
    createdAt: iso(r.created_at),
  };
};
export const toCheck = (r: RuleWithCount): Check => ({
  id: r.id,
  name: r.name,
  agentId: r.agent_id,
  campaignName: r.campaign_name,
  condition: r.spec as CheckCondition,
  flagged: r.n,
  createdBy: r.created_by,
  createdAt: iso(r.created_at),
});
