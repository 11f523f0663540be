// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pagination } from '@/components/ui/pagination';
import type { CallsPage } from '../api/calls-source';
import { parseCallsSearch } from '../model/search-params';
import { ListSource } from './list-source';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function page(totalElements: number, totalExact: boolean): CallsPage {
  return {
    content: [],
    page: 1,
    size: 50,
    totalElements,
    totalPages: Math.ceil(totalElements / 50),
    source: 'index',
    indexedAt: null,
    trimmed: 0,
    totalExact,
  };
}

function renderSource(p: CallsPage) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const search = parseCallsSearch({ status: 'COMPLETED' });
  return render(
    <QueryClientProvider client={client}>
      <ListSource page={p} refreshing={false} zone="UTC" search={search} displayZone="UTC" />
    </QueryClientProvider>,
  );
}

describe('the calls list count from the index', () => {
  it('reads "10,000+ calls" when the count stopped at its cap, and gives the exact count when asked', async () => {
    const fetchMock = vi.fn(async () => json({ ...page(123_456, true), content: [] }));
    vi.stubGlobal('fetch', fetchMock);
    renderSource(page(10_000, false));
    expect(screen.getByRole('status')).toHaveTextContent('10,000+ calls');
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Count all' }));
    expect(await screen.findByText('123,456 calls')).toHaveAttribute('role', 'status');
    const url = String((fetchMock.mock.calls[0] as unknown[])[0]);
    expect(url).toContain('exactTotal=true');
    expect(url).toContain('status=COMPLETED');
    expect(screen.queryByRole('button', { name: 'Count all' })).toBeNull();
  });

  it('reads an exact count as it is, with nothing to ask', () => {
    renderSource(page(9_999, true));
    expect(screen.getByRole('status')).toHaveTextContent(/^9,999 calls$/);
    expect(screen.queryByRole('button', { name: 'Count all' })).toBeNull();
  });

  it('has the pager say "of 10,000+" and leave the next page open', () => {
    render(<Pagination of={{ page: 200, size: 50, totalElements: 10_000, totalPages: 200 }} atLeast noun="calls" onChange={() => undefined} />);
    expect(screen.getByText('9951–10000 of 10000+ calls')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next page' })).not.toBeDisabled();
  });
});
