import { useEffect } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { StepFieldError } from '../../model/field-errors';

/** Puts the upstream's 400 field errors for this step onto the step's fields once shown. */
export function useServerErrors<T extends FieldValues>(errors: readonly StepFieldError[], setError: UseFormSetError<T>, prefix = '') {
  useEffect(() => {
    for (const e of errors) {
      const field = prefix && e.field.startsWith(prefix) ? e.field.slice(prefix.length) : e.field;
      setError((field || 'root.server') as Path<T>, { type: 'server', message: e.message }, { shouldFocus: true });
    }
  }, [errors, setError, prefix]);
}
