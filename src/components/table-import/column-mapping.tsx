/**
 * What each column of an imported table is: one role per column from the caller's list, and a
 * name for the columns whose role takes one (recipients: context variables).
 */
import { Select } from '@/components/ui/select';

export interface RoleOption<R extends string> {
  value: R;
  label: string;
}

export interface ColumnMappingProps<R extends string> {
  headers: readonly string[];
  /** The first data row, shown beside each column. */
  sample: readonly string[];
  roles: readonly R[];
  keys: readonly string[];
  options: readonly RoleOption<R>[];
  /** The role whose columns are named (their header by default). */
  namedRole?: R;
  /** A role only one column may have: choosing it for one column gives the previous one `fallback`. */
  single?: { role: R; fallback: R };
  onChange: (roles: R[], keys: string[]) => void;
}

export function ColumnMapping<R extends string>({ headers, sample, roles, keys, options, namedRole, single, onChange }: ColumnMappingProps<R>) {
  const setRole = (i: number, role: R) =>
    onChange(
      roles.map((r, j) => (j === i ? role : single && role === single.role && r === single.role ? single.fallback : r)),
      [...keys],
    );
  return (
    <fieldset className="mt-4">
      <legend className="font-medium">Columns</legend>
      <table className="mt-2 text-sm">
        <thead>
          <tr className="text-left">
            <th className="pr-4">Column</th>
            <th className="pr-4">First value</th>
            <th className="pr-4">Use as</th>
            {namedRole ? <th>Variable name</th> : null}
          </tr>
        </thead>
        <tbody>
          {headers.map((h, i) => (
            <tr key={i}>
              <td className="pr-4">{h}</td>
              <td className="pr-4 font-mono">{sample[i]}</td>
              <td className="pr-4">
                <Select
                  aria-label={`Use of column ${h}`}
                  value={roles[i]}
                  onValueChange={(next) => setRole(i, next as R)}
                  options={options}
                  className="h-8! w-auto!"
                />
              </td>
              {namedRole ? (
                <td>
                  {roles[i] === namedRole ? (
                    <input
                      aria-label={`Variable name for column ${h}`}
                      defaultValue={keys[i]}
                      onBlur={(e) =>
                        onChange(
                          [...roles],
                          keys.map((k, j) => (j === i ? e.target.value : k)),
                        )
                      }
                      className="h-8 rounded-md border border-slate-300 px-2 dark:border-slate-600 dark:bg-slate-900"
                    />
                  ) : null}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </fieldset>
  );
}
