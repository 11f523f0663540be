/**
 * The console's global keys, in the shell: ⌘K / Ctrl-K opens the command palette (even from a
 * field: it types nothing), "/" moves to the screen's search and "?" shows every shortcut (neither
 * while typing in a field). The shell loads this module after the first paint; the palette and
 * the sheet are imported on first use, so their code (cmdk, the dialog) is never in a first load.
 * The button shows from xl up (narrower headers have no room; the keys work at every width).
 */
import { lazy, Suspense, useLayoutEffect, useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { focusPageSearch, isTyping, modKey } from './keys';

const CommandPalette = lazy(() => import('./command-palette').then((m) => ({ default: m.CommandPalette })));
const ShortcutsSheet = lazy(() => import('./shortcuts-sheet').then((m) => ({ default: m.ShortcutsSheet })));

type Open = 'palette' | 'shortcuts' | null;

export function CommandKeys() {
  const [open, setOpen] = useState<Open>(null);
  // Mounted once asked for, and kept: closing keeps the code and the state of the next opening quick.
  const [loaded, setLoaded] = useState<{ palette: boolean; shortcuts: boolean }>({ palette: false, shortcuts: false });
  const show = (what: Exclude<Open, null>) => {
    setLoaded((l) => (l[what] ? l : { ...l, [what]: true }));
    setOpen(what);
  };

  // Listening from the commit that shows the button (a layout effect), not from a later task (a
  // passive effect): a key pressed once the button showed was lost on a loaded machine.
  useLayoutEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (e.defaultPrevented || e.altKey) return;
      if ((e.key === 'k' || e.key === 'K') && (e.metaKey || e.ctrlKey) && !e.shiftKey) {
        e.preventDefault();
        setLoaded((l) => (l.palette ? l : { ...l, palette: true }));
        setOpen((o) => (o === 'palette' ? null : 'palette'));
        return;
      }
      if (e.metaKey || e.ctrlKey || isTyping(e.target)) return;
      // Another dialog has the focus: its keys are its own.
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      if (e.key === '/') {
        if (focusPageSearch()) e.preventDefault();
      } else if (e.key === '?') {
        e.preventDefault();
        setLoaded((l) => (l.shortcuts ? l : { ...l, shortcuts: true }));
        setOpen('shortcuts');
      }
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const mod = modKey();
  return (
    <>
      {/* From xl up only, as its placeholder: `max-xl:hidden`, not `hidden xl:inline-flex`, which the
          button's own `inline-flex` overrode, so at 1024 it widened an admin's header past the screen. */}
      <button
        type="button"
        onClick={() => show('palette')}
        className={buttonClasses('ghost', 'sm', 'w-14 max-xl:hidden')}
        aria-keyshortcuts="Control+K Meta+K"
        title="Command palette"
      >
        <span className="sr-only">Command palette </span>
        <kbd className="font-sans">{mod === '⌘' ? '⌘K' : 'Ctrl K'}</kbd>
      </button>
      <Suspense fallback={null}>
        {loaded.palette ? <CommandPalette open={open === 'palette'} onOpenChange={(next) => setOpen(next ? 'palette' : null)} /> : null}
        {loaded.shortcuts ? <ShortcutsSheet open={open === 'shortcuts'} onOpenChange={(next) => setOpen(next ? 'shortcuts' : null)} /> : null}
      </Suspense>
    </>
  );
}
