// @vitest-environment jsdom
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { CommandKeys } from './command-keys';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('CommandKeys', () => {
  // A CI run under load pressed Ctrl-K as soon as the palette's button showed, and nothing opened:
  // the key was listened for from a passive effect, a task after the commit that showed the button.
  it('listens for Ctrl-K from the commit that shows its button, before any later task', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    const pressed = new Promise<boolean>((resolve) => {
      // Called in the microtasks right after the commit that adds the button: a passive effect's
      // task has not run yet.
      const observer = new MutationObserver(() => {
        if (!container.querySelector('button')) return;
        observer.disconnect();
        const key = new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true, cancelable: true });
        window.dispatchEvent(key);
        resolve(key.defaultPrevented);
      });
      observer.observe(container, { childList: true, subtree: true });
    });
    root.render(<CommandKeys />); // a concurrent root's default update, outside act: effects run as React schedules them
    expect(await pressed).toBe(true);
    root.unmount();
  });
});
