import { describe, expect, it } from 'vitest';
import { OutcomeBody } from '@contract/bff/outcomes';
import { emptyClause, OUTCOME_FORM_DEFAULTS, outcomeInput } from './outcome-form';

describe('outcomeInput', () => {
  it('sends only the attachment chosen and each clause with its own fields', () => {
    const body = outcomeInput({
      ...OUTCOME_FORM_DEFAULTS,
      name: 'booked',
      attach: 'campaign',
      agentId: 'ignored',
      campaignName: 'Spring',
      clauses: [
        emptyClause('status'),
        { ...emptyClause('classifier'), classifier: 'intent', value: 'yes' },
        { ...emptyClause('extracted'), field: 'appointment.date' },
        { ...emptyClause('transcript'), event: 'answeringMachine', happened: 'no' },
      ],
    });
    expect(body).toEqual({
      name: 'booked',
      campaignName: 'Spring',
      clauses: [
        { kind: 'status', statuses: ['COMPLETED'] },
        { kind: 'classifier', classifier: 'intent', value: 'yes' },
        { kind: 'extracted', field: 'appointment.date' },
        { kind: 'transcript', event: 'answeringMachine', happened: false },
      ],
    });
    expect(OutcomeBody.safeParse(body).success).toBe(true);
  });

  it('leaves the messages to the contract: per field, in words', () => {
    const result = OutcomeBody.safeParse(
      outcomeInput({
        ...OUTCOME_FORM_DEFAULTS,
        clauses: [
          { ...emptyClause('duration'), seconds: '-1' },
          { ...emptyClause('status'), statuses: [] },
        ],
      }),
    );
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toMatchObject({
      name: 'Enter a name.',
      agentId: 'Attach the outcome to an agent or to a campaign.',
      'clauses.0.seconds': 'Enter 0 seconds or more.',
      'clauses.1.statuses': 'Choose at least one status.',
    });
  });
});
