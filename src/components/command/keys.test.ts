// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { focusPageSearch, isTyping } from './keys';

describe('isTyping', () => {
  it('is true in text fields, text areas, selects, comboboxes and editable content; false elsewhere', () => {
    const text = document.createElement('input');
    const box = document.createElement('input');
    box.type = 'checkbox';
    const combobox = document.createElement('div');
    combobox.setAttribute('role', 'combobox');
    const editable = document.createElement('div');
    editable.contentEditable = 'true';
    expect([text, document.createElement('textarea'), document.createElement('select'), combobox].map(isTyping)).toEqual([true, true, true, true]);
    expect(isTyping(box)).toBe(false);
    expect(isTyping(document.createElement('button'))).toBe(false);
    expect(isTyping(null)).toBe(false);
  });
});

describe('focusPageSearch', () => {
  it('prefers the marked field, skips fields not on screen, and says when there is none', () => {
    document.body.innerHTML = `<main>
      <details><summary>More</summary><input type="search" id="hidden" /></details>
      <input id="marked" data-page-search />
    </main>`;
    // jsdom lays nothing out: say which fields are on screen.
    const onScreen = new Set(['marked']);
    for (const el of document.querySelectorAll('input'))
      el.getClientRects = () => (onScreen.has(el.id) ? ([{}] as unknown as DOMRectList) : ([] as unknown as DOMRectList));
    expect(focusPageSearch()).toBe(true);
    expect(document.activeElement?.id).toBe('marked');
    onScreen.clear();
    (document.activeElement as HTMLElement).blur();
    expect(focusPageSearch()).toBe(false);
    document.body.innerHTML = '<main><p>No search</p></main>';
    expect(focusPageSearch()).toBe(false);
  });
});
