import { type Ref, type SelectHTMLAttributes, useContext, useId, useLayoutEffect } from 'react';
import { cn } from '@/lib/cn';
import { FieldControlContext } from './field-context';
import { controlBase } from './styles';

export interface SelectOption<V extends string = string> {
  value: V;
  label: string;
}

export type SelectProps<V extends string = string> = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children' | 'value' | 'defaultValue'> & {
  options: readonly SelectOption<V>[];
  /** Controlled use; leave out under react-hook-form's `register`, which passes name, onChange and ref. */
  value?: V;
  defaultValue?: V;
  /** The chosen value, for controlled use (`onChange` still gets the event). */
  onValueChange?: (value: V) => void;
  /** Shown while the value is none of the options (nothing chosen yet); the browser would show the first option instead. */
  placeholder?: string;
  ref?: Ref<HTMLSelectElement>;
};

/**
 * The one single-choice list of the console: a native `<select>` styled like the other controls.
 * Native, so it costs a first load next to nothing (Base UI's select weighed ~20 KB gzip), works
 * with every keyboard and screen reader as the platform does, and takes `register(...)` as it is.
 * Inside a `Field` it takes the field's label, description and error (FieldControlContext);
 * outside one, give it an `id` with a `<label htmlFor>`, or an `aria-label`. Use a sentinel value
 * such as '' or 'all' for "no filter".
 */
export function Select<V extends string = string>({
  options,
  className,
  onValueChange,
  onChange,
  placeholder = 'Choose…',
  id: idProp,
  ...props
}: SelectProps<V>) {
  const field = useContext(FieldControlContext);
  const ownId = useId();
  const id = idProp ?? ownId;
  useLayoutEffect(() => {
    if (!field) return;
    field.setControlId(id);
    return () => field.setControlId(null);
  }, [field, id]);
  return (
    <select
      id={id}
      aria-describedby={field?.describedBy}
      aria-invalid={field?.invalid || undefined}
      {...props}
      onChange={(event) => {
        onChange?.(event);
        onValueChange?.(event.target.value as V);
      }}
      className={cn(controlBase, 'pr-8', className)}
    >
      {props.value !== undefined && !options.some((o) => o.value === props.value) ? (
        <option value={props.value} disabled>
          {placeholder}
        </option>
      ) : null}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
