/**
 * What was opened from the palette lately, newest first, in memory only (it may hold phone
 * numbers: nothing personal goes to browser storage); gone on reload or sign-out.
 */
export interface RecentItem {
  /** Unique per destination. */
  key: string;
  label: string;
  href: string;
}

const MAX = 6;
let items: RecentItem[] = [];

export function recentItems(): readonly RecentItem[] {
  return items;
}

export function remember(item: RecentItem): void {
  items = [item, ...items.filter((i) => i.key !== item.key)].slice(0, MAX);
}

export function forgetRecent(): void {
  items = [];
}
