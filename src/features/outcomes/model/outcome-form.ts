/**
 * The outcome form's values (every field a string, as typed, so nothing is lost on an error) and
 * their body for the contract's OutcomeBody, which validates them (the one schema: no retyped limits).
 */
import type { ClauseKind, OutcomeBody } from '@contract/bff/outcomes';

export interface ClauseValues {
  kind: ClauseKind;
  statuses: string[];
  classifier: string;
  value: string;
  field: string;
  op: 'atLeast' | 'under';
  seconds: string;
  tag: string;
  event: 'answeringMachine' | 'transfer';
  happened: 'yes' | 'no';
}

export interface OutcomeFormValues {
  name: string;
  attach: 'agent' | 'campaign';
  agentId: string;
  campaignName: string;
  clauses: ClauseValues[];
}

export const emptyClause = (kind: ClauseKind = 'status'): ClauseValues => ({
  kind,
  statuses: kind === 'status' ? ['COMPLETED'] : [],
  classifier: '',
  value: '',
  field: '',
  op: 'atLeast',
  seconds: '30',
  tag: '',
  event: 'transfer',
  happened: 'yes',
});

export const OUTCOME_FORM_DEFAULTS: OutcomeFormValues = { name: '', attach: 'agent', agentId: '', campaignName: '', clauses: [emptyClause()] };

function clauseBody(c: ClauseValues): unknown {
  switch (c.kind) {
    case 'status':
      return { kind: c.kind, statuses: c.statuses };
    case 'classifier':
      return { kind: c.kind, classifier: c.classifier, value: c.value };
    case 'extracted':
      return c.value.trim() ? { kind: c.kind, field: c.field, value: c.value } : { kind: c.kind, field: c.field };
    case 'duration':
      return { kind: c.kind, op: c.op, seconds: c.seconds.trim() === '' ? undefined : c.seconds };
    case 'tag':
      return { kind: c.kind, tag: c.tag };
    case 'transcript':
      return { kind: c.kind, event: c.event, happened: c.happened === 'yes' };
  }
}

/** The body the form sends: only the attachment chosen, each clause with its own fields. */
export function outcomeInput(v: OutcomeFormValues): OutcomeBody {
  return {
    name: v.name,
    ...(v.attach === 'agent' ? { agentId: v.agentId || undefined } : { campaignName: v.campaignName }),
    clauses: v.clauses.map(clauseBody),
  } as OutcomeBody;
}
