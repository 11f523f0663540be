import { describe, expect, it } from 'vitest';
import { canChangeCampaignStatus } from './campaign-rules';
import {
  AgentType,
  CallStatus,
  CampaignStatus,
  LIMIT_REJECTION_STATUSES,
  Scope,
  TERMINAL_CALL_STATUSES,
  TranscriptAction,
  TranscriptActor,
  Weekday,
} from './enums';
import { AgentPatch } from './schemas/agent';
import { TokenRequest } from './schemas/token';

describe('enums of the spec', () => {
  it('has exactly the values the spec lists', () => {
    expect(AgentType.options).toEqual(['INBOUND', 'OUTBOUND']);
    expect(CallStatus.options).toHaveLength(12);
    expect(TranscriptAction.options).toEqual(['RING', 'ANSWER', 'HUMAN_SPEAK', 'AGENT_SPEAK', 'ANSWERING_MACHINE_BEEP', 'HANG_UP', 'TRANSFER_CALL']);
    expect(TranscriptActor.options).toEqual(['UNKNOWN', 'HUMAN', 'AGENT', 'ANSWERING_MACHINE']);
    expect(CampaignStatus.options).toEqual(['ACTIVE', 'PAUSED', 'CANCELLED']);
    expect(Weekday.options).toHaveLength(7);
    expect(Scope.options).toHaveLength(8);
  });

  it('splits call statuses into live, terminal and limit rejections with none left over', () => {
    const all = new Set<string>(['IN_PROGRESS', ...TERMINAL_CALL_STATUSES, ...LIMIT_REJECTION_STATUSES]);
    expect([...all].sort()).toEqual([...CallStatus.options].sort());
  });

  it('refuses values outside the enums', () => {
    expect(CallStatus.safeParse('CANCELLED').success).toBe(false); // calls spell it CANCELED
    expect(CampaignStatus.safeParse('CANCELED').success).toBe(false); // campaigns spell it CANCELLED
    expect(TokenRequest.safeParse({ scope: ['calls:delete'] }).success).toBe(false);
    expect(TokenRequest.safeParse({ scope: [] }).success).toBe(false);
  });

  it('agent patch: partial, at least one field, no unknown field', () => {
    expect(AgentPatch.safeParse({ active: false }).success).toBe(true);
    expect(AgentPatch.safeParse({}).success).toBe(false);
    expect(AgentPatch.safeParse({ type: 'INBOUND' }).success).toBe(false);
    expect(AgentPatch.safeParse({ name: '   ' }).success).toBe(false);
    expect(AgentPatch.safeParse({ recordable: 'yes' }).success).toBe(false);
  });

  it('campaign status transitions follow docs/api-assumptions.md', () => {
    expect(canChangeCampaignStatus('ACTIVE', 'PAUSED')).toBe(true);
    expect(canChangeCampaignStatus('PAUSED', 'ACTIVE')).toBe(true);
    expect(canChangeCampaignStatus('PAUSED', 'CANCELLED')).toBe(true);
    expect(canChangeCampaignStatus('CANCELLED', 'CANCELLED')).toBe(true);
    expect(canChangeCampaignStatus('CANCELLED', 'ACTIVE')).toBe(false);
  });
});
