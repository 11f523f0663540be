/**
 * Upstream 400s name fields by path (`recipients[12].phone`, `timeSlots[1].startTime`); the wizard
 * shows each on its step and field. Paths are turned into react-hook-form paths on the step's form.
 */
import type { ValidationError } from '@contract/schemas/error';
import type { WizardStep } from './step-schemas';

const STEP_OF_FIELD: Record<string, WizardStep> = {
  name: 'basics',
  agentId: 'basics',
  timezone: 'basics',
  startDate: 'schedule',
  days: 'schedule',
  timeSlots: 'schedule',
  batchSize: 'schedule',
  retry: 'retry',
  recipients: 'recipients',
};

export interface StepFieldError {
  step: WizardStep;
  /** Dotted form path, e.g. `timeSlots.1.startTime`; for recipients the field inside the row. */
  field: string;
  /** For recipients: the 1-based position in the submitted list. */
  row?: number;
  message: string;
}

/** `recipients[12].phone` → ['recipients', 12, 'phone']. */
export function parseFieldPath(path: string): (string | number)[] {
  const parts: (string | number)[] = [];
  for (const m of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    if (m[2] !== undefined) parts.push(Number(m[2]));
    else if (m[1] !== undefined) parts.push(/^\d+$/.test(m[1]) ? Number(m[1]) : m[1]);
  }
  return parts;
}

export function mapFieldError(error: Pick<ValidationError, 'field' | 'message'>): StepFieldError {
  const parts = parseFieldPath(error.field);
  const head = typeof parts[0] === 'string' ? parts[0] : '';
  const step = STEP_OF_FIELD[head] ?? 'review';
  if (step === 'recipients' && typeof parts[1] === 'number') {
    return {
      step,
      field: parts.slice(2).join('.') || 'phone',
      row: parts[1] + 1,
      message: error.message,
    };
  }
  return { step, field: parts.join('.'), message: error.message };
}

/** All errors grouped by step, in step order of appearance. */
export function mapFieldErrors(errors: readonly Pick<ValidationError, 'field' | 'message'>[]): StepFieldError[] {
  return errors.map(mapFieldError);
}
