/**
 * Call statuses in the groups Insights counts and charts by, as plain data (no zod: the SPA's
 * first chunk reads them). Every status is in exactly one group (the Record type makes the compiler
 * refuse a new upstream status until it is placed); docs/insights.md says why each sits where it does.
 */
import type { CallStatus } from './enums';

/** In the order charts stack them. */
export const STATUS_GROUPS = ['reached', 'noAnswer', 'failed', 'canceled', 'inProgress'] as const;
export type StatusGroup = (typeof STATUS_GROUPS)[number];

export const STATUS_GROUP_OF: Readonly<Record<CallStatus, StatusGroup>> = {
  // A person (or the transfer target) was on the line.
  COMPLETED: 'reached',
  TRANSFERRED: 'reached',
  // The other side never picked up: nobody, a voice box, or the number could not be reached.
  NO_ANSWER: 'noAnswer',
  VOICE_BOX: 'noAnswer',
  UNREACHABLE: 'noAnswer',
  // The platform failed or refused the call.
  FAILED: 'failed',
  FAILOVER: 'failed',
  REJECTED: 'failed',
  REJECTED_LIMIT_REACHED: 'failed',
  REJECTED_MAX_CONCURRENCY: 'failed',
  // Stopped on our side before it ended by itself.
  CANCELED: 'canceled',
  // Not ended yet.
  IN_PROGRESS: 'inProgress',
};

/** The statuses of each group, in the upstream's order. */
export const STATUS_GROUP_STATUSES: Readonly<Record<StatusGroup, readonly CallStatus[]>> = {
  reached: statusesOf('reached'),
  noAnswer: statusesOf('noAnswer'),
  failed: statusesOf('failed'),
  canceled: statusesOf('canceled'),
  inProgress: statusesOf('inProgress'),
};

function statusesOf(group: StatusGroup): CallStatus[] {
  return (Object.keys(STATUS_GROUP_OF) as CallStatus[]).filter((s) => STATUS_GROUP_OF[s] === group);
}

/** Labels for charts and tables. */
export const STATUS_GROUP_LABELS: Readonly<Record<StatusGroup, string>> = {
  reached: 'Reached',
  noAnswer: 'No answer',
  failed: 'Failed',
  canceled: 'Canceled',
  inProgress: 'In progress',
};
