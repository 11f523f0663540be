/** The "?" sheet: every keyboard shortcut of the console, from the one list here. Loaded on first use. */
import { Dialog } from '@/components/ui/dialog';
import { modKey } from './keys';

interface Shortcut {
  keys: string[];
  what: string;
  /** Where it works, when not everywhere. */
  where?: string;
}

const shortcuts = (): Shortcut[] => [
  { keys: [modKey(), 'K'], what: 'Open the command palette: go to a call, a number, an agent, a campaign, a saved view; actions your role may use' },
  { keys: ['/'], what: "Move to this screen's search" },
  { keys: ['?'], what: 'Show these shortcuts' },
  { keys: ['Esc'], what: 'Close the palette or a dialog' },
  { keys: ['↑', '↓', 'Home', 'End'], what: 'Move between the rows of a table', where: 'Tables' },
  { keys: ['Enter'], what: 'Open the row that has the focus', where: 'Tables' },
  { keys: ['Space'], what: 'Show the call beside the list', where: 'Calls list' },
  { keys: ['j', 'k'], what: 'Move to the next or previous call, the panel following', where: 'Calls list' },
  { keys: ['o'], what: "Open the call's full review", where: 'Calls list' },
  { keys: ['Esc'], what: 'Close the call beside the list', where: 'Calls list' },
  { keys: ['N'], what: 'Mark the call reviewed and open the next one', where: 'QA review' },
];

export function ShortcutsSheet({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Keyboard shortcuts" description="None of them fires while you type in a field, but the palette's.">
      <table className="w-full text-sm">
        <caption className="sr-only">Keyboard shortcuts</caption>
        <thead>
          <tr>
            <th scope="col" className="py-1 text-left font-medium">
              Keys
            </th>
            <th scope="col" className="py-1 text-left font-medium">
              What they do
            </th>
          </tr>
        </thead>
        <tbody>
          {shortcuts().map((s) => (
            <tr key={s.what} className="border-t border-slate-200 align-top dark:border-slate-700">
              <td className="py-2 pr-4 whitespace-nowrap">
                {s.keys.map((k, i) => (
                  <span key={k}>
                    {i > 0 ? ' ' : ''}
                    <kbd className="rounded border border-slate-300 px-1.5 py-0.5 font-mono text-xs dark:border-slate-600">{k}</kbd>
                  </span>
                ))}
              </td>
              <td className="py-2">
                {s.what}
                {s.where ? <span className="text-slate-700 dark:text-slate-300"> ({s.where})</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}
