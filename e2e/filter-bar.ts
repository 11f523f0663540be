/**
 * Drives the calls list's filter bar (ADR 0051) by keyboard alone, so specs read
 * `await bar.set('Agent', 'Sales bot')`. A filter not set yet is added from "+ Add filter" (Enter,
 * arrows, Enter); a set one is opened from its chip (Enter); fields are reached with Tab and typed;
 * Apply is pressed with Enter. The transcript text is the bar's search box (Enter applies it).
 */
import type { Locator, Page } from '@playwright/test';
import { expect, tabTo } from './fixtures';

/** The "Add filter" menu's entries, in its order. */
export const FILTER_LABELS = [
  'Agent',
  'Phone',
  'Campaign',
  'Started',
  'Status',
  'Has recording',
  'Duration',
  'Classifier',
  'Extracted field',
  'Tag',
  'Answering machine',
  'Transferred',
  'Hung up within',
  'Flagged by',
  'Met outcome',
  'Transcript text',
] as const;
export type FilterLabel = (typeof FILTER_LABELS)[number];

/** What each filter is set to: text, an option's label, statuses' labels, or its fields by label. */
export type FilterValue = string | readonly string[] | Readonly<Record<string, string>>;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export class FilterBar {
  readonly group: Locator;
  readonly searchBox: Locator;
  constructor(readonly page: Page) {
    this.group = page.getByRole('group', { name: 'Filters' });
    this.searchBox = this.group.getByRole('searchbox', { name: 'Transcript text' });
  }

  /** A filter's chip (its popover's trigger): "Agent: Sales bot". */
  chip(label: FilterLabel): Locator {
    return this.group.getByRole('button', { name: new RegExp(`^${escape(label)}: `) });
  }

  /** The open popover's form. */
  popover(label: FilterLabel): Locator {
    return this.page.getByRole('form', { name: `Filter by ${label}` });
  }

  /** Waits for the bar (it loads after the rows). */
  async ready(): Promise<void> {
    await expect(this.group.getByRole('button', { name: /Add filter/ })).toBeVisible();
  }

  /** Opens a filter's popover by keyboard: from its chip when set, else from "+ Add filter". */
  async open(label: FilterLabel): Promise<Locator> {
    await this.ready();
    const form = this.popover(label);
    if (await form.isVisible()) return form;
    const chip = this.chip(label);
    if (await chip.count()) {
      await chip.focus();
      await this.page.keyboard.press('Enter');
    } else {
      const add = this.group.getByRole('button', { name: /Add filter/ });
      await add.focus();
      await this.page.keyboard.press('Enter');
      const item = this.page.getByRole('menuitem', { name: new RegExp(`^${escape(label)}`) });
      await expect(item).toBeVisible();
      for (let i = 0; i <= FILTER_LABELS.length; i += 1) {
        if (await item.evaluate((el) => el === document.activeElement || el.hasAttribute('data-highlighted'))) break;
        await this.page.keyboard.press('ArrowDown');
      }
      await this.page.keyboard.press('Enter');
    }
    await expect(form).toBeVisible();
    return form;
  }

  /** Sets (or changes) a filter and applies it (the URL follows once the rows are read). */
  async set(label: FilterLabel, value: FilterValue): Promise<void> {
    if (label === 'Transcript text') {
      await this.type(this.searchBox, String(value));
      await this.page.keyboard.press('Enter');
      return;
    }
    await this.fill(label, value);
    await this.apply(label);
    // Applied, the popover closes and gives the focus back to the chip. Waited for, so the next key
    // does not race that hand-back (a "Clear all" focused just before it got the chip's Enter, and
    // opened its popover again).
    await expect(this.popover(label)).toBeHidden();
  }

  /** Opens the popover and fills its fields, without applying. */
  async fill(label: FilterLabel, value: FilterValue): Promise<Locator> {
    const form = await this.open(label);
    if (label === 'Status') {
      const wanted = new Set(value as readonly string[]);
      for (const box of await form.getByRole('checkbox').all()) {
        const name = (await box.evaluate((el) => el.closest('label')?.textContent ?? '')).trim();
        if ((await box.isChecked()) !== wanted.has(name)) {
          await tabTo(this.page, box);
          await this.page.keyboard.press('Space');
        }
      }
      return form;
    }
    if (typeof value === 'string') {
      const control = form.getByLabel(SINGLE_FIELD[label] ?? label, { exact: true });
      await this.setControl(control, value);
      return form;
    }
    if (Array.isArray(value)) throw new Error(`${label} takes one value or named fields`);
    for (const [field, v] of Object.entries(value as Record<string, string>)) await this.setControl(form.getByLabel(field, { exact: true }), v);
    return form;
  }

  /** Presses the popover's Apply (Tab to it, Enter). */
  async apply(label: FilterLabel): Promise<void> {
    const form = this.popover(label);
    await tabTo(this.page, form.getByRole('button', { name: 'Apply' }));
    await this.page.keyboard.press('Enter');
  }

  /** Removes a filter with its chip's × (Tab from the chip, Enter). */
  async remove(label: FilterLabel): Promise<void> {
    if (label === 'Transcript text') {
      await this.type(this.searchBox, '');
      await this.page.keyboard.press('Enter');
      return;
    }
    const remove = this.group.getByRole('button', { name: `Remove filter ${label}` });
    await this.chip(label).focus();
    await this.page.keyboard.press('Tab');
    await expect(remove).toBeFocused();
    await this.page.keyboard.press('Enter');
    await expect(this.chip(label)).toHaveCount(0);
  }

  /** "Clear all", by keyboard. */
  async clearAll(): Promise<void> {
    const clear = this.group.getByRole('button', { name: 'Clear all' });
    await clear.focus();
    await expect(clear).toBeFocused();
    await this.page.keyboard.press('Enter');
  }

  /** Picks a date preset ("Last 7 days") in the Started popover. */
  async preset(name: string): Promise<void> {
    const form = await this.open('Started');
    await tabTo(this.page, form.getByRole('button', { name }));
    await this.page.keyboard.press('Enter');
  }

  /** Opens the saved views' popover. */
  async views(): Promise<Locator> {
    await this.ready();
    await this.group.getByRole('button', { name: /^Saved views/ }).focus();
    await this.page.keyboard.press('Enter');
    const nav = this.page.getByRole('navigation', { name: 'Saved views' });
    await expect(nav).toBeVisible();
    return nav;
  }

  private async setControl(control: Locator, value: string): Promise<void> {
    await tabTo(this.page, control);
    const tag = await control.evaluate((el) => `${el.tagName}:${(el as HTMLInputElement).type}`);
    if (tag.startsWith('SELECT')) {
      // A closed native select: the arrows move through its options, as a person would.
      const options = await control.locator('option').allTextContents();
      const target = options.findIndex((o) => o === value);
      if (target < 0) throw new Error(`no option "${value}" in ${options.join(', ')}`);
      const current = await control.evaluate((el) => (el as HTMLSelectElement).selectedIndex);
      const key = target > current ? 'ArrowDown' : 'ArrowUp';
      for (let i = 0; i < Math.abs(target - current); i += 1) await this.page.keyboard.press(key);
      await expect(control.locator('option:checked')).toHaveText(value);
    } else if (tag === 'INPUT:date') {
      // Typed as the date field reads it (en-US: month, day, year).
      const [y, m, d] = value.split('-');
      await this.page.keyboard.type(`${m}${d}${y}`);
      await expect(control).toHaveValue(value);
    } else {
      await this.type(control, value);
    }
  }

  /** Into a popover's field, reached by Tab; the search box (outside any popover) is focused as `/` does. */
  private async type(control: Locator, value: string): Promise<void> {
    if (control === this.searchBox) await control.focus();
    else await tabTo(this.page, control);
    await this.page.keyboard.press('ControlOrMeta+a');
    await this.page.keyboard.press('Backspace');
    if (value) await this.page.keyboard.type(value);
    await expect(control).toHaveValue(value);
  }
}

/** The field of a one-field filter, where its label differs from the filter's. */
const SINGLE_FIELD: Partial<Record<FilterLabel, string>> = {
  Campaign: 'Campaign name',
  'Hung up within': 'Hung up within (s of the answer)',
  'Flagged by': 'Flagged by (QA check or category)',
};

export const filterBar = (page: Page) => new FilterBar(page);
