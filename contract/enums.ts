/** Every enum of the Voice API v1. */
import { z } from 'zod';
import { AGENT_TYPES, TRANSCRIPT_ACTIONS, TRANSCRIPT_ACTORS } from './enums.plain';

export const AgentType = z.enum(AGENT_TYPES).meta({ id: 'AgentType' });
export type AgentType = z.infer<typeof AgentType>;

/** docs/api-assumptions.md: the statuses a live call can end in; a terminal status never changes. */
export const TERMINAL_CALL_STATUSES = [
  'CANCELED',
  'COMPLETED',
  'NO_ANSWER',
  'VOICE_BOX',
  'UNREACHABLE',
  'FAILED',
  'TRANSFERRED',
  'REJECTED',
  'FAILOVER',
] as const;

/** docs/api-assumptions.md: statuses given at creation to calls refused for limits. */
export const LIMIT_REJECTION_STATUSES = ['REJECTED_LIMIT_REACHED', 'REJECTED_MAX_CONCURRENCY'] as const;

/** Every call status: the live one, the terminal ones and the limit rejections, in the Voice API's order. */
export const CallStatus = z.enum(['IN_PROGRESS', ...TERMINAL_CALL_STATUSES, ...LIMIT_REJECTION_STATUSES]).meta({ id: 'CallStatus' });
export type CallStatus = z.infer<typeof CallStatus>;

export const TranscriptAction = z.enum(TRANSCRIPT_ACTIONS).meta({ id: 'TranscriptAction' });
export type TranscriptAction = z.infer<typeof TranscriptAction>;

export const TranscriptActor = z.enum(TRANSCRIPT_ACTORS).meta({ id: 'TranscriptActor' });
export type TranscriptActor = z.infer<typeof TranscriptActor>;

export const CampaignStatus = z.enum(['ACTIVE', 'PAUSED', 'CANCELLED']).meta({ id: 'CampaignStatus' });
export type CampaignStatus = z.infer<typeof CampaignStatus>;

export const Weekday = z.enum(['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY']).meta({ id: 'Weekday' });
export type Weekday = z.infer<typeof Weekday>;

/** docs/api-assumptions.md: the outcomes a campaign may retry on. */
export const RetryOn = z.enum(['NO_ANSWER', 'VOICE_BOX', 'UNREACHABLE', 'FAILED', 'REJECTED']).meta({ id: 'RetryOnStatus' });
export type RetryOn = z.infer<typeof RetryOn>;
export const DEFAULT_RETRY_ON: readonly RetryOn[] = ['NO_ANSWER', 'UNREACHABLE'];

export const Scope = z
  .enum(['calls:read', 'calls:write', 'campaigns:read', 'campaigns:write', 'agents:read', 'agents:write', 'integrations:read', 'integrations:write'])
  .meta({ id: 'Scope' });
export type Scope = z.infer<typeof Scope>;
