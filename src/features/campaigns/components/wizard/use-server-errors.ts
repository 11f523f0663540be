import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { StepFieldError } from '../../model/field-errors';

/** What every form step of the wizard takes: its values, where to report them, and the upstream's 400s for it. */
export interface StepProps<V> {
  values: V;
  onChange: (v: V) => void;
  onNext: () => void;
  onBack: () => void;
  serverErrors: StepFieldError[];
}

/**
 * The upstream's 400 messages for this step's fields. Kept beside the form's own errors (not set
 * into them): the step's schema would clear them on the next validation, though only the Voice
 * API knows the reason. A message goes away once its field is edited.
 */
export function useServerErrors<T extends FieldValues>(errors: readonly StepFieldError[], form: UseFormReturn<T>, prefix = '') {
  const { dirtyFields } = form.formState;
  void dirtyFields; // subscribes to dirtiness, read through getFieldState below
  return (field: string): string | undefined => {
    const hit = errors.find((e) => (prefix && e.field.startsWith(prefix) ? e.field.slice(prefix.length) : e.field) === field);
    if (!hit) return undefined;
    return form.getFieldState(field as Path<T>, form.formState).isDirty ? undefined : hit.message;
  };
}
