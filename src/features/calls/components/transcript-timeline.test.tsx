// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render as renderBare, screen, within } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TranscriptEntry } from '@contract/schemas/transcript';
import { preferencesKeys } from '@/lib/time/display-zone';
import { toTimeline } from '../model/transcript';
import { TranscriptTimeline } from './transcript-timeline';

function entries(n: number): TranscriptEntry[] {
  const start = Date.parse('2026-01-01T10:00:00Z');
  return Array.from({ length: n }, (_, i) => ({
    action: i === 0 ? 'RING' : i % 2 ? 'AGENT_SPEAK' : 'HUMAN_SPEAK',
    actor: i === 0 ? 'UNKNOWN' : i % 2 ? 'AGENT' : 'HUMAN',
    message: `line ${i}`,
    time: new Date(start + i * 2000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
  }));
}

/** With the display zone already known (UTC), as under the signed-in layout. */
function render(ui: ReactElement) {
  const client = new QueryClient();
  client.setQueryData(preferencesKeys.all, { timeZone: 'UTC' });
  return renderBare(ui, { wrapper: ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider> });
}

afterEach(cleanup);

describe('TranscriptTimeline', () => {
  it('renders a short transcript whole, events apart from turns; a click seeks to the line', () => {
    const items = toTimeline(entries(6), '2026-01-01T10:00:00Z');
    const onSeek = vi.fn();
    render(<TranscriptTimeline items={items} activeIndex={3} onSeek={onSeek} playing={false} />);
    const list = screen.getByRole('list', { name: 'Transcript entries' });
    const lines = within(list).getAllByRole('button');
    expect(lines).toHaveLength(6);
    expect(lines[0]).toHaveAttribute('data-kind', 'event');
    // An event is named in words to a screen reader too (it heard "RING" before).
    expect(lines[0]).toHaveAccessibleName('0:00 Ring: line 0. Play from here.');
    expect(lines[3]).toHaveAttribute('aria-current', 'true');
    fireEvent.click(lines[4]!);
    expect(onSeek).toHaveBeenCalledWith(8);
  });

  it('finds text and counts the matches', () => {
    render(<TranscriptTimeline items={toTimeline(entries(30), '2026-01-01T10:00:00Z')} activeIndex={-1} playing={false} />);
    fireEvent.change(screen.getByLabelText('Find in transcript'), { target: { value: 'line 2' } });
    // line 2, line 20..29
    expect(screen.getByRole('status')).toHaveTextContent('11 matches');
  });

  it('keeps a 2,000-entry transcript to a window of rows in the DOM', () => {
    render(<TranscriptTimeline items={toTimeline(entries(2000), '2026-01-01T10:00:00Z')} activeIndex={-1} playing={false} />);
    const list = screen.getByRole('list', { name: 'Transcript entries' });
    expect(list.querySelectorAll('[data-action]').length).toBeLessThan(100);
    // ...while the scroll height stands for all of them (estimated row height × count).
    expect(list).toHaveStyle({ height: `${2000 * 56}px` });
    // A list of list items only, as assistive technology expects of an <ol>.
    expect([...list.children].map((c) => c.tagName)).toEqual(Array(list.children.length).fill('LI'));
  });
});
