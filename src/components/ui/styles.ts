/** Class strings shared by several primitives, so focus and surfaces look the same everywhere. */
export const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:focus-visible:outline-blue-400';

/**
 * A text control's surface, any height (a textarea grows with its rows). `cn` joins classes without
 * merging them, and the stylesheet puts `w-full` after every fixed width (`h-9` after `h-8`, `px-3`
 * after `px-2`): a control that overrides them says so with Tailwind's important mark (`w-20!`).
 */
export const controlSurface =
  'w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs placeholder:text-slate-500 ' +
  'disabled:cursor-not-allowed disabled:opacity-60 data-disabled:opacity-60 aria-invalid:border-red-600 data-invalid:border-red-600 ' +
  'dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 dark:aria-invalid:border-red-400 ' +
  focusRing;

export const controlBase = `h-9 ${controlSurface}`;

export const popupSurface =
  'rounded-md border border-slate-200 bg-white text-slate-900 shadow-lg outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';
