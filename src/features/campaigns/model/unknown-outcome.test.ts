import { describe, expect, it } from 'vitest';
import type { RegistryEntry } from '@contract/bff/http';
import type { WriteAttempt } from '@contract/bff/write-attempts';
import { judgeAttempt } from './unknown-outcome';

const ID = '00000000-0000-4000-8000-0000000000aa';
const AGENT = '00000000-0000-4000-8000-0000000000bb';
const since = '2026-11-24T08:00:00.000Z';
const attempt = (over: Partial<WriteAttempt>): WriteAttempt => ({
  key: 'key-00000001',
  action: 'createCampaign',
  state: 'unknown',
  startedAt: since,
  expiresAt: '2026-11-25T08:00:00.000Z',
  status: null,
  response: null,
  campaign: { name: 'Renewals', agentId: AGENT, campaignId: null, current: null },
  ...over,
});
const entry = (createdAt: string): RegistryEntry => ({ id: ID, name: 'Renewals', agentId: AGENT, createdBy: 'operator', createdAt });

describe('judgeAttempt', () => {
  it('finds the campaign by a late answer, by the registry id read back, or by its name registered since', () => {
    expect(judgeAttempt(attempt({ state: 'done', status: 201, response: { id: ID } }), 'Renewals', [], since)).toMatchObject({
      kind: 'created',
      campaignId: ID,
    });
    expect(judgeAttempt(attempt({ campaign: { name: 'Renewals', agentId: AGENT, campaignId: ID, current: { id: ID } } }), 'Renewals', [], since)).toEqual({
      kind: 'created',
      campaignId: ID,
      how: 'The registry has its id, and the Voice API reads it back.',
    });
    expect(judgeAttempt(attempt({}), 'Renewals', [entry('2026-11-24T08:00:05.000Z')], since)).toMatchObject({ kind: 'created', campaignId: ID });
  });

  it('does not take an older campaign of the same name for this one', () => {
    expect(judgeAttempt(attempt({}), 'Renewals', [entry('2026-11-23T08:00:00.000Z')], since)).toMatchObject({
      kind: 'not-found',
      duplicateRisk: true,
      unresolved: true,
    });
  });

  it('warns of a duplicate only when the create may have happened', () => {
    expect(judgeAttempt(attempt({ state: 'done', status: 400 }), 'Renewals', [], since)).toMatchObject({ kind: 'not-found', duplicateRisk: false });
    expect(judgeAttempt(attempt({ state: 'not-applied' }), 'Renewals', [], since)).toMatchObject({ kind: 'not-found', duplicateRisk: true, unresolved: false });
    expect(judgeAttempt(attempt({ state: 'in-flight' }), 'Renewals', [], since)).toEqual({ kind: 'in-flight' });
    expect(judgeAttempt(null, 'Renewals', [], since)).toEqual({ kind: 'never-sent' });
  });
});
