import { createContext } from 'react';

/**
 * What a `Field` tells a native control inside it (a `Select`), which is not a Base UI control and
 * so is not wired by Base UI's field: the control names its id (the label's `for`), and reads the
 * ids that describe it and whether it is invalid. Kept apart from field.tsx so a `Select` alone
 * loads no Base UI code.
 */
export interface FieldControl {
  setControlId: (id: string | null) => void;
  describedBy: string | undefined;
  invalid: boolean;
}

export const FieldControlContext = createContext<FieldControl | null>(null);
