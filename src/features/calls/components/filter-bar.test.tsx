// @vitest-environment jsdom
/**
 * The bar's transcript box and the URL: another hand's change of the text (a link, a saved view)
 * is followed, but the box's own Enter coming back through the URL after the person has gone on
 * typing does not undo what they typed (a CI run saw the next text's first character lost).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallsSearch } from '../model/search-params';
import { FilterBar } from './filter-bar';

vi.mock('@/lib/api-client', async (original) => ({ ...((await original()) as object), bffRequest: vi.fn(() => new Promise(() => undefined)) }));

afterEach(cleanup);

function renderBar(search: CallsSearch, onApply = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const bar = (s: CallsSearch) => (
    <QueryClientProvider client={client}>
      <FilterBar search={s} agents={[]} zone="UTC" onApply={onApply} onClear={() => undefined} />
    </QueryClientProvider>
  );
  const view = render(bar(search));
  return { onApply, rerender: (s: CallsSearch) => view.rerender(bar(s)) };
}

const box = () => screen.getByRole('searchbox', { name: 'Transcript text' });

describe('the transcript box', () => {
  it('keeps what is being typed when its own Enter comes back through the URL late', async () => {
    const { onApply, rerender } = renderBar({} as CallsSearch);
    fireEvent.change(box(), { target: { value: 'refund' } });
    fireEvent.submit(box().closest('form')!);
    await waitFor(() => expect(onApply).toHaveBeenCalledTimes(1));
    // The person goes on typing before the list has rendered the URL that Enter made.
    fireEvent.change(box(), { target: { value: '"cancel' } });
    rerender({ q: 'refund' } as CallsSearch);
    expect(box()).toHaveProperty('value', '"cancel');
  });

  it('follows a text that another hand puts in the URL, and one taken away', () => {
    const { rerender } = renderBar({} as CallsSearch);
    rerender({ q: 'from a saved view' } as CallsSearch);
    expect(box()).toHaveProperty('value', 'from a saved view');
    rerender({} as CallsSearch);
    expect(box()).toHaveProperty('value', '');
  });
});
