/** Which column is the phone, which are tags, which become context variables (and by what name). */
import type { ColumnRole } from '@/lib/recipients';
import type { RecipientsDraft } from '../../model/wizard-draft';

const ROLE_LABELS: Record<ColumnRole, string> = {
  phone: 'Phone',
  tags: 'Segmentation tags',
  context: 'Context variable',
  ignore: 'Ignore',
};

export function ColumnMapping({ draft, onChange }: { draft: RecipientsDraft; onChange: (roles: ColumnRole[], keys: string[]) => void }) {
  const sample = draft.rows[0]?.cells ?? [];
  return (
    <fieldset className="mt-4">
      <legend className="font-medium">Columns</legend>
      <table className="mt-2 text-sm">
        <thead>
          <tr className="text-left">
            <th className="pr-4">Column</th>
            <th className="pr-4">First value</th>
            <th className="pr-4">Use as</th>
            <th>Variable name</th>
          </tr>
        </thead>
        <tbody>
          {draft.headers.map((h, i) => (
            <tr key={i}>
              <td className="pr-4">{h}</td>
              <td className="pr-4 font-mono">{sample[i]}</td>
              <td className="pr-4">
                <select
                  aria-label={`Use of column ${h}`}
                  value={draft.roles[i]}
                  onChange={(e) =>
                    onChange(
                      draft.roles.map((r, j) => (j === i ? (e.target.value as ColumnRole) : r)),
                      draft.keys,
                    )
                  }
                  className="h-8 rounded-md border border-slate-300 dark:border-slate-600 dark:bg-slate-900"
                >
                  {(Object.keys(ROLE_LABELS) as ColumnRole[]).map((r) => (
                    <option key={r} value={r}>
                      {ROLE_LABELS[r]}
                    </option>
                  ))}
                </select>
              </td>
              <td>
                {draft.roles[i] === 'context' ? (
                  <input
                    aria-label={`Variable name for column ${h}`}
                    defaultValue={draft.keys[i]}
                    onBlur={(e) =>
                      onChange(
                        draft.roles,
                        draft.keys.map((k, j) => (j === i ? e.target.value : k)),
                      )
                    }
                    className="h-8 rounded-md border border-slate-300 px-2 dark:border-slate-600 dark:bg-slate-900"
                  />
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </fieldset>
  );
}
