/** The colour of each status group in charts and legends (classes for light and dark). */
import type { StatusGroup } from '@contract/bff/index.plain';

export const GROUP_FILL: Record<StatusGroup, string> = {
  reached: 'fill-emerald-600 dark:fill-emerald-400',
  noAnswer: 'fill-amber-500 dark:fill-amber-300',
  failed: 'fill-red-600 dark:fill-red-400',
  canceled: 'fill-slate-400 dark:fill-slate-500',
  inProgress: 'fill-blue-600 dark:fill-blue-400',
};

export const GROUP_SWATCH: Record<StatusGroup, string> = {
  reached: 'bg-emerald-600 dark:bg-emerald-400',
  noAnswer: 'bg-amber-500 dark:bg-amber-300',
  failed: 'bg-red-600 dark:bg-red-400',
  canceled: 'bg-slate-400 dark:bg-slate-500',
  inProgress: 'bg-blue-600 dark:bg-blue-400',
};
