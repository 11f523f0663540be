/**
 * Extracted data as a collapsible tree: groups and arrays fold (native <details>, so the keyboard
 * and screen readers know them), each leaf value can be copied.
 */
import type { JsonValue } from '@contract/json';
import { CopyButton } from '@/components/ui/copy-button';

export function ExtractedDataTree({ data, label }: { data: Record<string, JsonValue>; label: string }) {
  const keys = Object.keys(data);
  if (keys.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">Nothing was extracted.</p>;
  return (
    <ul aria-label={label} className="flex flex-col gap-1 text-sm">
      {keys.map((k) => (
        <Node key={k} name={k} value={data[k] ?? null} />
      ))}
    </ul>
  );
}

function Node({ name, value }: { name: string; value: JsonValue }) {
  if (value !== null && typeof value === 'object') {
    const entries: [string, JsonValue][] = Array.isArray(value) ? value.map((v, i) => [String(i + 1), v]) : Object.entries(value);
    return (
      <li>
        <details className="group">
          <summary className="cursor-pointer rounded font-medium select-none">
            {name}{' '}
            <span className="text-xs font-normal text-slate-600 dark:text-slate-400">
              ({Array.isArray(value) ? `${entries.length} items` : `${entries.length} fields`})
            </span>
          </summary>
          <ul className="ml-4 flex flex-col gap-1 border-l border-slate-200 pl-3 dark:border-slate-700">
            {entries.length === 0 ? (
              <li className="text-slate-600 dark:text-slate-400">Empty</li>
            ) : (
              entries.map(([k, v]) => <Node key={k} name={k} value={v} />)
            )}
          </ul>
        </details>
      </li>
    );
  }
  const text = value === null ? '' : String(value);
  return (
    <li className="flex flex-wrap items-center gap-2">
      <span className="text-slate-700 dark:text-slate-300">{name}:</span>
      {value === null ? <span className="text-slate-500">empty</span> : <CopyButton value={text} label={`${name}: ${text}`} />}
    </li>
  );
}
