/**
 * The rule that keeps the console's keyboard shortcuts from firing while someone types in a field,
 * and the "/" shortcut's target. Loaded after the first paint (command-keys.tsx); the list of
 * shortcuts is the sheet's (shortcuts-sheet.tsx).
 */

/** True when a key press belongs to the element (typing, choosing), not to a shortcut. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target.getAttribute('role') === 'combobox') return true;
  return target instanceof HTMLInputElement && !['radio', 'checkbox', 'button', 'submit', 'reset'].includes(target.type);
}

/** "⌘" on Apple systems, "Ctrl" elsewhere. */
export const modKey = (): string => (typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl');

/**
 * Moves the focus to the current screen's search field: one marked `data-page-search`, else a
 * search field, else the input of a search form, the first of them on screen (not in a closed
 * disclosure). False when the screen has none.
 */
export function focusPageSearch(root: ParentNode = document): boolean {
  const fields = [
    ...root.querySelectorAll<HTMLElement>('main [data-page-search]'),
    ...root.querySelectorAll<HTMLElement>('main input[type="search"], main [role="search"] input'),
  ];
  const field = fields.find((f) => f.getClientRects().length > 0);
  if (!field) return false;
  field.focus();
  if (field instanceof HTMLInputElement) field.select();
  return true;
}
