import { describe, expect, it } from 'vitest';
import { snippetRuns } from './snippet';

describe('snippetRuns', () => {
  it('merges neighbours of the same kind and drops empty runs', () => {
    expect(
      snippetRuns([
        { text: 'I want to ', match: false },
        { text: '', match: true },
        { text: 'cancel', match: true },
        { text: ' ', match: true },
        { text: 'my subscription', match: true },
        { text: ' today', match: false },
      ]),
    ).toEqual([
      { text: 'I want to ', match: false },
      { text: 'cancel my subscription', match: true },
      { text: ' today', match: false },
    ]);
  });

  it('keeps markup-looking text as text (rendered as text nodes, never parsed)', () => {
    const runs = snippetRuns([{ text: '<img src=x onerror=alert(1)>', match: true }]);
    expect(runs).toEqual([{ text: '<img src=x onerror=alert(1)>', match: true }]);
  });

  it('cuts a long snippet around its first match, with ellipses', () => {
    const runs = snippetRuns(
      [
        { text: 'a'.repeat(300), match: false },
        { text: 'cancel', match: true },
        { text: 'b'.repeat(300), match: false },
      ],
      80,
    );
    expect(runs[0]).toEqual({ text: '…' + 'a'.repeat(20), match: false });
    expect(runs[1]).toEqual({ text: 'cancel', match: true });
    expect(runs[2]!.text.endsWith('…')).toBe(true);
    expect(runs.reduce((n, r) => n + r.text.length, 0)).toBeLessThanOrEqual(82);
  });

  it('leaves a short snippet whole', () => {
    expect(snippetRuns([{ text: 'hello', match: false }])).toEqual([{ text: 'hello', match: false }]);
  });
});
